import { beforeEach, describe, expect, it } from "vitest";
import { as, HarnessActor, HarnessCombat } from "../../harness/combat";
import {
  alice,
  askAsGm,
  bob,
  fight,
  partyActors,
  recorded,
  setSetting,
  settle,
  type FrayCombatLike,
} from "./setup";
import {
  applyRoundEvents,
  combatantFor,
  familyOf,
  roundStateOf,
  timedStatesOf,
  updateCombatantData,
  combatantData,
} from "../../../src/documents/combat-api";
import { readRoundState } from "../../../src/data/combat/round-state-source";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import { FrayCombat } from "../../../src/documents/fray-combat";

const engineUpdates = () =>
  recorded.combatUpdates.filter((u) => Object.keys(u.changes).some((k) => k.includes("engine")));

beforeEach(() => {
  recorded.reset();
  setSetting("ruleset", "fast-slow");
  setSetting("odInitiativeTies", "random");
});

describe("a Combat records its family when created", () => {
  it("FS-R1 CD-I2 the family comes from the world setting at creation and a later setting change leaves it", async () => {
    const { combat } = await fight("classic-d20", []);
    expect(familyOf(combat)).toBe("classic-d20");
    setSetting("ruleset", "fast-slow");
    expect(familyOf(combat)).toBe("classic-d20");
    expect(roundStateOf(combat).family).toBe("classic-d20");
    // An update that tries to change it is dropped (a running fight is never re-ruled).
    await combat.update({ system: { family: "fast-slow" } } as never);
    expect(familyOf(combat)).toBe("classic-d20");
    // A combat created after the change gets the new family.
    const next = await fight("opposed-d20", []);
    expect(familyOf(next.combat)).toBe("opposed-d20");
    expect(familyOf(combat)).toBe("classic-d20");
  });

  it("OD-I3 the tie convention is recorded with the family and a later setting change leaves it", async () => {
    setSetting("odInitiativeTies", "manual");
    const { combat } = await fight("opposed-d20", []);
    setSetting("odInitiativeTies", "random");
    expect(
      (combat.system as unknown as { options: { odInitiativeTies: string } }).options.odInitiativeTies,
    ).toBe("manual");
  });

  it("a combat created before Fray (no system data) or holding bad data reads as a valid empty state", async () => {
    const old = new (FrayCombat as unknown as new (d: object) => FrayCombatLike)({ system: {} });
    expect(roundStateOf(old)).toMatchObject({ family: "fast-slow", round: 0, combatants: [] });
    const bad = new (FrayCombat as unknown as new (d: object) => FrayCombatLike)({
      system: { family: "classic-d20", engine: { family: "classic-d20", round: "three" } },
    });
    expect(roundStateOf(bad)).toMatchObject({ family: "classic-d20", round: 0, combatants: [] });
  });
});

