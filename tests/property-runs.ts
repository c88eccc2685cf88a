// How many cases a fast-check property runs. In `npm test` each property runs the count its test asks for, with a
// fresh seed each time (so the suite keeps exploring). Under mutation testing (`npm run mutation`, which sets
// FRAY_MUTATION=1) every property runs with one fixed seed and at most MUTATION_RUNS cases: a mutant is then killed
// or not the same way on every rerun (the incremental report stays true), and a full run over src/rules fits in an
// hour on two cores. tests/mutation-setup.ts gives the same bound to properties that name no count.
export const MUTATION = process.env.FRAY_MUTATION === "1";
export const MUTATION_SEED = 20261201;
export const MUTATION_RUNS = 60;

export function runs(numRuns: number): { numRuns: number; seed?: number } {
  return MUTATION ? { numRuns: Math.min(numRuns, MUTATION_RUNS), seed: MUTATION_SEED } : { numRuns };
}
