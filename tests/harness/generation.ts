/**
 * Which Foundry generation the harness imitates: 13 (the default) or 14, chosen per Vitest project
 * (`FRAY_HARNESS_GENERATION`, set by the `foundry-v14` and `smoke-v14` projects in vitest.config.ts). Every
 * v13/v14 difference the harness switches reads it here, and each has its row, with evidence, in
 * tests/harness/README.md ("Two generations").
 */
export type Generation = 13 | 14;

function read(): Generation {
  const raw = process.env.FRAY_HARNESS_GENERATION ?? "13";
  if (raw !== "13" && raw !== "14") throw new Error(`FRAY_HARNESS_GENERATION must be 13 or 14, not "${raw}"`);
  return Number(raw) as Generation;
}

export const GENERATION: Generation = read();

/** Whether the harness imitates v14. */
export const V14 = GENERATION === 14;

/** `game.release` as each generation's harness reports it (builds Fray's minimum and a current stable build). */
export const RELEASE = V14
  ? { generation: 14, version: "14.370", build: 370 }
  : { generation: 13, version: "13.350", build: 350 };