describe("players ask, the active GM re-checks and applies", () => {
  it("FS-R2 a player's request for someone else's combatant is refused on the GM side and nothing is written", async () => {
    const { ann, ben } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben]);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    recorded.reset();
    const out = await askAsGm("combat.takeTurn", { combatId: combat.id, combatantId: ids[1] }, alice);
    // The refusal names the creature, as its message says ("You do not own {name}.").
    expect(out).toMatchObject({ ok: false, reason: "notOwner", data: { name: "Ben" } });
    expect(recorded.combatUpdates).toHaveLength(0);
    expect(roundStateOf(combat).current).toBeNull();
  });

  it("FS-R2 a player's own valid request is applied once, in one engine write", async () => {
    const { ann, ben } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben]);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    recorded.reset();
    const out = await askAsGm("combat.takeTurn", { combatId: combat.id, combatantId: ids[0] }, alice);
    expect(out.ok).toBe(true);
    expect(engineUpdates()).toHaveLength(1);
    expect(roundStateOf(combat).current).toBe(ids[0]);
    // Core's turn index points at the engine's current combatant.
    expect(combat.combatant?.id).toBe(ids[0]);
  });

  it('FS-R4 two identical concurrent "end my turn" requests are applied once', async () => {
    const { ann, ben } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben]);
    await applyRoundEvents(combat, [{ type: "startCombat" }, { type: "takeTurn", id: ids[0] as string }]);
    recorded.reset();
    const payload = { combatId: combat.id, combatantId: ids[0] };
    const [a, b] = await Promise.all([
      askAsGm("combat.endTurn", payload, alice),
      askAsGm("combat.endTurn", payload, alice),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(engineUpdates()).toHaveLength(1);
    const state = roundStateOf(combat);
    expect(state.current).toBeNull();
    expect(state.combatants.find((c) => c.id === ids[0])?.actedRound).toBe(1);
  });

  it("PR-P3 a player neither sends an orientation face nor rules it failed: the GM rolls it (issue 12)", async () => {
    const { ann } = partyActors();
    const { combat, ids } = await fight("phased-round", [ann]);
    const id = ids[0] as string;
    await applyRoundEvents(combat, [
      { type: "startCombat" },
      { type: "advancePhase" },
      { type: "advancePhase" },
    ]);
    expect(
      await askAsGm(
        "combat.declare",
        {
          combatId: combat.id,
          combatantId: id,
          declaration: { kind: "orientation", roll: 99, failed: true },
        },
        alice,
      ),
    ).toEqual({ ok: false, reason: "gmOnly" });
    expect(roundStateOf(combat).combatants[0]?.sheet?.spellOrientation ?? null).toBeNull();
    recorded.nextRolls.push({ total: 50 });
    expect(await askAsGm("combat.rollOrientation", { combatId: combat.id, combatantId: id }, alice)).toEqual({
      ok: true,
      value: true,
    });
    expect(recorded.rolls.at(-1)?.formula).toBe("1d100");
    expect(roundStateOf(combat).combatants[0]?.sheet?.spellOrientation).toMatchObject({
      roll: 50,
      failed: false,
    });
  });

  it("a GM-only event asked by a player is refused", async () => {
    const { ann } = partyActors();
    const { combat } = await fight("fast-slow", [ann]);
    const out = await askAsGm(
      "combat.gmEvents",
      { combatId: combat.id, events: [{ type: "startCombat" }] },
      alice,
    );
    expect(out).toMatchObject({ ok: false, reason: "gmOnly" });
    expect(roundStateOf(combat).round).toBe(0);
  });

  it("applyRoundEvents refuses on a client that is not the active GM and returns an illegal event's refusal untouched", async () => {
    const { ann } = partyActors();
    const { combat } = await fight("fast-slow", [ann]);
    expect(await as(alice, () => applyRoundEvents(combat, [{ type: "startCombat" }]))).toMatchObject({
      reason: "notActiveGM",
    });
    recorded.reset();
    const out = await applyRoundEvents(combat, [{ type: "endTurn" }]);
    expect(out).toMatchObject({ ok: false, reason: "notStarted", data: { event: "0" } });
    expect(recorded.combatUpdates).toHaveLength(0);
  });
});

