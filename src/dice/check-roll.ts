/**
 * The Roll of a check card (FS-D1/FS-D2 challenge rolls, AD roll-under checks, and what a check's consequence
 * rolls: FS-MT9 fall damage). A real Foundry Roll, so Dice So Nice and roll modes work; it must be listed in
 * `CONFIG.Dice.rolls` or a check card cannot rebuild it after a reload.
 */
export class CheckRoll extends Roll {}

/** Adds the check Roll class to `CONFIG.Dice.rolls`, once. */
export function registerCheckRoll(): void {
  const rolls = CONFIG.Dice.rolls;
  if (!rolls.includes(CheckRoll)) rolls.push(CheckRoll);
}
