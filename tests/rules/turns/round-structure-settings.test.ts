/**
 * The world settings the digests mark "convention" reach the round structure of their family: CD-I3
 * `cdInitiativeTies`, OD-I3 `odInitiativeTies`, OD-I4/OD-A3 `odCriticalOn`; unset, each family's default.
 */
import { describe, expect, it } from "vitest";
import { roundStructureFor } from "../../../src/rules/families/round-structures";

describe("round structures from the world settings", () => {
  it("CD-I3 ties go to the higher Dexterity by default, or to a roll-off when the world says so", () => {
    const byDexterity = roundStructureFor("classic-d20");
    expect(byDexterity.readInitiative({ total: 14, dexterity: 3 })).toEqual({
      ok: true,
      value: { tieKeys: [3], critical: false },
    });
    expect(byDexterity.readInitiative({ total: 14 })).toEqual({ ok: false, reason: "dexterityMissing" });
    const rollOff = roundStructureFor("classic-d20", { cdInitiativeTies: "rolloff" });
    expect(rollOff.readInitiative({ total: 14 })).toEqual({
      ok: true,
      value: { tieKeys: [], critical: false },
    });
  });

  it("OD-I3 ties at random by default, by Initiative, or by the GM; OD-I4/OD-A3 a natural 20 flags a Critical (a setting)", () => {
    const byDefault = roundStructureFor("opposed-d20");
    expect(byDefault.ties).toBe("rollOff");
    expect(byDefault.readInitiative({ total: 25, natural: 20, initiativeStat: 4 })).toEqual({
      ok: true,
      value: { tieKeys: [], critical: true },
    });
    expect(byDefault.readInitiative({ total: 24, natural: 19 })).toEqual({
      ok: true,
      value: { tieKeys: [], critical: false },
    });
    const byStat = roundStructureFor("opposed-d20", { odInitiativeTies: "initiative" });
    expect(byStat.readInitiative({ total: 12, natural: 8, initiativeStat: 4 })).toEqual({
      ok: true,
      value: { tieKeys: [4], critical: false },
    });
    expect(roundStructureFor("opposed-d20", { odInitiativeTies: "manual" }).ties).toBe("manual");
    // OD-A3 "by setting": a world that makes 19 a Critical.
    const wide = roundStructureFor("opposed-d20", { odCriticalOn: 19 });
    expect(wide.readInitiative({ total: 24, natural: 19 })).toEqual({
      ok: true,
      value: { tieKeys: [], critical: true },
    });
  });
});
