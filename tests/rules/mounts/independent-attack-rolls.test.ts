import { describe, expect, it } from "vitest";
import { independentAttackRoll } from "../../../src/rules/families/fast-slow/independent-attack-rolls";
import type { MountPair } from "../../../src/rules/families/fast-slow/mounts";

const pair: MountPair = { riderId: "knight", mountId: "horse" };

describe("fast-slow independent attack rolls (FS-MT4)", () => {
  it("FS-MT4 only the rider or its mount rolls in the pair's independent attack, not a bystander", () => {
    const record = { round: 2, rolled: ["knight"] };
    expect(independentAttackRoll([pair], record, "squire", 2)).toEqual({ ok: false, reason: "notRiding" });
    expect(independentAttackRoll([pair], null, "squire", 2)).toEqual({ ok: false, reason: "notRiding" });
  });

  it("FS-MT4 a pair that already attacked independently this round cannot start another", () => {
    const used: MountPair = { ...pair, independentAttackRound: 2 };
    expect(independentAttackRoll([used], null, "horse", 2)).toEqual({
      ok: false,
      reason: "independentAttackUsed",
    });
    expect(independentAttackRoll([used], null, "horse", 3)).toEqual({
      ok: true,
      value: { banes: 2, record: { round: 3, rolled: ["horse"] } },
    });
  });
});