describe("combatants joining and leaving mid-round", () => {
  it("CD-I2 a combatant deleted while acting: its turn ends, the next in order starts, the round stays valid", async () => {
    const dex = (d: number) => ({ derived: { classicD20: { modifiers: { dex: d } } } });
    const a = new HarnessActor("A", dex(1), [alice]);
    const b = new HarnessActor("B", dex(2), [bob]);
    const c = new HarnessActor("C", dex(3), [], "creature");
    const { combat, ids } = await fight("classic-d20", [a, b, c]);
    const [ia, ib, ic] = ids as [string, string, string];
    await applyRoundEvents(combat, [
      { type: "setInitiative", id: ia, roll: { total: 18, dexterity: 1 } },
      { type: "setInitiative", id: ib, roll: { total: 12, dexterity: 2 } },
      { type: "setInitiative", id: ic, roll: { total: 7, dexterity: 3 } },
      { type: "startCombat" },
      { type: "endTurn" },
    ]);
    expect(roundStateOf(combat).current).toBe(ib);
    await combat.deleteEmbeddedDocuments("Combatant", [ib]);
    await settle();
    const state = roundStateOf(combat);
    expect(state.current).toBe(ic);
    expect(state.order).toEqual([ia, ic]);
    expect(state.combatants.map((x) => x.id)).not.toContain(ib);
    expect(
      readRoundState(combat.system.engine, "classic-d20", roundStructureFor("classic-d20").phases.length),
    ).not.toBeNull();
    expect(combat.combatant?.id).toBe(ic);
  });

  it("FS-R3 a creature added mid-round joins the GM's side and may act in this round", async () => {
    const { ann } = partyActors();
    const { combat } = await fight("fast-slow", [ann]);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    const [wolf] = await combat.createEmbeddedDocuments("Combatant", [
      { actor: new HarnessActor("Wolf", {}, [], "creature") },
    ]);
    await settle();
    const joined = roundStateOf(combat).combatants.find((c) => c.id === wolf?.id);
    expect(joined).toMatchObject({ side: "gm", actedRound: 0, defeated: false });
  });

  it("FS-R9 a defeated toggle reaches the engine, and the GM is offered to end the combat once", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, orc]);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    recorded.reset();
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: ids[1], defeated: true }]);
    await settle();
    expect(roundStateOf(combat).combatants.find((c) => c.id === ids[1])?.defeated).toBe(true);
    expect(recorded.dialogs).toHaveLength(1);
    await applyRoundEvents(combat, [{ type: "takeTurn", id: ids[0] as string }]);
    await settle();
    expect(recorded.dialogs).toHaveLength(1);
  });
});

describe("reload and reconnect", () => {
  it("FS-R4 a fresh document built from the stored data resumes the round where it was", async () => {
    const { ann, ben, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben, orc]);
    const [ia, ib] = ids as [string, string];
    await applyRoundEvents(combat, [
      { type: "startCombat" },
      { type: "takeTurn", id: ia },
      { type: "endTurn" },
    ]);
    const before = roundStateOf(combat);
    // A reload: the stored source, and the combatants, re-read into new documents.
    const stored = JSON.parse(JSON.stringify(combat._source)) as Record<string, unknown>;
    const reloaded = new (FrayCombat as unknown as new (d: object) => FrayCombatLike)(stored);
    for (const c of combat.combatants.values()) reloaded.combatants.set(c.id ?? "", c as never);
    reloaded.setupTurns();
    expect(roundStateOf(reloaded)).toEqual(before);
    expect(familyOf(reloaded)).toBe("fast-slow");
    // It goes on: ann cannot act twice (FS-R4), ben may.
    const game = (globalThis as unknown as { game: { combats: Map<string, unknown> } }).game;
    game.combats.set(reloaded.id ?? "", reloaded);
    expect(await askAsGm("combat.takeTurn", { combatId: reloaded.id, combatantId: ia }, alice)).toMatchObject(
      {
        reason: "alreadyActed",
      },
    );
    expect((await askAsGm("combat.takeTurn", { combatId: reloaded.id, combatantId: ib }, bob)).ok).toBe(true);
    expect(roundStateOf(reloaded).current).toBe(ib);
  });
});

