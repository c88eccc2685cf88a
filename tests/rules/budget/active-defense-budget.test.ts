import { describe, expect, it } from "vitest";
import {
  activeDefenseBudget,
  defenderFlags,
  earlierFeint,
  initialActiveDefenseBudget,
  shotAim,
  spendActiveDefense,
  type ActiveDefenseBudget,
  type ActiveDefenseEvent,
} from "../../../src/rules/families/active-defense-3d6/budget";
import {
  ALL_OUT_ATTACK_LETTER,
  ALL_OUT_ATTACK_OPTIONS,
  allOutAttackCount,
  maneuverTimedState,
} from "../../../src/rules/families/active-defense-3d6/maneuvers";
import { adWeapon, type AdWeaponSpec } from "../../../src/rules/families/active-defense-3d6/readiness";
import { splitAtTurnStart } from "../../../src/rules/turns/timed-states";

const sword: AdWeaponSpec = { unbalanced: false, missile: false, readyTurns: 0 };
const axe: AdWeaponSpec = { unbalanced: true, missile: false, readyTurns: 0 };
const bow: AdWeaponSpec = { unbalanced: false, missile: true, readyTurns: 1 };
const crossbow: AdWeaponSpec = { unbalanced: false, missile: true, readyTurns: 2 };

function armed(status: "ready" | "sheathed" = "ready"): ActiveDefenseBudget {
  return initialActiveDefenseBudget({
    sword: adWeapon(sword, status),
    axe: adWeapon(axe, status),
    bow: adWeapon(bow, status),
    crossbow: adWeapon(crossbow, status),
  });
}

const start = activeDefenseBudget.startTurn;
const end = activeDefenseBudget.endTurn;

function run(state: ActiveDefenseBudget, ...events: ActiveDefenseEvent[]): ActiveDefenseBudget {
  return events.reduce((s, e) => {
    const out = spendActiveDefense(s, e);
    if (!out.ok) throw new Error(`refused ${e.type}: ${out.reason}`);
    return out.value;
  }, state);
}

function reason(state: ActiveDefenseBudget, event: ActiveDefenseEvent): string | null {
  const out = spendActiveDefense(state, event);
  return out.ok ? null : out.reason;
}

/** The combatant's turn ends and its next one starts (others act in between). */
const nextTurn = (state: ActiveDefenseBudget) => start(end(state));

const attack = (weaponId: string): ActiveDefenseEvent => ({ type: "maneuver", maneuver: "attack", weaponId });
const ready = (weaponId: string): ActiveDefenseEvent => ({ type: "maneuver", maneuver: "ready", weaponId });
const shoot = (weaponId: string): ActiveDefenseEvent => ({ type: "shoot", weaponId });

