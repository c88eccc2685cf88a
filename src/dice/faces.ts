/**
 * What the rules need from an evaluated Roll: the faces of each die term, in formula order, every result
 * included (discarded ones too — FS-D1 keeps the highest boon die itself). The rules never see a Roll.
 */
export interface DiceFaces {
  readonly formula: string;
  readonly total: number;
  /** One array per die term: "1d20 + 2 - 3d6kh" → [[d20], [d6, d6, d6]]. */
  readonly terms: readonly (readonly number[])[];
}

export function diceFaces(roll: Roll): DiceFaces {
  const terms = roll.dice.map((die) => die.results.map((r) => r.result));
  return { formula: roll.formula, total: Number(roll.total ?? 0), terms };
}

/** Every face of every die term, flattened (3d6 → three faces). */
export function allFaces(faces: DiceFaces): number[] {
  return faces.terms.flat();
}
