// Set up by vitest.mutation.config.ts only: fast-check's global defaults under mutation testing (see property-runs.ts).
import fc from "fast-check";
import { MUTATION_RUNS, MUTATION_SEED } from "./property-runs";

fc.configureGlobal({ seed: MUTATION_SEED, numRuns: MUTATION_RUNS });
