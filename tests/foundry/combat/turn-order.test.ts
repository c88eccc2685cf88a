/**
 * Issue 11, defect 5: core's turn order follows the round engine. Core sorts `combat.turns` only when combatants
 * change (the harness no longer re-sorts after every Combat update), so after every engine write — start, a turn
 * change, a mid-fight addition or removal, a roll-off or hand order, a phase change, a new round — Fray itself
 * must keep `round`, `turns`, `turn`, `combatant` (and core's `current`) equal to the engine's, on the GM's
 * client and on a player's own copy, and core's hooks must fire with the values core would give them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Window } from "happy-dom";
import { combatHarness, HarnessActor, observe, type HarnessUser } from "../../harness/combat";
import { alice, bob, fight, recorded, setSetting, settle, type FrayCombatLike } from "./setup";
import { checkedStep, hookCalls, type HookCall } from "./core-turns";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import type { FamilyId } from "../../../src/rules/families/ids";
import { FrayCombatTracker } from "../../../src/applications/combat/fray-combat-tracker";

beforeEach(() => {
  recorded.reset();
  hookCalls.length = 0;
  setSetting("odInitiativeTies", "random");
});

interface Table {
  combat: FrayCombatLike;
  /** Alice's client's own copy of the combat. */
  seen: FrayCombatLike;
  id: Record<"ann" | "ben" | "orc", string>;
}

async function table(family: FamilyId): Promise<Table> {
  const ann = new HarnessActor("Ann", {}, [alice]);
  const ben = new HarnessActor("Ben", {}, [bob]);
  const orc = new HarnessActor("Orc", {}, [], "creature");
  const { combat, ids } = await fight(family, [ann, ben, orc]);
  const [a, b, o] = ids as [string, string, string];
  return { combat, seen: observe(combat, alice), id: { ann: a, ben: b, orc: o } };
}

const gmUser = (globalThis as unknown as { game: { users: { activeGM: HarnessUser } } }).game.users.activeGM;

/** Runs one step, lets the GM's reconciliations finish, then checks both clients. */
async function step(t: Table, when: string, action: () => Promise<unknown>): Promise<HookCall[]> {
  const from = hookCalls.length;
  await checkedStep(t, when, action);
  return hookCalls.slice(from).filter((c) => c.hook !== "combatTurnChange");
}

const gm = (t: Table, events: RoundEvent[]) => () => applyRoundEvents(t.combat, events);

/** Core's pre-update hook: once, on the initiating client, before the write, with what the write gave. */
function expectPreHook(t: Table, calls: HookCall[], hook: string, before: { round: number }): void {
  expect(
    calls.map((c) => c.hook),
    hook,
  ).toEqual([hook]);
  const [call] = calls as [HookCall];
  expect(call.combat).toBe(t.combat);
  expect(call.user).toBe(gmUser.id);
  expect(call.at.round, `${hook} fires before the write`).toBe(before.round);
  expect(call.args[0], `${hook} updateData`).toEqual({ round: t.combat.round, turn: t.combat.turn });
  if (hook !== "combatStart") expect(call.args[1]).toMatchObject({ direction: 1 });
}

async function addWolf(t: Table): Promise<string> {
  const [wolf] = await t.combat.createEmbeddedDocuments("Combatant", [
    { actor: new HarnessActor("Wolf", {}, [], "creature") },
  ]);
  return wolf?.id as string;
}

const INITIATIVE_FAMILIES = ["classic-d20", "opposed-d20", "active-defense-3d6"] as const;

