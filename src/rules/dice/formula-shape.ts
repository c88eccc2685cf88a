/**
 * Shapes accepted as damage formulas: terms like 2d6, d8, 3, 3d6kh2, joined by + or −. Empty is allowed.
 *
 * A formula also has a size: the dice it rolls. A formula the GM's client rolls comes from an item a player owns
 * (issue 12: twenty 999-dice terms made the GM roll ~20,000 dice, animated on every client), so every formula is
 * held to `DICE_CAPS` — no weapon of the five families rolls near them.
 */
const TERM = /(\d*d\d+(k[hl]\d*)?|\d+)/.source;
const FORMULA = new RegExp(`^[+-]?\\s*${TERM}(\\s*[+-]\\s*${TERM})*$`, "i");

/** The most dice a formula may roll: per term, in all, the terms it has, the faces of a die, a constant. */
export const DICE_CAPS = {
  perTerm: 50,
  total: 100,
  terms: 20,
  faces: 1000,
  constant: 10_000,
} as const;

/** The dice and constants of a formula of the accepted shape; null for any other shape. */
export function formulaSize(
  value: string,
): { dice: number; largestTerm: number; terms: number; faces: number; constant: number } | null {
  const trimmed = value.trim();
  if (trimmed === "") return { dice: 0, largestTerm: 0, terms: 0, faces: 0, constant: 0 };
  if (!FORMULA.test(trimmed)) return null;
  let dice = 0;
  let largestTerm = 0;
  let terms = 0;
  let faces = 0;
  let constant = 0;
  for (const [term] of trimmed.matchAll(/\d*d\d+(?:k[hl]\d*)?|\d+/gi)) {
    terms++;
    // A term starts with its dice count, or with its d: no anchor is needed.
    const die = /(\d*)d(\d+)/i.exec(term);
    if (die) {
      const count = die[1] ? Number(die[1]) : 1;
      dice += count;
      largestTerm = Math.max(largestTerm, count);
      faces = Math.max(faces, Number(die[2]));
    } else constant = Math.max(constant, Number(term));
  }
  return { dice, largestTerm, terms, faces, constant };
}

/** True when the formula has the accepted shape and stays within `DICE_CAPS`. */
export function withinDiceCaps(value: string): boolean {
  const size = formulaSize(value);
  return (
    size !== null &&
    size.largestTerm <= DICE_CAPS.perTerm &&
    size.dice <= DICE_CAPS.total &&
    size.terms <= DICE_CAPS.terms &&
    size.faces <= DICE_CAPS.faces &&
    size.constant <= DICE_CAPS.constant
  );
}

export function isDiceFormula(value: string): boolean {
  return withinDiceCaps(value);
}
