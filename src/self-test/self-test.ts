/**
 * The self-test's chunk (dist/fray-self-test.mjs): loaded by a dynamic import only when a GM starts "Check Fray in
 * this world" (src/applications/self-test/) or a GM's client tells this player's client to play its part.
 */
export { runCheck, type RunOptions } from "./run";
export { followInstruction, PlayerClient } from "./relay";
export { checkWindowsWith, type WindowCheck } from "./gestures";
export { reportText, counts, familyName, type CheckReport } from "./report";
