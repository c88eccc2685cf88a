/**
 * Repairs a stored number before the schema validates it (used by `migrateData`): a value that is not
 * a finite number becomes the field's initial value, a fractional value in a whole-number field is
 * rounded, and a value out of bounds is clamped. So old or hand-edited data never loads as NaN.
 */
export interface NumberRules {
  readonly initial: number | null;
  readonly nullable: boolean;
  readonly integer: boolean;
  readonly min?: number | undefined;
  readonly max?: number | undefined;
}

export function repairNumber(value: unknown, rules: NumberRules): number | null {
  if (value === null || value === undefined || value === "") {
    return rules.nullable ? null : rules.initial;
  }
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return rules.nullable ? null : rules.initial;
  let repaired = rules.integer ? Math.round(n) : n;
  if (rules.min !== undefined) repaired = Math.max(rules.min, repaired);
  if (rules.max !== undefined) repaired = Math.min(rules.max, repaired);
  return repaired;
}
