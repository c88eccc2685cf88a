import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fastSlowAttackBoons, resolveFastSlowAttack } from "../../../src/rules/families/fast-slow/attack";

const en = JSON.parse(readFileSync(join(__dirname, "../../../lang/en.json"), "utf8")) as {
  FRAY: { Attack: { Source: Record<string, string> } };
};

describe("fast-slow attack: where its boons and banes come from (FS-A5, FS-A9, FS-MT4)", () => {
  it("FS-A9 FS-MT4 each boon or bane is listed under a source the card can name", () => {
    const tally = fastSlowAttackBoons({
      modifier: 0,
      against: "defense",
      targetValue: 12,
      targetDefending: true,
      attackerHidden: true,
      targetHidden: true,
      mountedIndependent: true,
    });
    expect(tally.sources).toEqual([
      { source: "defend", boons: 0, banes: 1 },
      { source: "hidden", boons: 1, banes: 0 },
      { source: "guessPosition", boons: 0, banes: 3 },
      { source: "mountedIndependent", boons: 0, banes: 2 },
    ]);
    for (const { source } of tally.sources) expect(en.FRAY.Attack.Source[source]).toBeTruthy();
  });

  it("FS-D1 the attack's d20 shows 1–20: a 0, a 21 or a fraction is refused", () => {
    const situation = { modifier: 0, against: "defense", targetValue: 10 } as const;
    expect(resolveFastSlowAttack(situation, { d20: 20, boonDice: [] }).hit).toBe(true);
    for (const d20 of [0, 21, 7.5]) {
      expect(() => resolveFastSlowAttack(situation, { d20, boonDice: [] })).toThrow(RangeError);
    }
  });
});
