/**
 * Casting a spell, family by family (rules/spells/casting.ts): FS-A1 an attack spell is an attack, FS-A2 any
 * other spell is cast with the action, AD-M6 a spell is cast by concentrating on it (or at once with its casting
 * roll when it needs none), PR-P1/PR-P2 a declared spell is cast in the spell resolution phase, CD-A6 casting is
 * a standard action, OD-R3 an active action; FS-A16 a spell is never an opportunity attack.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attackSpend, ATTACK_SPEND_REFUSALS } from "../../../src/rules/budget/attack-spend";
import { initialFastSlowBudget, type FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import { refusalKey } from "../../../src/rules/outcome";
import {
  castingKind,
  CASTING_REFUSALS,
  castSpend,
  phasedCastRefusal,
  spellFacts,
} from "../../../src/rules/spells/casting";
import type { PhasedSheet } from "../../../src/rules/turns/round-state";

const SHEET: PhasedSheet = {
  spell: null,
  missileA: null,
  missileB: null,
  movement: null,
  melee: null,
  spellOrientation: null,
  finalOrientation: null,
  unableToAct: false,
};

const onTurn: FastSlowBudget = {
  ...initialFastSlowBudget(),
  round: 1,
  turn: {
    kind: "slow",
    speed: 10,
    actionLeft: 1,
    actionUsedFor: null,
    moveLeft: 10,
    moveUsed: false,
    bonusMoveLeft: 0,
    bonusMoveMax: 0,
    bonusMoveFrom: null,
    minorLeft: 2,
    stopped: false,
    traversalPassed: false,
  },
};

describe("what casting a spell is", () => {
  it("FS-A1 FS-A2 in fast-slow a spell made against Defense or an attribute is an attack; with no roll it is cast", () => {
    expect(castingKind("fast-slow", { against: "defense", concentration: false }, true)).toBe("attack");
    expect(castingKind("fast-slow", { against: "will", concentration: true }, true)).toBe("attack");
    expect(castingKind("fast-slow", { against: "none", concentration: true }, true)).toBe("card");
    expect(castingKind("fast-slow", { against: "agility", concentration: false }, false)).toBe("attack");
  });

  it("AD-M6 in active-defense-3d6 one concentrates to cast; a spell needing none gets its casting roll at once", () => {
    expect(castingKind("active-defense-3d6", { against: "none", concentration: true }, true)).toBe(
      "concentrate",
    );
    expect(castingKind("active-defense-3d6", { against: "defense", concentration: false }, true)).toBe(
      "castingRoll",
    );
    // Outside a fight there are no turns to concentrate across: the casting roll alone.
    expect(castingKind("active-defense-3d6", { against: "none", concentration: true }, false)).toBe(
      "castingRoll",
    );
  });

  it("PR-P2 CD-A6 OD-R3 the other families roll nothing for a spell: the spell card, whatever it is made against", () => {
    for (const family of ["phased-round", "classic-d20", "opposed-d20"] as const)
      expect(castingKind(family, { against: "defense", concentration: true }, true)).toBe("card");
  });

  it("a spell's data reads as its facts; anything unknown reads as no roll and no concentration", () => {
    expect(spellFacts({ against: "perception", concentration: true })).toEqual({
      against: "perception",
      concentration: true,
    });
    expect(spellFacts({ against: "luck", concentration: "yes" })).toEqual({
      against: "none",
      concentration: false,
    });
    expect(spellFacts(null)).toEqual({ against: "none", concentration: false });
  });
});

describe("what casting spends", () => {
  it("FS-A2 the turn's action; FS-A10 out of the turn, the reaction to a prepared cast", () => {
    expect(castSpend({ family: "fast-slow", fastSlow: onTurn })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "cast" } },
    });
    const prepared: FastSlowBudget = {
      ...initialFastSlowBudget(),
      round: 1,
      prepared: { activity: "cast", trigger: "the door opens" },
    };
    expect(castSpend({ family: "fast-slow", fastSlow: prepared })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "reaction", kind: "prepared" } },
    });
    // Nothing prepared: the action, which the budget refuses out of the turn (notYourTurn, GM override).
    expect(castSpend({ family: "fast-slow", fastSlow: initialFastSlowBudget() })).toMatchObject({
      value: { event: { type: "activity", activity: "cast" } },
    });
  });

  it("CD-A6 a standard action; OD-R3 an active action; AD-M8 the turn's manoeuvre", () => {
    expect(castSpend({ family: "classic-d20" })).toMatchObject({
      value: { event: { type: "standard", kind: "cast" } },
    });
    expect(castSpend({ family: "opposed-d20" })).toMatchObject({
      value: { event: { type: "action", counter: "active" } },
    });
    expect(castSpend({ family: "active-defense-3d6" })).toMatchObject({
      value: { event: { type: "maneuver", maneuver: "other" } },
    });
  });

  it("PR-P1 PR-P2 a spell declared as cast is cast in the spell resolution phase, and nothing more is spent", () => {
    const cast = { ...SHEET, spell: "cast" as const };
    expect(castSpend({ family: "phased-round", phaseId: "spellResolution", sheet: cast })).toEqual({
      ok: true,
      value: { family: "phased-round", event: null },
    });
    expect(phasedCastRefusal("spellDeclaration", cast)).toMatchObject({ reason: "castInResolutionPhase" });
    expect(phasedCastRefusal("melee", cast)).toMatchObject({ reason: "castInResolutionPhase" });
    expect(phasedCastRefusal("spellResolution", SHEET)).toMatchObject({ reason: "castNotDeclared" });
    expect(phasedCastRefusal("spellResolution", null)).toMatchObject({ reason: "castNotDeclared" });
    expect(phasedCastRefusal("spellResolution", { ...SHEET, spell: "prepare" })).toMatchObject({
      reason: "castOnlyPrepared",
    });
  });

  it("PR-B2 the GM's override casts a spell out of its phase or undeclared", () => {
    expect(castSpend({ family: "phased-round", phaseId: "spellDeclaration", sheet: SHEET })).toMatchObject({
      ok: false,
      reason: "castNotDeclared",
    });
    expect(
      castSpend({ family: "phased-round", phaseId: "spellDeclaration", sheet: SHEET, override: true }),
    ).toEqual({ ok: true, value: { family: "phased-round", event: null } });
  });
});

describe("an attack spell's attack", () => {
  const base = { family: "fast-slow" as const, weaponId: "s", melee: false, bowOrCrossbow: false };

  it("FS-A1 on the caster's turn it spends the action, as any attack", () => {
    expect(attackSpend({ ...base, fastSlow: onTurn, spell: true })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "attack" } },
    });
  });

  it("FS-A16 out of the turn it is no opportunity attack (those are made with a weapon); the GM may force it", () => {
    const waiting = initialFastSlowBudget();
    expect(attackSpend({ ...base, fastSlow: waiting, spell: true })).toMatchObject({
      ok: false,
      reason: "spellNoOpportunity",
    });
    // A weapon's would be the opportunity attack.
    expect(attackSpend({ ...base, fastSlow: waiting })).toMatchObject({
      value: { event: { type: "reaction", kind: "opportunityAttack" } },
    });
    // Forced: the attack out of the turn, which spends nothing (the budget records the override).
    expect(attackSpend({ ...base, fastSlow: waiting, spell: true, override: true })).toEqual({
      ok: true,
      value: { family: "fast-slow", event: { type: "activity", activity: "attack", override: true } },
    });
  });

  it("FS-A10 out of the turn it is the reaction to a prepared attack or a prepared cast", () => {
    for (const activity of ["attack", "cast"] as const) {
      const prepared = { ...initialFastSlowBudget(), prepared: { activity, trigger: "it moves" } };
      expect(attackSpend({ ...base, fastSlow: prepared, spell: true })).toMatchObject({
        value: { event: { type: "reaction", kind: "prepared" } },
      });
    }
  });
});

describe("casting strings", () => {
  const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;

  function lookup(lang: string, key: string): unknown {
    const data = JSON.parse(readFileSync(join(process.cwd(), "lang", `${lang}.json`), "utf8")) as unknown;
    return key
      .split(".")
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
        data,
      );
  }

  it("PR-B2 every refusal of a cast has its message in five languages", () => {
    const keys = [...CASTING_REFUSALS, ...ATTACK_SPEND_REFUSALS].map(refusalKey);
    const missing = LANGUAGES.flatMap((l) =>
      keys.filter((k) => typeof lookup(l, k) !== "string" || lookup(l, k) === "").map((k) => `${l}:${k}`),
    );
    expect(missing).toEqual([]);
  });
});