describe("core's turn order follows the engine, on every client", () => {
  for (const family of INITIATIVE_FAMILIES) {
    it(`${family}: start, turns, an addition, a roll-off, a hand order, a removal, the end-of-round step and a new round`, async () => {
      const t = await table(family);
      const { ann, ben, orc } = t.id;
      // Ann and the orc tie at 12 (no tie key separates them); Ben leads with 15.
      const roll = (total: number) => (family === "classic-d20" ? { total, dexterity: 0 } : { total });
      await step(
        t,
        "initiative",
        gm(t, [
          { type: "setInitiative", id: ann, roll: roll(12) },
          { type: "setInitiative", id: ben, roll: roll(15) },
          { type: "setInitiative", id: orc, roll: roll(12) },
        ]),
      );

      let calls = await step(t, "start", () => t.combat.startCombat());
      expectPreHook(t, calls, "combatStart", { round: 0 });
      expect(t.combat.combatant?.id).toBe(ben);

      calls = await step(t, "Ben's turn ends", () => t.combat.nextTurn());
      expectPreHook(t, calls, "combatTurn", { round: 1 });
      expect(t.combat.combatant?.id).toBe(ann);

      // A roll-off puts the orc above Ann, whose turn it is: the orc's count comes first (same index).
      await step(t, "roll-off", gm(t, [{ type: "rollOff", faces: { [orc]: 6, [ann]: 2 } }]));
      expect(t.combat.combatant?.id).toBe(orc);

      const wolf = await addWolf(t);
      await step(t, "a wolf joins", async () => undefined);
      await step(t, "the wolf's initiative", gm(t, [{ type: "setInitiative", id: wolf, roll: roll(20) }]));

      await step(t, "the GM orders by hand", gm(t, [{ type: "reorder", ids: [ann, orc], gmOverride: true }]));

      // The one acting leaves: the next in the order takes its place (and its index).
      const acting = roundStateOf(t.combat).current as string;
      await step(t, "the acting combatant leaves", () =>
        t.combat.deleteEmbeddedDocuments("Combatant", [acting]),
      );
      expect(roundStateOf(t.combat).current).not.toBeNull();

      calls = await step(t, "to the end-of-round step", () =>
        applyRoundEvents(t.combat, [{ type: "advancePhase", gmOverride: true }]),
      );
      expect(t.combat.turn).toBeNull();

      calls = await step(t, "a new round", () => t.combat.nextRound());
      expectPreHook(t, calls, "combatRound", { round: 1 });
      expect(t.combat.round).toBe(2);
      expect(t.combat.combatant?.id).toBe(roundStateOf(t.combat).order[0]);
    });
  }

  it("fast-slow: nobody acts until a turn is claimed (turn null); claims, an addition, a roll-off, removals, the slow part and a new round", async () => {
    const t = await table("fast-slow");
    const { ann, ben, orc } = t.id;

    let calls = await step(t, "start", () => t.combat.startCombat());
    expectPreHook(t, calls, "combatStart", { round: 0 });
    expect(t.combat.turn).toBeNull();

    await step(t, "Ann claims her turn", gm(t, [{ type: "takeTurn", id: ann }]));
    expect(t.combat.combatant?.id).toBe(ann);

    calls = await step(t, "Ann's turn ends", () => t.combat.nextTurn());
    expectPreHook(t, calls, "combatTurn", { round: 1 });
    expect(t.combat.turn).toBeNull();

    await step(t, "Ben rolls off (FS-R2)", gm(t, [{ type: "rollOff", faces: { [ben]: 4 } }]));
    await addWolf(t);
    await step(t, "a wolf joins the GM's side", async () => undefined);

    await step(t, "Ben claims his turn", gm(t, [{ type: "takeTurn", id: ben }]));
    expect(t.combat.combatant?.id).toBe(ben);
    // Ann leaves from above Ben: Ben's index moves up, he is still acting.
    await step(t, "Ann leaves", () => t.combat.deleteEmbeddedDocuments("Combatant", [ann]));
    expect(t.combat.combatant?.id).toBe(ben);
    await step(t, "Ben, acting, leaves", () => t.combat.deleteEmbeddedDocuments("Combatant", [ben]));
    expect(t.combat.turn).toBeNull();

    calls = await step(t, "the slow part", () =>
      applyRoundEvents(t.combat, [{ type: "advancePhase", gmOverride: true }]),
    );
    await step(t, "the orc claims a slow turn", gm(t, [{ type: "takeTurn", id: orc, gmOverride: true }]));
    expect(t.combat.combatant?.id).toBe(orc);

    calls = await step(t, "a new round", () => t.combat.nextRound());
    expectPreHook(t, calls, "combatRound", { round: 1 });
    expect(t.combat.round).toBe(2);
    expect(t.combat.turn).toBeNull();
  });

  it("phased-round: nobody holds the turn in declaration phases; the melee strikers do, in turn", async () => {
    const t = await table("phased-round");
    const { ann, orc } = t.id;

    let calls = await step(t, "start", () => t.combat.startCombat());
    expectPreHook(t, calls, "combatStart", { round: 0 });
    expect(t.combat.turn).toBeNull();

    for (let i = 0; i < 8; i++)
      await step(t, `phase ${i + 2}`, gm(t, [{ type: "advancePhase", gmOverride: true }]));
    await step(
      t,
      "melee declared",
      gm(t, [
        { type: "declareMelee", id: orc, melee: { group: "g1", initiative: 14 } },
        { type: "declareMelee", id: ann, melee: { group: "g1", initiative: 9, extraWeapons: 1 } },
      ]),
    );

    calls = await step(t, "melee resolution (PR-P10)", () => t.combat.nextTurn());
    expectPreHook(t, calls, "combatTurn", { round: 1 });
    expect(t.combat.combatant?.id).toBe(orc);

    calls = await step(t, "the orc's strike ends", () => t.combat.nextTurn());
    expectPreHook(t, calls, "combatTurn", { round: 1 });
    expect(t.combat.combatant?.id).toBe(ann);

    await addWolf(t);
    await step(t, "a wolf joins", async () => undefined);
    await step(
      t,
      "a roll-off among the strikers",
      gm(t, [{ type: "rollOff", faces: { [orc]: 3, [ann]: 5 } }]),
    );
    await step(t, "Ann, striking, leaves", () => t.combat.deleteEmbeddedDocuments("Combatant", [ann]));

    calls = await step(t, "a new round", () => t.combat.nextRound());
    expectPreHook(t, calls, "combatRound", { round: 1 });
    expect(t.combat.round).toBe(2);
    expect(t.combat.turn).toBeNull();
  });
});

