/**
 * Spending through the active GM (issue: "a player can never spend another's budget; the GM can override";
 * "double-click spends once"; "a refused event changes nothing"): the `budget.spend` request re-checks
 * ownership and the override on the GM side, the rules decide, the budget is written whole; the round engine's
 * notices reset and open the budgets (FS-A16, FS-R5, FS-R6, OD-R1, OD-R3, AD-T1); opposed-d20's counts are the
 * engine's; phased-round declares through the round engine (PR-B2).
 */
import fc from "fast-check";
import { runs } from "../../property-runs";
import { beforeEach, describe, expect, it } from "vitest";
import { giveStatus } from "../../harness/effects";
import {
  alice,
  as,
  bob,
  budgetNow,
  budgetWorld,
  creature,
  engineOf,
  events,
  gm,
  resetWorld,
  setSetting,
  startedFight,
  weapon,
  world,
} from "./setup";
import { spendBudgetRequest } from "../../../src/documents/budget-requests";
import { declareRequest } from "../../../src/documents/combat-requests";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { OpposedD20Budget } from "../../../src/rules/families/opposed-d20/budget";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import { combatantData } from "../../../src/documents/combat-api";
import { endDefendWhenUnableToAct } from "../../../src/documents/defend-watch";
import type { ChatUser } from "../../harness/chat";

function spend(
  user: ChatUser,
  fight: { id: string },
  combatantId: string,
  event: object,
  extra: object = {},
) {
  return as(user, () =>
    spendBudgetRequest.send({ combatId: fight.id, combatantId, event, ...extra } as never),
  );
}

async function fastSlowFight(kind: "fast" | "slow" = "fast") {
  const hero = creature("Aldo", {}, [alice]);
  const orc = creature("Orc", {});
  const { fight, ids } = await startedFight("fast-slow", hero, orc);
  const [heroId, orcId] = ids as [string, string];
  if (kind === "slow")
    await events(fight, [
      { type: "pass", id: heroId },
      { type: "advancePhase", gmOverride: true },
    ]);
  await events(fight, [{ type: "takeTurn", id: heroId }]);
  return { fight, heroId, orcId, hero, orc };
}

