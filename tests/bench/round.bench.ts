/**
 * One whole round for 10, 100 and 1,000 combatants in each family — every event the tracker would send,
 * folded by `reduceAll` — beside a plain initiative sort of the same combatants (the floor). A last block
 * times the same rounds sent one event at a time through `reduce` (what the Foundry layer pays per click;
 * it copies the combatant list once per event, so it is kept apart: its garbage would disturb the pairs).
 * Run: npx vitest bench --run --project rules tests/bench
 */
import { bench, describe } from "vitest";
import { FAMILY_IDS } from "../../src/rules/families/ids";
import { reduce, reduceAll } from "../../src/rules/turns/round-engine";
import { plainSort, roundFixture } from "./round-fixtures";

const cases = [
  ...FAMILY_IDS.map((family) => ({ family, heavy: false, label: family })),
  // Every phased-round fighter moves before it melees: the most declarations a round can carry.
  { family: "phased-round" as const, heavy: true, label: "phased-round (every fighter moves)" },
];
const SIZES = [10, 100, 1000];

for (const { family, heavy, label } of cases) {
  for (const n of SIZES) {
    const { structure, before, round, rows } = roundFixture(family, n, { heavy });
    describe(`${label} × ${n}`, () => {
      bench("plain initiative sort (floor)", () => {
        plainSort(rows);
      });
      bench(`whole round, reduceAll (${round.length} events)`, () => {
        const out = reduceAll(structure, before, round);
        if (!out.ok) throw new Error(out.reason);
      });
    });
  }
}

describe("one event at a time (reduce per event)", () => {
  for (const { family, heavy, label } of cases) {
    for (const n of SIZES) {
      const { structure, before, round } = roundFixture(family, n, { heavy });
      bench(
        `${label} × ${n}: whole round, ${round.length} × reduce`,
        () => {
          let state = before;
          for (const event of round) {
            const out = reduce(structure, state, event);
            if (!out.ok) throw new Error(out.reason);
            state = out.value;
          }
        },
        { iterations: n >= 1000 ? 5 : 30, time: n >= 1000 ? 100 : 300 },
      );
    }
  }
});
