/** Shapes accepted as damage formulas: terms like 2d6, d8, 3, 3d6kh2, joined by + or −. Empty is allowed. */
const TERM = String.raw`(\d*d\d+(k[hl]\d*)?|\d+)`;
const FORMULA = new RegExp(String.raw`^[+-]?\s*${TERM}(\s*[+-]\s*${TERM})*$`, "i");

export function isDiceFormula(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === "" || FORMULA.test(trimmed);
}
