import { describe, expect, it } from "vitest";
import { MAX_TEXT, spendEventFrom, withOverride } from "../../../src/rules/budget/spend-events";
import type { FamilyId } from "../../../src/rules/families/ids";

// A spend request is a player's untrusted JSON: the GM side rebuilds the family's event field by field. Each test
// gives the payload a client could send and the event the GM must build from it (or `invalidValue`).
const accepted = (family: FamilyId, payload: unknown) => {
  const out = spendEventFrom(family, payload);
  if (!out.ok) throw new Error(`refused ${JSON.stringify(payload)}: ${out.reason}`);
  expect(out.value.family).toBe(family);
  return out.value.event;
};
const refused = (family: FamilyId, payload: unknown) => {
  expect(spendEventFrom(family, payload)).toEqual({ ok: false, reason: "invalidValue" });
};

describe("the shape of a spend request", () => {
  it("anything but a plain object is refused in every family", () => {
    for (const family of ["fast-slow", "classic-d20", "opposed-d20", "active-defense-3d6"] as const) {
      for (const payload of [null, undefined, 0, 1, "attack", true, [], [{ type: "free" }]])
        refused(family, payload);
      refused(family, {});
      refused(family, { type: "nonsense" });
    }
  });

  it("PR-B2 phased-round declares in the tracker (the round engine checks it), never through a spend", () => {
    expect(spendEventFrom("phased-round", { type: "melee" })).toEqual({
      ok: false,
      reason: "declareInTracker",
    });
    for (const payload of [[], 3, "melee", null])
      expect(spendEventFrom("phased-round", payload)).toEqual({ ok: false, reason: "invalidValue" });
  });

  it("fields a client adds are dropped, override included; withOverride adds it only when the GM side allows", () => {
    const out = spendEventFrom("classic-d20", {
      type: "free",
      override: true,
      metres: 30,
      extra: "<script>",
    });
    expect(out).toEqual({ ok: true, value: { family: "classic-d20", event: { type: "free" } } });
    if (!out.ok) return;
    expect(withOverride(out.value, false)).toBe(out.value);
    expect(withOverride(out.value, true)).toEqual({
      family: "classic-d20",
      event: { type: "free", override: true },
    });
    expect(out.value.event).toEqual({ type: "free" });
  });
});

describe("fast-slow events", () => {
  it("FS-A1…FS-A15 an activity is one of the list; anything else is refused", () => {
    for (const activity of ["attack", "cast", "concentrate", "defend", "hide", "retreat", "rush", "useItem"])
      expect(accepted("fast-slow", { type: "activity", activity, weaponHasReload: true })).toEqual({
        type: "activity",
        activity,
      });
    refused("fast-slow", { type: "activity", activity: "fly" });
    refused("fast-slow", { type: "activity" });
  });

  it("FS-A11 reload: the weapon's reload property and the ammunition count only when exactly true", () => {
    expect(
      accepted("fast-slow", {
        type: "activity",
        activity: "reload",
        weaponHasReload: true,
        hasAmmunition: true,
      }),
    ).toEqual({ type: "activity", activity: "reload", weaponHasReload: true, hasAmmunition: true });
    expect(
      accepted("fast-slow", {
        type: "activity",
        activity: "reload",
        weaponHasReload: "yes",
        hasAmmunition: 1,
      }),
    ).toEqual({ type: "activity", activity: "reload", weaponHasReload: false, hasAmmunition: false });
    expect(accepted("fast-slow", { type: "activity", activity: "reload" })).toEqual({
      type: "activity",
      activity: "reload",
      weaponHasReload: false,
      hasAmmunition: false,
    });
  });

  it("FS-A10 prepare names a known activity and a trigger text, cut to MAX_TEXT characters", () => {
    const long = "x".repeat(MAX_TEXT + 50);
    expect(
      accepted("fast-slow", {
        type: "activity",
        activity: "prepare",
        prepared: { activity: "attack", trigger: long },
      }),
    ).toEqual({
      type: "activity",
      activity: "prepare",
      prepared: { activity: "attack", trigger: "x".repeat(MAX_TEXT) },
    });
    refused("fast-slow", { type: "activity", activity: "prepare" });
    refused("fast-slow", {
      type: "activity",
      activity: "prepare",
      prepared: { activity: "fly", trigger: "now" },
    });
    refused("fast-slow", {
      type: "activity",
      activity: "prepare",
      prepared: { activity: "attack", trigger: 3 },
    });
    refused("fast-slow", { type: "activity", activity: "prepare", prepared: { activity: "attack" } });
  });

  it("FS-M3 standing up uses the action or the move; dropping prone is free", () => {
    expect(accepted("fast-slow", { type: "standUp", using: "action" })).toEqual({
      type: "standUp",
      using: "action",
    });
    expect(accepted("fast-slow", { type: "standUp", using: "move" })).toEqual({
      type: "standUp",
      using: "move",
    });
    refused("fast-slow", { type: "standUp", using: "reaction" });
    refused("fast-slow", { type: "standUp" });
    expect(accepted("fast-slow", { type: "dropProne", using: "action" })).toEqual({ type: "dropProne" });
  });

  it("FS-A16/FS-A17 a reaction names its kind; a minor activity carries nothing", () => {
    for (const kind of ["opportunityAttack", "prepared", "other"])
      expect(accepted("fast-slow", { type: "reaction", kind })).toEqual({ type: "reaction", kind });
    refused("fast-slow", { type: "reaction", kind: "counterspell" });
    refused("fast-slow", { type: "reaction" });
    expect(accepted("fast-slow", { type: "minor", what: "door" })).toEqual({ type: "minor" });
  });

  it("events of another family are not fast-slow events", () => {
    refused("fast-slow", { type: "free" });
    refused("fast-slow", { type: "maneuver", maneuver: "move" });
  });
});