describe("budget requests", () => {
  beforeEach(resetWorld);

  it("FS-R5 FS-A16 the round and the hero's fast turn open its budget from the engine's notices and its Speed", async () => {
    const { fight, heroId, orcId } = await fastSlowFight("fast");
    const hero = budgetNow<FastSlowBudget>(fight, heroId);
    expect(hero.turn).toMatchObject({ kind: "fast", speed: 10, actionLeft: 1, moveLeft: 10, minorLeft: 1 });
    expect(hero.reactionLeft).toBe(1);
    // The orc has not taken a turn: only its round is open.
    expect(budgetNow<FastSlowBudget>(fight, orcId).turn).toBe(null);
    // The budget is written on the combatant, whole.
    expect(combatantData(fight.combatants.get(heroId) as never).budget).toMatchObject({ round: 1 });
  });

  it("FS-A2 FS-R5 a player spends its creature's action through the GM; a fast turn then has no move", async () => {
    const { fight, heroId } = await fastSlowFight("fast");
    expect(await spend(alice, fight, heroId, { type: "activity", activity: "cast" })).toEqual({
      ok: true,
      value: true,
    });
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({
      actionLeft: 0,
      moveLeft: 0,
      actionUsedFor: "cast",
    });
    // The rules refuse a second action, with the reason.
    expect(await spend(alice, fight, heroId, { type: "activity", activity: "search" })).toMatchObject({
      ok: false,
      reason: "actionUsed",
    });
  });

  it.each([
    ["FS-A2", "cast"],
    ["FS-A6", "dismiss"],
    ["FS-A7", "search"],
    ["FS-A8", "help"],
    ["FS-A12", "retreat"],
    ["FS-A13", "rush"],
    ["FS-A14", "stabilize"],
    ["FS-A15", "useItem"],
  ] as const)("%s the panel's %s spends the slow turn's action through the GM", async (_id, activity) => {
    const { fight, heroId } = await fastSlowFight("slow");
    expect(await spend(alice, fight, heroId, { type: "activity", activity })).toEqual({
      ok: true,
      value: true,
    });
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({
      actionLeft: 0,
      actionUsedFor: activity,
    });
  });

  it("FS-A11 reloading needs a weapon with the reload property — the item's, read by the GM — and ammunition", async () => {
    const { fight, heroId, hero } = await fastSlowFight("slow");
    const bow = weapon(hero.actor, "Sling");
    const crossbow = weapon(hero.actor, "Crossbow", { properties: { reload: true } });
    const reload = (itemId: string, hasAmmunition: boolean, weaponHasReload = false) =>
      spend(
        alice,
        fight,
        heroId,
        { type: "activity", activity: "reload", weaponHasReload, hasAmmunition },
        { itemId },
      );
    expect(await reload(bow.id, true, true)).toMatchObject({ ok: false, reason: "notReloadable" });
    expect(await reload(crossbow.id, false)).toMatchObject({ ok: false, reason: "noAmmunition" });
    expect(await reload(crossbow.id, true)).toMatchObject({ ok: true });
  });

  it("a player can never spend another's budget, nor override; what was refused is left as it was", async () => {
    const { fight, heroId, orcId } = await fastSlowFight("fast");
    const before = budgetFingerprint(budgetNow(fight, heroId));
    expect(await spend(bob, fight, heroId, { type: "activity", activity: "cast" })).toMatchObject({
      ok: false,
      reason: "notYourBudget",
    });
    expect(await spend(bob, fight, orcId, { type: "minor" })).toMatchObject({
      ok: false,
      reason: "notYourBudget",
    });
    expect(
      await spend(alice, fight, heroId, { type: "activity", activity: "cast" }, { override: true }),
    ).toMatchObject({
      ok: false,
      reason: "overrideNeedsGM",
    });
    expect(budgetFingerprint(budgetNow(fight, heroId))).toBe(before);
  });

  it("the GM overrides a refusal: the spend is applied and the bypassed rule recorded; nothing goes negative", async () => {
    const { fight, heroId } = await fastSlowFight("fast");
    await spend(alice, fight, heroId, { type: "activity", activity: "cast" });
    expect(await spend(gm, fight, heroId, { type: "activity", activity: "help" })).toMatchObject({
      ok: false,
    });
    expect(
      await spend(gm, fight, heroId, { type: "activity", activity: "help" }, { override: true }),
    ).toEqual({
      ok: true,
      value: true,
    });
    const after = budgetNow<FastSlowBudget>(fight, heroId);
    expect(after.overrides).toEqual([{ event: "activity", reason: "actionUsed" }]);
    expect(after.turn?.actionLeft).toBe(0);
  });

  it("FS-A17 a double click spends once: the second request was drawn from a budget that has changed", async () => {
    const { fight, heroId } = await fastSlowFight("slow");
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.minorLeft).toBe(2);
    const expect1 = budgetFingerprint(budgetNow(fight, heroId));
    const [a, b] = await Promise.all([
      spend(alice, fight, heroId, { type: "minor" }, { expect: expect1 }),
      spend(alice, fight, heroId, { type: "minor" }, { expect: expect1 }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect([a, b].find((o) => !o.ok)).toMatchObject({ reason: "budgetChanged" });
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.minorLeft).toBe(1);
  });

  it("FS-A17 the world's fsMinorBonus sets the extra minor activities of a turn that gives up its move or action", async () => {
    setSetting("fsMinorBonus", 2);
    try {
      const { fight, heroId } = await fastSlowFight("fast");
      expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ minorLeft: 1, minorBonus: 2 });
      // A fast turn that neither acts nor moves: 1 + 2 minor activities, asked by its player.
      for (let i = 0; i < 3; i++)
        expect((await spend(alice, fight, heroId, { type: "minor" })).ok, `minor ${i + 1}`).toBe(true);
      expect(await spend(alice, fight, heroId, { type: "minor" })).toMatchObject({
        ok: false,
        reason: "minorActivitiesUsed",
      });
      // Having done them, it may not act any more this turn.
      expect(await spend(alice, fight, heroId, { type: "activity", activity: "defend" })).toMatchObject({
        ok: false,
        reason: "minorBonusTaken",
      });
    } finally {
      setSetting("fsMinorBonus", 1);
    }
  });

  it("FS-A16 FS-A10 a prepared activity is kept with its trigger; its reaction is used once a round, and comes back", async () => {
    const { fight, heroId } = await fastSlowFight("slow");
    expect(
      await spend(alice, fight, heroId, {
        type: "activity",
        activity: "prepare",
        prepared: { activity: "attack", trigger: "the door opens" },
      }),
    ).toMatchObject({ ok: true });
    await events(fight, [{ type: "endTurn", id: heroId }]);
    expect(await spend(alice, fight, heroId, { type: "reaction", kind: "prepared" })).toMatchObject({
      ok: true,
    });
    expect(await spend(alice, fight, heroId, { type: "reaction", kind: "other" })).toMatchObject({
      ok: false,
      reason: "reactionUsed",
    });
    await events(fight, [{ type: "endRound", gmOverride: true }]);
    const next = budgetNow<FastSlowBudget>(fight, heroId);
    expect([next.round, next.reactionLeft, next.prepared]).toEqual([2, 1, null]);
  });

  it("FS-M3 dropping prone is free and lies the creature down; standing up uses the move and lifts it", async () => {
    const { fight, heroId, hero } = await fastSlowFight("slow");
    expect(await spend(alice, fight, heroId, { type: "dropProne" })).toMatchObject({ ok: true });
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ actionLeft: 1, moveLeft: 10 });
    expect(await spend(alice, fight, heroId, { type: "standUp", using: "move" })).toMatchObject({ ok: true });
    expect(hero.actor.statuses.has("prone")).toBe(false);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ actionLeft: 1, moveLeft: 0 });
  });

  it("OD-R1 OD-R3 the counters come from the character; the engine's counts are the store, refused at the limit", async () => {
    const ana = creature("Ana", { opposedD20: { actions: { active: 1, passive: 2 } } }, [alice]);
    const orc = creature("Orco", {});
    const { fight, ids } = await startedFight("opposed-d20", ana, orc);
    const anaId = ids[0] as string;
    if (engineOf(fight).current !== anaId)
      await events(fight, [{ type: "takeTurn", id: anaId, gmOverride: true }]);
    expect(budgetNow<OpposedD20Budget>(fight, anaId)).toMatchObject({
      limits: { active: 1, passive: 2 },
      turn: "acting",
    });
    expect(await spend(alice, fight, anaId, { type: "action", counter: "active" })).toMatchObject({
      ok: true,
    });
    expect(engineOf(fight).combatants.find((c) => c.id === anaId)?.actions).toEqual({
      active: 1,
      passive: 0,
    });
    expect(await spend(alice, fight, anaId, { type: "action", counter: "active" })).toMatchObject({
      ok: false,
      reason: "activeLimitReached",
    });
    expect(
      await spend(gm, fight, anaId, { type: "action", counter: "active" }, { override: true }),
    ).toMatchObject({ ok: true });
    expect(engineOf(fight).combatants.find((c) => c.id === anaId)?.actions?.active).toBe(2);
    // OD-R4: a reaction names its trigger and spends the counter its technique names.
    expect(
      await spend(alice, fight, anaId, { type: "reaction", trigger: "an ally is hit", counter: "passive" }),
    ).toMatchObject({ ok: true });
    const now = budgetNow<OpposedD20Budget>(fight, anaId);
    expect(now.reactions).toEqual([{ trigger: "an ally is hit", counter: "passive" }]);
    expect(now.counts).toEqual({ active: 2, passive: 1 });
  });

  it("CD-A1 CD-A6 the standard action is spent once; CD-A2 a move action may replace it", async () => {
    const hero = creature("Wojtek", {}, [alice]);
    const { fight, ids } = await startedFight("classic-d20", hero, creature("Ork", {}));
    const heroId = ids[0] as string;
    if (engineOf(fight).current !== heroId)
      await events(fight, [{ type: "takeTurn", id: heroId, gmOverride: true }]);
    expect(await spend(alice, fight, heroId, { type: "moveAction" })).toMatchObject({ ok: true });
    expect(await spend(alice, fight, heroId, { type: "moveAction" })).toMatchObject({
      ok: false,
      reason: "wouldUseStandard",
    });
    expect(await spend(alice, fight, heroId, { type: "moveAction", useStandard: true })).toMatchObject({
      ok: true,
    });
    expect(await spend(alice, fight, heroId, { type: "standard" })).toMatchObject({
      ok: false,
      reason: "standardActionUsed",
    });
    expect(budgetNow<ClassicD20Budget>(fight, heroId).turn).toMatchObject({
      standardLeft: 0,
      moveLeft: 0,
      standardUsedAs: "move",
    });
  });

  it("CD-A5 a combatant with the standard-only status gets no move action; a full-round action that may be one is allowed", async () => {
    const hero = creature("Wojtek", {}, [alice]);
    giveStatus(hero.actor, "standardOnly");
    const { fight, ids } = await startedFight("classic-d20", hero, creature("Ork", {}));
    const heroId = ids[0] as string;
    if (engineOf(fight).current !== heroId)
      await events(fight, [{ type: "takeTurn", id: heroId, gmOverride: true }]);
    expect(budgetNow<ClassicD20Budget>(fight, heroId).turn).toMatchObject({
      standardOnly: true,
      moveLeft: 0,
    });
    expect(await spend(alice, fight, heroId, { type: "fullRound" })).toMatchObject({
      ok: false,
      reason: "limitedToStandard",
    });
    expect(await spend(alice, fight, heroId, { type: "fullRound", canBeStandard: true })).toMatchObject({
      ok: true,
    });
  });

  it("AD-M1…AD-M8 one manoeuvre per turn from the picker; AD-T1 all-out defense lasts until the next turn", async () => {
    const kenji = creature("Kenji", {}, [alice]);
    const { fight, ids } = await startedFight("active-defense-3d6", kenji, creature("Oni", {}));
    const id = ids[0] as string;
    if (engineOf(fight).current !== id) await events(fight, [{ type: "takeTurn", id, gmOverride: true }]);
    expect(await spend(alice, fight, id, { type: "maneuver", maneuver: "allOutDefense" })).toMatchObject({
      ok: true,
    });
    expect(await spend(alice, fight, id, { type: "maneuver", maneuver: "move" })).toMatchObject({
      ok: false,
      reason: "maneuverTaken",
    });
    expect(budgetNow<ActiveDefenseBudget>(fight, id).allOut).toMatchObject({ kind: "defense" });
    // The round engine holds it too, so the tracker and every card see it, and ends it at the next turn.
    expect(engineOf(fight).timed).toMatchObject([
      { key: "allOutDefense", holder: id, expiry: { kind: "holderNextTurn" } },
    ]);
  });

  it("FS-A5 the Defend action leaves Defend on the round engine until the end of the round", async () => {
    const { fight, heroId } = await fastSlowFight("fast");
    expect(await spend(alice, fight, heroId, { type: "activity", activity: "defend" })).toMatchObject({
      ok: true,
    });
    expect(engineOf(fight).timed).toMatchObject([
      { key: "defend", holder: heroId, expiry: { kind: "endOfRound", round: 1 } },
    ]);
    await events(fight, [{ type: "endRound", gmOverride: true }]);
    expect(engineOf(fight).timed).toEqual([]);
  });

  it("FS-A5 Defend ends at once when the defender is stunned, and does not come back when it recovers", async () => {
    const { fight, heroId, hero } = await fastSlowFight("fast");
    await spend(alice, fight, heroId, { type: "activity", activity: "defend" });
    const actor = hero.actor as unknown as {
      toggleStatusEffect(id: string, o: { active: boolean }): Promise<void>;
    };
    const watch = () => as(gm, () => endDefendWhenUnableToAct(fight as never, hero.actor as never));
    await watch(); // still able to act: Defend stays
    expect(engineOf(fight).timed).toMatchObject([{ key: "defend" }]);
    await as(gm, () => actor.toggleStatusEffect("stunned", { active: true }));
    await watch();
    expect(engineOf(fight).timed).toEqual([]);
    await as(gm, () => actor.toggleStatusEffect("stunned", { active: false }));
    await watch();
    expect(engineOf(fight).timed).toEqual([]);
  });

  it("PR-B1 PR-B2 phased-round spends by declaring: a forbidden declaration is refused with its reason; the GM may force it", async () => {
    const mage = creature("Mage", {}, [alice]);
    const { fight, ids } = await startedFight("phased-round", mage, creature("Orc", {}));
    const id = ids[0] as string;
    expect(await spend(alice, fight, id, { type: "melee" })).toMatchObject({
      ok: false,
      reason: "declareInTracker",
    });
    const declare = (user: ChatUser, declaration: object, force = false) =>
      as(user, () =>
        declareRequest.send({ combatId: fight.id, combatantId: id, declaration, force } as never),
      );
    expect(await declare(alice, { kind: "spell", spell: "cast" })).toMatchObject({ ok: true });
    await events(fight, [
      { type: "advancePhase", gmOverride: true },
      { type: "advancePhase", gmOverride: true },
      { type: "advancePhase", gmOverride: true },
    ]);
    expect(await declare(alice, { kind: "missile", weapon: "single" })).toMatchObject({
      ok: false,
      reason: "casterCannotShoot",
    });
    // A player asking to force gets no override; the GM does.
    expect(await declare(alice, { kind: "missile", weapon: "single" }, true)).toMatchObject({ ok: false });
    expect(await declare(gm, { kind: "missile", weapon: "single" }, true)).toMatchObject({ ok: true });
  });

  it("a refused request changes nothing and no budget goes negative, whoever asks for whatever (property)", async () => {
    const { fight, heroId, orcId } = await fastSlowFight("slow");
    const users = [gm, alice, bob];
    const payloads = fc.oneof(
      fc.constantFrom(
        { type: "activity", activity: "cast" },
        { type: "activity", activity: "rush" },
        { type: "minor" },
        { type: "reaction", kind: "other" },
        { type: "standUp", using: "action" },
        { type: "dropProne" },
        { type: "activity", activity: "prepare", prepared: { activity: "cast", trigger: "" } },
        { type: "nonsense" },
      ),
      fc.anything(),
    );
    const negative = (v: unknown): boolean =>
      typeof v === "number" ? v < 0 : !!v && typeof v === "object" && Object.values(v).some(negative);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1, 2),
        fc.constantFrom(heroId, orcId),
        payloads,
        fc.boolean(),
        async (who, target, event, override) => {
          const before = budgetFingerprint(budgetNow(fight, target));
          const out = await spend(
            users[who] as ChatUser,
            fight,
            target,
            event as object,
            override ? { override } : {},
          );
          const after = budgetNow(fight, target);
          if (!out.ok) expect(budgetFingerprint(after)).toBe(before);
          expect(negative(after)).toBe(false);
          if (who === 2) expect(out.ok).toBe(false);
        },
      ),
      runs(1000),
    );
    expect(world.warnings).toEqual([]);
    expect(budgetWorld.dialogs).toEqual([]);
  });
});