describe("the tracker's turn and round buttons are core's controls", () => {
  type Action = (this: FrayCombatTracker, event: Event, target: HTMLElement) => Promise<void>;
  const actions = FrayCombatTracker.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>;

  /** The tracker of `combat` as rendered for the GM, parsed into a DOM: its buttons are what the GM clicks. */
  function rendered(combat: FrayCombatLike) {
    const tracker = new (FrayCombatTracker as unknown as new () => FrayCombatTracker)();
    Object.defineProperty(tracker, "viewed", { value: combat });
    const fray = tracker.frayContext({});
    const window = new Window();
    window.document.body.innerHTML =
      combatHarness.env.render("templates/combat/tracker.hbs", { fray }) +
      combatHarness.env.render("templates/combat/footer.hbs", { fray });
    const click = async (selector: string) => {
      const button = window.document.querySelector(selector);
      expect(button, selector).not.toBeNull();
      const action = actions[button?.getAttribute("data-action") ?? ""];
      await action?.call(
        tracker,
        new window.Event("click") as unknown as Event,
        button as unknown as HTMLElement,
      );
    };
    return { click };
  }

  it("CD-I2 start, end turn, next phase and end round fire combatStart, combatTurn, combatRound before the write", async () => {
    const t = await table("classic-d20");
    const { ann, ben, orc } = t.id;
    const roll = (total: number) => ({ total, dexterity: 0 });
    await applyRoundEvents(t.combat, [
      { type: "setInitiative", id: ann, roll: roll(12) },
      { type: "setInitiative", id: ben, roll: roll(15) },
      { type: "setInitiative", id: orc, roll: roll(9) },
    ]);
    await settle();

    let calls = await step(t, "Begin Combat", () =>
      rendered(t.combat).click('[data-action="frayStartCombat"]'),
    );
    expectPreHook(t, calls, "combatStart", { round: 0 });

    calls = await step(t, "Ben's End Turn", () =>
      rendered(t.combat).click(`[data-combatant-id="${ben}"] [data-action="frayEndTurn"]`),
    );
    expectPreHook(t, calls, "combatTurn", { round: 1 });
    expect(t.combat.combatant?.id).toBe(ann);

    calls = await step(t, "Next Phase (forced)", () =>
      rendered(t.combat).click('[data-action="frayAdvancePhase"]'),
    );
    expectPreHook(t, calls, "combatTurn", { round: 1 });
    expect(t.combat.turn).toBeNull();

    calls = await step(t, "End Round", () => rendered(t.combat).click('[data-action="frayEndRound"]'));
    expectPreHook(t, calls, "combatRound", { round: 1 });
    expect(t.combat.combatant?.id).toBe(ben);
  });
});