describe("classic-d20 events", () => {
  it("CD-A6 a standard action is an attack, a spell or another; without a kind it is another", () => {
    for (const kind of ["attack", "cast", "other"])
      expect(accepted("classic-d20", { type: "standard", kind })).toEqual({ type: "standard", kind });
    expect(accepted("classic-d20", { type: "standard" })).toEqual({ type: "standard", kind: "other" });
    refused("classic-d20", { type: "standard", kind: "fly" });
    refused("classic-d20", { type: "standard", kind: null });
  });

  it("CD-A2 a move action (or a move opened) takes the standard action's place only when asked with exactly true", () => {
    for (const type of ["moveAction", "openMove"]) {
      expect(accepted("classic-d20", { type, useStandard: true })).toEqual({ type, useStandard: true });
      expect(accepted("classic-d20", { type, useStandard: "true" })).toEqual({ type, useStandard: false });
      expect(accepted("classic-d20", { type })).toEqual({ type, useStandard: false });
    }
  });

  it("CD-A4/CD-A5 a full-round action allows the step unless it says false; it is a standard action only when it says true", () => {
    expect(accepted("classic-d20", { type: "fullRound" })).toEqual({
      type: "fullRound",
      allowsStep: true,
      canBeStandard: false,
    });
    expect(accepted("classic-d20", { type: "fullRound", allowsStep: false, canBeStandard: true })).toEqual({
      type: "fullRound",
      allowsStep: false,
      canBeStandard: true,
    });
    expect(accepted("classic-d20", { type: "fullRound", allowsStep: 0, canBeStandard: 1 })).toEqual({
      type: "fullRound",
      allowsStep: true,
      canBeStandard: false,
    });
  });

  it("CD-A1 a free action carries nothing", () => {
    expect(accepted("classic-d20", { type: "free" })).toEqual({ type: "free" });
    refused("classic-d20", { type: "activity", activity: "attack" });
  });
});

describe("opposed-d20 events", () => {
  it("OD-R3 an action spends the active or the passive counter, and must say which", () => {
    expect(accepted("opposed-d20", { type: "action", counter: "active" })).toEqual({
      type: "action",
      counter: "active",
    });
    expect(accepted("opposed-d20", { type: "action", counter: "passive" })).toEqual({
      type: "action",
      counter: "passive",
    });
    refused("opposed-d20", { type: "action", counter: null });
    refused("opposed-d20", { type: "action" });
    refused("opposed-d20", { type: "action", counter: "both" });
  });

  it("OD-R4 a reaction names its trigger (cut to MAX_TEXT); its counter is active, passive or none", () => {
    const long = "y".repeat(MAX_TEXT + 1);
    expect(accepted("opposed-d20", { type: "reaction", trigger: long, counter: "passive" })).toEqual({
      type: "reaction",
      trigger: "y".repeat(MAX_TEXT),
      counter: "passive",
    });
    expect(accepted("opposed-d20", { type: "reaction", trigger: "an ally falls" })).toEqual({
      type: "reaction",
      trigger: "an ally falls",
      counter: null,
    });
    expect(accepted("opposed-d20", { type: "reaction", trigger: "t", counter: null })).toEqual({
      type: "reaction",
      trigger: "t",
      counter: null,
    });
    refused("opposed-d20", { type: "reaction", trigger: "t", counter: "both" });
    refused("opposed-d20", { type: "reaction", trigger: "t", counter: 1 });
    refused("opposed-d20", { type: "reaction", counter: "active" });
  });

  it("OD-R4 an intrusive action names the combatant it steps in before, and its counter", () => {
    expect(accepted("opposed-d20", { type: "intrusive", before: "Abc-1_2.x", counter: "active" })).toEqual({
      type: "intrusive",
      before: "Abc-1_2.x",
      counter: "active",
    });
    expect(accepted("opposed-d20", { type: "intrusive", before: "c1" })).toEqual({
      type: "intrusive",
      before: "c1",
      counter: null,
    });
    expect(accepted("opposed-d20", { type: "intrusive", before: "c1", counter: null })).toEqual({
      type: "intrusive",
      before: "c1",
      counter: null,
    });
    refused("opposed-d20", { type: "intrusive", before: "c1", counter: "both" });
    refused("opposed-d20", { type: "intrusive", counter: "active" });
    refused("opposed-d20", { type: "intrusive", before: "", counter: "active" });
  });
});

