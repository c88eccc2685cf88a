import { describe, expect, it } from "vitest";
import { tallyBoons } from "../../../src/rules/dice/boon-tally";

describe("FS-D1 where boons and banes come from", () => {
  it("FS-D1 a source that gives neither a boon nor a bane is not listed; one that gives only a boon or only a bane is", () => {
    const tally = tallyBoons([
      { source: "situational", boons: 0, banes: 0 },
      { source: "defend", boons: 0, banes: 1 },
      { source: "hidden", boons: 1, banes: 0 },
    ]);
    expect(tally.sources.map((s) => s.source)).toEqual(["defend", "hidden"]);
    expect(tally).toMatchObject({ boons: 1, banes: 1, net: 0 });
  });

  it("FS-D1 two boons and one bane net one boon", () => {
    const tally = tallyBoons([
      { source: "hidden", boons: 2, banes: 0 },
      { source: "defend", boons: 0, banes: 1 },
    ]);
    expect(tally).toMatchObject({ boons: 2, banes: 1, net: 1 });
    expect(tally.sources).toHaveLength(2);
  });
});