describe("per-combatant data and timed states", () => {
  it("AD-A3 AD-T1 Parry/Block use resets as the holder's turn starts, and its until-next-turn states end", async () => {
    const ag = (v: number) => ({ activeDefense: { ag: v, dev: 5 } });
    const a = new HarnessActor("A", ag(12), [alice]);
    const b = new HarnessActor("B", ag(10), [], "creature");
    const { combat, ids } = await fight("active-defense-3d6", [a, b]);
    const [ia, ib] = ids as [string, string];
    // AD-T2: the speed score is the order, no roll: A (12) before B (10).
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    expect(roundStateOf(combat).order).toEqual([ia, ib]);
    await applyRoundEvents(combat, [
      {
        type: "addTimedState",
        state: { key: "allOutDefense", holder: ia, expiry: { kind: "holderNextTurn" } },
      },
    ]);
    const holder = combat.combatants.get(ia);
    await updateCombatantData(holder as never, { defenseUsage: { parry: 1, block: 1 } });
    expect(combatantData(holder as never).defenseUsage).toEqual({ parry: 1, block: 1 });
    expect(timedStatesOf(combat, ia).map((s) => s.key)).toEqual(["allOutDefense"]);
    // A's turn, then B's, end; the end-of-round step; round 2 starts with A's turn.
    const out = await applyRoundEvents(combat, [
      { type: "endTurn" },
      { type: "endTurn" },
      { type: "advancePhase" },
      { type: "endRound" },
    ]);
    expect(out.ok).toBe(true);
    expect(roundStateOf(combat).current).toBe(ia);
    expect(combatantData(combat.combatants.get(ia) as never).defenseUsage).toEqual({ parry: 0, block: 0 });
    expect(timedStatesOf(combat, ia)).toEqual([]);
    // The chat note says what ended.
    expect(recorded.messages.some((m) => String(m.content).includes("All-out defense"))).toBe(true);
  });

  it("AD-A3 AD-T1 a turn the GM interrupts resumes as the same turn: its Parry/Block count and budget go on", async () => {
    const ag = (v: number) => ({ activeDefense: { ag: v, dev: 5 } });
    const a = new HarnessActor("A", ag(12), [alice]);
    const b = new HarnessActor("B", ag(10), [], "creature");
    const { combat, ids } = await fight("active-defense-3d6", [a, b]);
    const [ia, ib] = ids as [string, string];
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    const holder = combat.combatants.get(ia);
    const budget = combatantData(holder as never).budget;
    expect(budget).toMatchObject({ turnNumber: 1, inTurn: true });
    // A parried during its own turn; then the GM makes B act out of order, and A's turn resumes.
    await updateCombatantData(holder as never, { defenseUsage: { parry: 1, block: 0 } });
    const out = await applyRoundEvents(combat, [
      { type: "takeTurn", id: ib, gmOverride: true },
      { type: "endTurn" },
    ]);
    expect(out.ok).toBe(true);
    expect(roundStateOf(combat).current).toBe(ia);
    expect(combatantData(combat.combatants.get(ia) as never).defenseUsage).toEqual({ parry: 1, block: 0 });
    expect(combatantData(combat.combatants.get(ia) as never).budget).toMatchObject({
      turnNumber: 1,
      inTurn: true,
    });
  });

  it("budget is written whole, never merged into the old one", async () => {
    const { ann } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann]);
    const c = combat.combatants.get(ids[0] as string) as never;
    await updateCombatantData(c, { budget: { a: 1, b: 2 } });
    await updateCombatantData(c, { budget: { a: 3 } });
    expect(combatantData(c).budget).toEqual({ a: 3 });
  });

  it("combatantFor prefers the token, then the actor", async () => {
    const { ann, ben } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben]);
    expect(combatantFor(combat, { actorId: ben.id })?.id).toBe(ids[1]);
    expect(combatantFor(combat, { actorId: "nobody" })).toBeUndefined();
  });

  it("FS-R7 FS-R8 the end-of-round note lists the players' effects first", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [orc, ann]);
    const [io, ia] = ids as [string, string];
    await applyRoundEvents(combat, [
      { type: "startCombat" },
      {
        type: "addTimedState",
        state: { key: "defend", holder: io, expiry: { kind: "endOfRound", round: 1 } },
      },
      { type: "addTimedState", state: { key: "help", holder: ia, expiry: { kind: "endOfRound", round: 1 } } },
    ]);
    recorded.reset();
    await applyRoundEvents(combat, [{ type: "endRound", gmOverride: true }]);
    const note = String(recorded.messages.at(-1)?.content ?? "");
    expect(note.indexOf("Help")).toBeGreaterThan(-1);
    expect(note.indexOf("Help")).toBeLessThan(note.indexOf("Defend"));
  });
});

describe("the harness stand-in is only a stand-in", () => {
  it("is used as the Combat base class", () => {
    expect(Object.getPrototypeOf(FrayCombat)).toBe(HarnessCombat);
  });
});