describe("ids in a spend request", () => {
  // A combatant or item id: 1 to 64 letters, digits, "_", "." or "-". Anything else (markup, spaces) is refused.
  const intrusive = (before: unknown) => spendEventFrom("opposed-d20", { type: "intrusive", before });
  it("accepts 1 to 64 id characters, and nothing else anywhere in the id", () => {
    expect(intrusive("a").ok).toBe(true);
    expect(intrusive("Z".repeat(64)).ok).toBe(true);
    expect(intrusive("09_.-AZaz").ok).toBe(true);
    for (const bad of ["", "a".repeat(65), "<b>abc", "abc<b>", "a b", "é", 12, null, ["a"]])
      expect(intrusive(bad)).toEqual({ ok: false, reason: "invalidValue" });
  });
});

describe("active-defense-3d6 events", () => {
  const maneuver = (fields: Record<string, unknown>) => ({ type: "maneuver", ...fields });

  it("AD-M1 a feint names its target and its effect, a whole number from 0 to 18", () => {
    for (const effect of [0, 7, 18])
      expect(accepted("active-defense-3d6", maneuver({ maneuver: "feint", target: "t1", effect }))).toEqual({
        type: "maneuver",
        maneuver: "feint",
        target: "t1",
        effect,
      });
    for (const effect of [-1, 19, 2.5, "3", null, undefined])
      refused("active-defense-3d6", maneuver({ maneuver: "feint", target: "t1", effect }));
    refused("active-defense-3d6", maneuver({ maneuver: "feint", target: "<i>t1", effect: 3 }));
    refused("active-defense-3d6", maneuver({ maneuver: "feint", effect: 3 }));
  });

  it("AD-M2 an all-out attack names one of options (a)–(d) and the weapon", () => {
    for (const option of ["maxDamage", "plusFour", "feintAndAttack", "twoAttacks", "readyAndAttack"])
      expect(
        accepted("active-defense-3d6", maneuver({ maneuver: "allOutAttack", option, weaponId: "w" })),
      ).toEqual({
        type: "maneuver",
        maneuver: "allOutAttack",
        option,
        weaponId: "w",
      });
    refused(
      "active-defense-3d6",
      maneuver({ maneuver: "allOutAttack", option: "everything", weaponId: "w" }),
    );
    refused("active-defense-3d6", maneuver({ maneuver: "allOutAttack", option: "plusFour" }));
    refused("active-defense-3d6", maneuver({ maneuver: "allOutAttack", weaponId: "w" }));
  });

  it("AD-M3/AD-M6/AD-M7/AD-M8 all-out defense, concentrate, move and other carry nothing", () => {
    for (const name of ["allOutDefense", "concentrate", "move", "other"])
      expect(accepted("active-defense-3d6", maneuver({ maneuver: name, weaponId: "w", margin: 3 }))).toEqual({
        type: "maneuver",
        maneuver: name,
      });
  });

  it("AD-M4/AD-M8 ready and pick up name the weapon", () => {
    for (const name of ["ready", "pickUp"]) {
      expect(accepted("active-defense-3d6", maneuver({ maneuver: name, weaponId: "w.1" }))).toEqual({
        type: "maneuver",
        maneuver: name,
        weaponId: "w.1",
      });
      refused("active-defense-3d6", maneuver({ maneuver: name }));
      refused("active-defense-3d6", maneuver({ maneuver: name, weaponId: "w 1" }));
    }
  });

  it("AD-M5 aim names the weapon and the skill roll's margin, a whole number from -18 to 18", () => {
    for (const margin of [-18, 0, 18])
      expect(accepted("active-defense-3d6", maneuver({ maneuver: "aim", weaponId: "bow", margin }))).toEqual({
        type: "maneuver",
        maneuver: "aim",
        weaponId: "bow",
        margin,
      });
    for (const margin of [-19, 19, 0.5, "1", undefined])
      refused("active-defense-3d6", maneuver({ maneuver: "aim", weaponId: "bow", margin }));
    refused("active-defense-3d6", maneuver({ maneuver: "aim", margin: 2 }));
  });

  it("only manoeuvres are active-defense spend events", () => {
    refused("active-defense-3d6", { type: "move", maneuver: "move" });
    refused("active-defense-3d6", maneuver({ maneuver: "fly" }));
    refused("active-defense-3d6", maneuver({}));
  });
});
