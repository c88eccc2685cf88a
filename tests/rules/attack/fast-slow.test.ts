import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  fastSlowAttackBoons,
  fastSlowAttackFormula,
  resolveFastSlowAttack,
  type FastSlowAttackSituation,
} from "../../../src/rules/families/fast-slow/attack";
import {
  defendAttackBane,
  defendResistBoon,
  defendState,
  endDefendIfUnableToAct,
  isDefending,
} from "../../../src/rules/families/fast-slow/defend";
import { fastSlowLegalDefenses } from "../../../src/rules/families/fast-slow/defenses";
import { splitAtRoundEnd, splitAtTurnStart } from "../../../src/rules/turns/timed-states";

const sword: FastSlowAttackSituation = { modifier: 2, against: "defense", targetValue: 15 };

describe("fast-slow attacks", () => {
  it("FS-D1 1d20 + the attribute modifier; boons and banes cancel one for one", () => {
    const s: FastSlowAttackSituation = {
      ...sword,
      targetDefending: true,
      extra: [{ source: "help", boons: 2, banes: 0 }],
    };
    expect(fastSlowAttackBoons(s)).toMatchObject({ boons: 2, banes: 1, net: 1 });
    expect(fastSlowAttackFormula(s)).toBe("1d20 + 2 + 1d6");
    expect(resolveFastSlowAttack(s, { d20: 9, boonDice: [4] })).toMatchObject({ boonValue: 4, total: 15 });
  });

  it("FS-D1 the highest boon die is added, the highest bane die subtracted", () => {
    const boons = { ...sword, extra: [{ source: "situational", boons: 3, banes: 0 }] };
    const banes = { ...sword, extra: [{ source: "situational", boons: 0, banes: 3 }] };
    expect(resolveFastSlowAttack(boons, { d20: 10, boonDice: [2, 5, 3] }).total).toBe(17);
    expect(resolveFastSlowAttack(banes, { d20: 10, boonDice: [2, 5, 3] }).total).toBe(7);
    expect(fastSlowAttackFormula(banes, 8)).toBe("1d20 + 2 - 3d8kh");
    expect(() => resolveFastSlowAttack(boons, { d20: 10, boonDice: [2] })).toThrow(RangeError);
  });

  it("FS-D2 an attack hits when the total reaches the target's Defense", () => {
    expect(resolveFastSlowAttack(sword, { d20: 13, boonDice: [] })).toMatchObject({
      total: 15,
      hit: true,
      margin: 0,
      outcome: "hit",
    });
    expect(resolveFastSlowAttack(sword, { d20: 12, boonDice: [] })).toMatchObject({
      hit: false,
      outcome: "miss",
    });
  });

  it("FS-D2/FS-A1 an attack spell against the attribute it names (Will) uses that score", () => {
    const spell: FastSlowAttackSituation = { modifier: 1, against: "will", targetValue: 11 };
    expect(resolveFastSlowAttack(spell, { d20: 10, boonDice: [] })).toMatchObject({
      against: "will",
      hit: true,
    });
    expect(resolveFastSlowAttack(spell, { d20: 9, boonDice: [] }).hit).toBe(false);
    expect(fastSlowLegalDefenses("will", 11)).toMatchObject({
      mode: "passive",
      options: [],
      passive: { labelKey: "FRAY.Defense.Target.will", value: 11 },
    });
  });

  it("FS-A5 attack rolls against a defending creature take 1 bane", () => {
    const s = { ...sword, targetDefending: true };
    expect(fastSlowAttackBoons(s)).toMatchObject({ net: -1, sources: [{ source: "defend", banes: 1 }] });
    expect(fastSlowAttackFormula(s)).toBe("1d20 + 2 - 1d6");
    expect(resolveFastSlowAttack(s, { d20: 14, boonDice: [2] })).toMatchObject({ total: 14, hit: false });
    expect(defendAttackBane(false)).toEqual([]);
  });

  it("FS-A5 a defending creature's rolls to resist attacks get 1 boon", () => {
    expect(defendResistBoon(true)).toEqual([{ source: "defend", boons: 1, banes: 0 }]);
    expect(defendResistBoon(false)).toEqual([]);
  });

  it("FS-A5 Defend lasts until the end of the round it was taken in", () => {
    const states = [defendState("ana", 3, "players")];
    expect(isDefending(states, "ana", true)).toBe(true);
    expect(isDefending(states, "bo", true)).toBe(false);
    expect(splitAtTurnStart(states, "ana").expired).toEqual([]);
    expect(splitAtRoundEnd(states, 2).expired).toEqual([]);
    expect(splitAtRoundEnd(states, 3).expired).toEqual(states);
  });

  it("FS-A5 Defend ends when the defender can no longer take actions", () => {
    const states = [defendState("ana", 3), defendState("bo", 3)];
    expect(isDefending(states, "ana", false)).toBe(false);
    const dazed = endDefendIfUnableToAct(states, "ana", false);
    expect(dazed.ended).toEqual([states[0]]);
    expect(isDefending(dazed.states, "ana", true)).toBe(false);
    expect(isDefending(dazed.states, "bo", true)).toBe(true);
    expect(endDefendIfUnableToAct(states, "ana", true).states).toEqual(states);
  });

  it("FS-A9 a hidden attacker gets 1 boon against Defense or Agility of a target that cannot see it", () => {
    expect(fastSlowAttackBoons({ ...sword, attackerHidden: true }).net).toBe(1);
    expect(fastSlowAttackBoons({ ...sword, against: "agility", attackerHidden: true }).net).toBe(1);
    expect(fastSlowAttackBoons({ ...sword, against: "strength", attackerHidden: true }).net).toBe(0);
    expect(fastSlowAttackBoons({ ...sword, attackerHidden: true, targetSeesAttacker: true }).net).toBe(0);
  });

  it("FS-A9 guessing a hidden target's position: 3 banes, and a hit only if the guess was right", () => {
    const s = { ...sword, targetHidden: true };
    expect(fastSlowAttackBoons(s)).toMatchObject({ banes: 3, net: -3 });
    expect(fastSlowAttackFormula(s)).toBe("1d20 + 2 - 3d6kh");
    const right = resolveFastSlowAttack(s, { d20: 20, boonDice: [1, 1, 2], guessCorrect: true });
    const wrong = resolveFastSlowAttack(s, { d20: 20, boonDice: [1, 1, 2], guessCorrect: false });
    expect(right).toMatchObject({ total: 20, hit: true, wrongGuess: false });
    expect(wrong).toMatchObject({ total: 20, reached: true, hit: false, wrongGuess: true });
    expect(resolveFastSlowAttack(s, { d20: 20, boonDice: [1, 1, 2] }).hit).toBe(false);
  });

  it("FS-A9 attacking reveals a Hidden attacker (whatever it attacks), and only a Hidden one", () => {
    const hidden = { ...sword, attackerHidden: true };
    expect(resolveFastSlowAttack(hidden, { d20: 10, boonDice: [4] })).toMatchObject({
      boonValue: 4,
      revealsAttacker: true,
    });
    const strength = { ...hidden, against: "strength" as const };
    expect(resolveFastSlowAttack(strength, { d20: 10, boonDice: [] }).revealsAttacker).toBe(true);
    expect(resolveFastSlowAttack(sword, { d20: 10, boonDice: [] }).revealsAttacker).toBe(false);
    const hiddenTarget = { ...sword, targetHidden: true };
    const guessed = resolveFastSlowAttack(hiddenTarget, { d20: 10, boonDice: [1, 2, 3], guessCorrect: true });
    expect(guessed.revealsAttacker).toBe(false);
  });

  it("FS-MT4 an independent rider or mount attack takes 2 banes", () => {
    const s = { ...sword, mountedIndependent: true };
    expect(fastSlowAttackBoons(s)).toMatchObject({ banes: 2, net: -2 });
    expect(fastSlowAttackFormula(s)).toBe("1d20 + 2 - 2d6kh");
  });

  it("FS-D1/FS-D2 the total is d20 + modifier ± the highest die, and hits exactly when it reaches the target", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -4, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 5, max: 25 }),
        (d20, modifier, boons, banes, pool, targetValue) => {
          const s: FastSlowAttackSituation = {
            modifier,
            against: "defense",
            targetValue,
            extra: [{ source: "situational", boons, banes }],
          };
          const net = boons - banes;
          const dice = pool.slice(0, Math.abs(net));
          const r = resolveFastSlowAttack(s, { d20, boonDice: dice });
          const extra = net === 0 ? 0 : Math.sign(net) * Math.max(...dice);
          expect(r.total).toBe(d20 + modifier + extra);
          expect(r.hit).toBe(r.total >= targetValue);
        },
      ),
      runs(1000),
    );
  });
});