describe("active-defense-3d6 manoeuvres", () => {
  it("AD-M1…AD-M8 one manoeuvre per turn", () => {
    const s = run(start(armed()), { type: "maneuver", maneuver: "move" });
    expect(reason(s, attack("sword"))).toBe("maneuverTaken");
    expect(reason(s, { type: "maneuver", maneuver: "allOutDefense" })).toBe("maneuverTaken");
    expect(reason(armed(), attack("sword"))).toBe("notYourTurn");
    expect(reason(nextTurn(s), attack("sword"))).toBeNull();
  });

  it("AD-M1 a feint's effect carries to the feinter's next turn, against that enemy only", () => {
    const s = run(start(armed()), { type: "maneuver", maneuver: "feint", target: "orc", effect: 3 });
    expect(earlierFeint(s, "orc")).toBe(0); // not this turn
    const next = nextTurn(s);
    expect(earlierFeint(next, "orc")).toBe(3);
    expect(earlierFeint(next, "goblin")).toBe(0);
    expect(earlierFeint(nextTurn(next), "orc")).toBe(0); // not later turns
    // A failed feint (effect 0) still uses the turn.
    const failed = run(start(armed()), { type: "maneuver", maneuver: "feint", target: "orc", effect: 0 });
    expect(earlierFeint(nextTurn(failed), "orc")).toBe(0);
    // AD-M4: a feint does not unready an unbalanced weapon.
    expect(failed.weapons.axe?.status).toBe("ready");
  });

  it("AD-M2 all-out attack: four options, no defense until the attacker's next turn", () => {
    expect(ALL_OUT_ATTACK_OPTIONS.map((o) => ALL_OUT_ATTACK_LETTER[o])).toEqual(["a", "b", "c", "d", "d"]);
    expect(allOutAttackCount("twoAttacks")).toBe(2);
    expect(allOutAttackCount("plusFour")).toBe(1);
    const s = run(start(armed()), {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "plusFour",
      weaponId: "sword",
    });
    expect(defenderFlags(s).allOutAttack).toBe(true);
    expect(defenderFlags(end(s)).allOutAttack).toBe(true);
    expect(defenderFlags(nextTurn(s)).allOutAttack).toBe(false);
    // Its timed state ends when the holder's next turn starts (AD-T1).
    const mark = maneuverTimedState("hero", 2, { maneuver: "allOutAttack", option: "plusFour" });
    expect(mark).toMatchObject({ key: "allOutAttack", holder: "hero", data: { option: "plusFour" } });
    expect(splitAtTurnStart([mark], "hero").expired).toEqual([mark]);
  });

  it("AD-M2 two attacks are not for weapons readied after each attack; ready-and-attack is", () => {
    const s = start(armed());
    const twoWithAxe: ActiveDefenseEvent = {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "twoAttacks",
      weaponId: "axe",
    };
    expect(reason(s, twoWithAxe)).toBe("unbalancedTwoAttacks");
    expect(reason(s, { ...twoWithAxe, weaponId: "sword" })).toBeNull();
    const swung = run(s, attack("axe"));
    const again = nextTurn(swung);
    expect(again.weapons.axe?.status).toBe("unready");
    expect(reason(again, attack("axe"))).toBe("weaponNotReady");
    const readyAndAttack = run(again, {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "readyAndAttack",
      weaponId: "axe",
    });
    expect(readyAndAttack.weapons.axe?.status).toBe("unready"); // it attacked again
  });

  it("AD-M3 all-out defense lasts until the defender's next turn", () => {
    const s = run(start(armed()), { type: "maneuver", maneuver: "allOutDefense" });
    expect(defenderFlags(end(s)).allOutDefense).toBe(true);
    expect(defenderFlags(nextTurn(s)).allOutDefense).toBe(false);
    expect(maneuverTimedState("hero", 1, { maneuver: "allOutDefense" }).expiry).toEqual({
      kind: "holderNextTurn",
    });
  });

  it("AD-M4 drawing a sheathed weapon takes one turn", () => {
    const s = start(armed("sheathed"));
    expect(reason(s, attack("sword"))).toBe("weaponNotReady");
    const drawn = run(s, ready("sword"));
    expect(drawn.weapons.sword?.status).toBe("ready");
    expect(reason(nextTurn(drawn), attack("sword"))).toBeNull();
    expect(reason(nextTurn(drawn), ready("sword"))).toBe("alreadyReady");
  });

  it("AD-M4 an unbalanced weapon is unready after an attack or a parry and cannot parry meanwhile", () => {
    const swung = run(start(armed()), attack("axe"));
    expect(defenderFlags(swung, "axe").parryWeaponReady).toBe(false);
    const readied = run(nextTurn(swung), ready("axe"));
    expect(defenderFlags(readied, "axe")).toMatchObject({
      parryWeaponReady: true,
      parryWeaponUnbalanced: true,
    });
    const parried = run(end(readied), {
      type: "defended",
      consequences: [{ kind: "unreadyWeapon" }],
      weaponId: "axe",
    });
    expect(parried.weapons.axe?.status).toBe("unready");
    // A balanced weapon stays ready.
    expect(run(start(armed()), attack("sword")).weapons.sword?.status).toBe("ready");
  });

  it("AD-M4 bows take one turn per arrow, crossbows at least one more", () => {
    let s = run(start(armed()), shoot("bow"));
    expect(s.weapons.bow?.status).toBe("unready");
    s = run(s, ready("bow"));
    s = nextTurn(s);
    expect(s.weapons.bow?.status).toBe("ready");

    let c = run(start(armed()), shoot("crossbow"), ready("crossbow"));
    c = nextTurn(c);
    expect(c.weapons.crossbow?.status).toBe("unready");
    expect(reason(c, shoot("crossbow"))).toBe("weaponNotReady");
    c = nextTurn(run(c, ready("crossbow")));
    expect(c.weapons.crossbow?.status).toBe("ready");
  });

  it("AD-M4 a defense during a turn spent readying a missile weapon voids that readying", () => {
    const readying = end(run(start(armed()), shoot("bow"), ready("bow")));
    expect(defenderFlags(readying).readyingMissile).toBe(true);
    const defended = run(readying, { type: "defended", consequences: [{ kind: "voidReadying" }] });
    expect(start(defended).weapons.bow?.status).toBe("unready");
  });

  it("AD-M5 aim after readying: the margin is the next shot's bonus; unaimed shots take −4", () => {
    const s = start(armed());
    expect(shotAim(s, "bow")).toEqual({ aimed: false });
    expect(reason(s, { type: "maneuver", maneuver: "aim", weaponId: "sword", margin: 2 })).toBe(
      "notMissileWeapon",
    );
    const aimed = run(s, { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 3 });
    const next = nextTurn(aimed);
    expect(shotAim(next, "bow")).toEqual({ aimed: true, margin: 3 });
    const shot = run(next, shoot("bow"));
    expect(shotAim(shot, "bow")).toEqual({ aimed: false });
    // An unready bow cannot aim, this turn or the next, until readied.
    const spent = run(start(armed()), shoot("bow"));
    const aimNow: ActiveDefenseEvent = { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 1 };
    expect(reason(spent, aimNow)).toBe("weaponNotReady");
    expect(reason(nextTurn(spent), aimNow)).toBe("weaponNotReady");
  });

  it("AD-M5 only a bow or crossbow shoots: a melee weapon is never fired at the turn's start", () => {
    // AD-M5 speaks of missile attacks «射撃» by bows and crossbows; a sword or an axe attacks as a manoeuvre.
    expect(reason(start(armed()), shoot("sword"))).toBe("notMissileWeapon");
    expect(reason(start(armed()), shoot("axe"))).toBe("notMissileWeapon");
    expect(reason(start(armed()), shoot("crossbow"))).toBeNull();
  });

  it("AD-M5 missile attacks come at the start of the turn, leaving the turn for another manoeuvre", () => {
    const s = run(start(armed()), shoot("bow"), ready("bow"));
    expect(s.maneuver).toBe("ready");
    expect(reason(s, shoot("crossbow"))).toBe("shotTaken");
    const moved = run(start(armed()), { type: "maneuver", maneuver: "move" });
    expect(reason(moved, shoot("bow"))).toBe("shootAtTurnStart");
    expect(reason(start(armed()), attack("bow"))).toBe("shootAtTurnStart");
  });

  it("AD-M5 a defense while aiming loses the aim", () => {
    const aimed = end(run(start(armed()), { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 3 }));
    expect(defenderFlags(aimed).aiming).toBe(true);
    const defended = run(aimed, { type: "defended", consequences: [{ kind: "loseAim" }] });
    expect(shotAim(start(defended), "bow")).toEqual({ aimed: false });
  });

  it("AD-M6 concentrate uses the turn's manoeuvre", () => {
    const s = run(start(armed()), { type: "maneuver", maneuver: "concentrate" });
    expect(s.maneuver).toBe("concentrate");
    expect(reason(s, attack("sword"))).toBe("maneuverTaken");
    expect(reason(nextTurn(s), { type: "maneuver", maneuver: "concentrate" })).toBeNull();
  });

  it("AD-M7 move is a manoeuvre", () => {
    const s = run(start(armed()), { type: "maneuver", maneuver: "move" });
    expect(activeDefenseBudget.remaining(s).turn.find((l) => l.key === "maneuver")?.left).toBe(0);
  });

  it("AD-M8 picking up a dropped weapon takes two turns; the second can include an attack", () => {
    const dropped = run(start(armed()), { type: "dropWeapon", weaponId: "sword" });
    expect(reason(dropped, attack("sword"))).toBe("weaponDropped");
    expect(reason(dropped, ready("sword"))).toBe("weaponDropped");
    const knelt = run(dropped, { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    expect(knelt.weapons.sword?.status).toBe("dropped");
    const up = run(nextTurn(knelt), { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    expect(up.weapons.sword?.status).toBe("ready");
    const struck = run(up, attack("sword"));
    expect(reason(struck, attack("sword"))).toBe("maneuverTaken");
    // Kneeling that is not followed up the next turn starts over.
    const interrupted = nextTurn(run(nextTurn(knelt), { type: "maneuver", maneuver: "other" }));
    const again = run(interrupted, { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    expect(again.weapons.sword?.status).toBe("dropped");
    expect(reason(start(armed()), { type: "maneuver", maneuver: "pickUp", weaponId: "sword" })).toBe(
      "weaponNotDropped",
    );
  });

  it("AD-M1…AD-M8 the GM may override a refused manoeuvre; it is recorded", () => {
    const s = run(start(armed()), { type: "maneuver", maneuver: "move" });
    const forced = spendActiveDefense(s, { ...attack("sword"), override: true });
    expect(forced.ok && forced.value.overrides).toEqual([{ event: "maneuver", reason: "maneuverTaken" }]);
  });

  it("AD-M1…AD-M8 what is left of the turn: its one manoeuvre, and the start-of-turn shot of a ready bow (AD-M5)", () => {
    const lines = (state: ActiveDefenseBudget) =>
      activeDefenseBudget.remaining(state).turn.map((l) => [l.key, l.left, l.max, l.unit]);
    // Outside its turn a combatant has nothing to spend.
    expect(lines(armed())).toEqual([]);
    expect(activeDefenseBudget.remaining(armed()).round).toEqual([]);
    expect(lines(start(armed()))).toEqual([
      ["maneuver", 1, 1, "count"],
      ["shot", 1, 1, "count"],
    ]);
    // AD-M5: the shot comes at the start of the turn, before the manoeuvre; once shot, the manoeuvre is left.
    expect(lines(run(start(armed()), shoot("bow")))).toEqual([
      ["maneuver", 1, 1, "count"],
      ["shot", 0, 1, "count"],
    ]);
    // After the manoeuvre, the start of the turn is past: no shot either.
    expect(lines(run(start(armed()), { type: "maneuver", maneuver: "move" }))).toEqual([
      ["maneuver", 0, 1, "count"],
      ["shot", 0, 1, "count"],
    ]);
    // No ready missile weapon: no shot line; a sheathed bow is not ready.
    const melee = initialActiveDefenseBudget({
      sword: adWeapon(sword, "ready"),
      bow: adWeapon(bow, "sheathed"),
    });
    expect(lines(start(melee))).toEqual([["maneuver", 1, 1, "count"]]);
  });

  it("AD-M2 (d) two attacks: the turn shows the attacks left", () => {
    const s = run(start(initialActiveDefenseBudget({ sword: adWeapon(sword, "ready") })), {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "twoAttacks",
      weaponId: "sword",
    });
    const attacks = (state: ActiveDefenseBudget) =>
      activeDefenseBudget.remaining(state).turn.find((l) => l.key === "attacks");
    expect(attacks(s)).toEqual({ key: "attacks", left: 2, max: 2, unit: "count" });
    const plusFour = run(start(armed()), {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "plusFour",
      weaponId: "sword",
    });
    expect(attacks(plusFour)).toEqual({ key: "attacks", left: 1, max: 1, unit: "count" });
    expect(attacks(run(start(armed()), { type: "maneuver", maneuver: "move" }))).toBeUndefined();
  });

  it("AD-M8 the second turn of picking up a weapon leaves its attack to make", () => {
    const dropped = run(start(armed()), { type: "dropWeapon", weaponId: "sword" });
    const knelt = run(dropped, { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    const up = run(nextTurn(knelt), { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    const left = activeDefenseBudget.remaining(up).turn.find((l) => l.key === "maneuver")?.left;
    expect(left).toBe(1);
  });

  it("AD-M2…AD-M5 a defender with no manoeuvre in play has none of their effects", () => {
    expect(defenderFlags(start(armed()))).toEqual({
      parryWeaponReady: false,
      parryWeaponUnbalanced: false,
      allOutAttack: false,
      allOutDefense: false,
      aiming: false,
      readyingMissile: false,
    });
    expect(defenderFlags(start(armed()), "sword")).toMatchObject({
      parryWeaponReady: true,
      parryWeaponUnbalanced: false,
    });
    expect(defenderFlags(start(armed()), "axe")).toMatchObject({
      parryWeaponReady: true,
      parryWeaponUnbalanced: true,
    });
    expect(activeDefenseBudget.family).toBe("active-defense-3d6");
  });

  it("AD-M2 all-out attack is made with a melee weapon the attacker has; (d) ready-and-attack readies it at once", () => {
    const allOut = (option: "plusFour" | "readyAndAttack", weaponId: string): ActiveDefenseEvent => ({
      type: "maneuver",
      maneuver: "allOutAttack",
      option,
      weaponId,
    });
    expect(reason(start(armed()), allOut("plusFour", "spear"))).toBe("unknownWeapon");
    expect(reason(start(armed()), allOut("plusFour", "bow"))).toBe("shootAtTurnStart");
    expect(reason(start(armed("sheathed")), allOut("plusFour", "sword"))).toBe("weaponNotReady");
    const drawn = run(start(armed("sheathed")), allOut("readyAndAttack", "sword"));
    expect(drawn.weapons.sword?.status).toBe("ready");
    // AD-M4: an unbalanced weapon readied and swung is unready again after the attack.
    expect(run(start(armed("sheathed")), allOut("readyAndAttack", "axe")).weapons.axe?.status).not.toBe(
      "ready",
    );
    const dropped = run(start(armed()), { type: "dropWeapon", weaponId: "sword" });
    expect(reason(dropped, allOut("readyAndAttack", "sword"))).toBe("weaponDropped");
  });

  it("AD-M5 a failed aiming roll (margin below 0) gives no aim; a margin of 0 is an aim worth 0", () => {
    const s = start(armed());
    const aim = (margin: number): ActiveDefenseEvent => ({
      type: "maneuver",
      maneuver: "aim",
      weaponId: "bow",
      margin,
    });
    expect(run(s, aim(-1)).aim).toBeNull();
    expect(run(s, aim(0)).aim).toEqual({ weaponId: "bow", margin: 0, turn: 1 });
    expect(reason(s, { type: "maneuver", maneuver: "aim", weaponId: "spear", margin: 2 })).toBe(
      "unknownWeapon",
    );
  });

  it("AD-M1 AD-M5 AD-M8 a feint, an aim and kneeling last for the next turn only (AD-T1)", () => {
    const feinted = run(start(armed()), { type: "maneuver", maneuver: "feint", target: "orc", effect: 2 });
    expect(feinted.feint).toEqual({ target: "orc", effect: 2, turn: 1 });
    expect(nextTurn(feinted).feint).not.toBeNull();
    expect(nextTurn(nextTurn(feinted)).feint).toBeNull();
    expect(
      run(start(armed()), { type: "maneuver", maneuver: "feint", target: "orc", effect: 0 }).feint,
    ).toBeNull();
    const aimed = run(start(armed()), { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 2 });
    expect(nextTurn(aimed).aim).not.toBeNull();
    expect(nextTurn(nextTurn(aimed)).aim).toBeNull();
    const dropped = run(start(armed()), { type: "dropWeapon", weaponId: "sword" });
    const knelt = run(dropped, { type: "maneuver", maneuver: "pickUp", weaponId: "sword" });
    expect(nextTurn(knelt).kneeling).not.toBeNull();
    expect(nextTurn(nextTurn(knelt)).kneeling).toBeNull();
  });

  it("AD-T1 a combatant starts with nothing in play; its turn ends with nothing left to spend; a new round clears the override log", () => {
    expect(armed()).toMatchObject({
      turnNumber: 0,
      inTurn: false,
      maneuver: null,
      attackAfterPickUp: false,
      shotThisTurn: false,
      strikes: 0,
      overrides: [],
    });
    const s = run(start(armed()), { type: "maneuver", maneuver: "move" });
    expect(end(s).inTurn).toBe(false);
    expect(activeDefenseBudget.remaining(end(s)).turn).toEqual([]);
    const forced = spendActiveDefense(s, { type: "maneuver", maneuver: "move", override: true });
    expect(forced.ok && forced.value.overrides).toHaveLength(1);
    if (forced.ok) expect(activeDefenseBudget.startRound(forced.value, undefined).overrides).toEqual([]);
  });

  it("AD-M4 AD-M5 AD-M8 a dropped weapon loses its aim and its readying; the others keep theirs", () => {
    expect(reason(start(armed()), { type: "dropWeapon", weaponId: "spear" })).toBe("unknownWeapon");
    const aimed = run(start(armed()), { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 2 });
    expect(run(aimed, { type: "dropWeapon", weaponId: "bow" }).aim).toBeNull();
    expect(run(aimed, { type: "dropWeapon", weaponId: "sword" }).aim).toEqual(aimed.aim);
    const spent = run(start(armed()), shoot("bow"));
    const readying = run(spent, ready("bow"));
    expect(readying.pendingReady).not.toBeNull();
    expect(run(readying, { type: "dropWeapon", weaponId: "bow" }).pendingReady).toBeNull();
    expect(run(readying, { type: "dropWeapon", weaponId: "sword" }).pendingReady).toEqual(
      readying.pendingReady,
    );
  });

  it("AD-M4 a weapon the sheet adds or changes is ready, sheathed or unready as the sheet says", () => {
    const s = run(start(armed()), { type: "weapon", weaponId: "spear", spec: sword, status: "sheathed" });
    expect(s.weapons.spear?.status).toBe("sheathed");
    expect(s.weapons.sword?.status).toBe("ready");
  });

  it("AD-M4 AD-M5 what a defense costs: only while aiming loses the aim; only the parrying weapon is unreadied", () => {
    const aimed = run(start(armed()), { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 2 });
    const defend = (state: ActiveDefenseBudget, ...kinds: ("loseAim" | "voidReadying" | "unreadyWeapon")[]) =>
      run(state, { type: "defended", consequences: kinds.map((kind) => ({ kind })), weaponId: "axe" });
    // Between the aiming turn and the shot, a defense loses the aim (AD-M5).
    expect(defend(end(aimed), "loseAim").aim).toBeNull();
    // On the shooting turn the aim is no longer "while aiming".
    expect(defend(nextTurn(aimed), "loseAim").aim).toEqual(aimed.aim);
    // A defense costing something else leaves the aim and the weapons.
    const other = defend(end(aimed), "voidReadying");
    expect([other.aim, other.weapons.axe?.status]).toEqual([aimed.aim, "ready"]);
    expect(defend(end(aimed), "loseAim").weapons.axe?.status).toBe("ready");
    // AD-M4: a parry with the axe unreadies it; with no weapon named, nothing is unreadied.
    expect(defend(start(armed()), "unreadyWeapon").weapons.axe?.status).not.toBe("ready");
    const unnamed = run(start(armed()), { type: "defended", consequences: [{ kind: "unreadyWeapon" }] });
    expect(unnamed.weapons).toEqual(start(armed()).weapons);
  });

  it("AD-M5 a shot needs a ready weapon first, a missile one second; an aim counts on the turn after, for that weapon", () => {
    expect(reason(start(armed("sheathed")), shoot("sword"))).toBe("weaponNotReady");
    expect(reason(start(armed()), shoot("sword"))).toBe("notMissileWeapon");
    const aimed = run(start(armed()), { type: "maneuver", maneuver: "aim", weaponId: "bow", margin: 2 });
    expect(shotAim(aimed, "bow")).toEqual({ aimed: false });
    expect(shotAim(nextTurn(aimed), "crossbow")).toEqual({ aimed: false });
    expect(shotAim(nextTurn(aimed), "bow")).toEqual({ aimed: true, margin: 2 });
  });

  it("AD-M2 the attacks an all-out attack allows are counted; a GM-forced attack is recorded as the manoeuvre", () => {
    const s = run(start(armed()), {
      type: "maneuver",
      maneuver: "allOutAttack",
      option: "plusFour",
      weaponId: "sword",
    });
    const once = run(s, { type: "strike", weaponId: "sword" });
    const out = spendActiveDefense(once, { type: "strike", weaponId: "sword" });
    expect(!out.ok && [out.reason, out.data]).toEqual(["attacksUsed", { count: "1" }]);
    const forced = spendActiveDefense(start(armed("sheathed")), {
      type: "strike",
      weaponId: "sword",
      override: true,
    });
    expect(forced.ok && forced.value.overrides).toEqual([{ event: "maneuver", reason: "weaponNotReady" }]);
  });
});
