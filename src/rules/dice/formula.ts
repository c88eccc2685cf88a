/**
 * Builders for Foundry Roll formula strings, so the chat layer rolls exactly the dice a rule expects
 * ("1d20 + 3 + 2d6kh", "3d6", "1d100"). Pure strings: nothing here evaluates a roll.
 */
import { boonTerm } from "./boons";

/** " + 3", " - 2", or "" for 0: a flat modifier appended to a formula. */
export function modifierTerm(modifier: number): string {
  if (!Number.isFinite(modifier) || modifier === 0) return "";
  // Stryker disable next-line EqualityOperator: modifier is never 0 here (returned above), so > 0 and >= 0 agree
  return modifier > 0 ? ` + ${modifier}` : ` - ${Math.abs(modifier)}`;
}

/** "1d20 + modifier" with the FS-D1 boon/bane pool: net > 0 adds the highest, net < 0 subtracts it. */
export function d20Formula(modifier: number, net = 0, boonDie = 6): string {
  return `1d20${modifierTerm(modifier)}${boonTerm(net, boonDie)}`;
}

/** "NdM + bonus" (e.g. "3d6", "2d6 + 1"); a zero count leaves the bonus alone ("4"). */
export function diceFormula(count: number, sides: number, bonus = 0): string {
  if (count <= 0) return String(bonus);
  return `${count}d${sides}${modifierTerm(bonus)}`;
}

/** A damage formula given by the item (e.g. "1d8") plus a flat bonus. */
export function plusBonus(formula: string, bonus: number): string {
  return `${formula}${modifierTerm(bonus)}`;
}
