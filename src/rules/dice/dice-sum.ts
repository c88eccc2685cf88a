/** The distribution of NdM: the sum of `count` dice with `sides` faces (3d6 for active-defense-3d6 AD-A1). */
import { addDistributions, constant, die, type Distribution } from "./distribution";

export function sumOfDice(count: number, sides: number): Distribution {
  // Stryker disable next-line StringLiteral: the text of a programmer-error RangeError, never shown to a user
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`dice count must be ≥ 0: ${count}`);
  let result = constant(0);
  const one = die(sides);
  for (let i = 0; i < count; i += 1) result = addDistributions(result, one);
  return result;
}
