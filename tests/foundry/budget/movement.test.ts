/**
 * Token movement spends the mover's budget (FS-R5, FS-R6, FS-M1…FS-M6, CD-A1…CD-A3, PR-P2, PR-P6, AD-M7), on
 * v13's movement operations: the mover's client refuses a move the budget cannot pay, with a localized reason
 * (`preMoveToken`); the active GM spends what the token passed (`moveToken`); a GM may confirm an override.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { effectsOf, expireEffect, giveStatus } from "../../harness/effects";
import { V14 } from "../../harness/generation";
import { setStatus } from "../../../src/documents/statuses";
import { queueFaces, queuedFaces } from "../../harness/roll";
import {
  alice,
  as,
  budgetNow,
  budgetWorld,
  creature,
  dragToken,
  engineOf,
  events,
  gm,
  resetWorld,
  settle,
  startedFight,
  world,
} from "./setup";
import { jumpRequest } from "../../../src/documents/budget-requests";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import { askTraversalRoll } from "../../../src/applications/budget/traversal-rolls";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import type { ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import { checkCardOf, rollCheck } from "../../../src/chat/check-card";
import { ItemDoc, type ChatMessageDoc, type TokenDoc } from "../../harness/chat";
import { pressBudget } from "./panel";

const walk = (cost: number) => ({ action: "walk", cost });

async function fastSlowTurn(kind: "fast" | "slow", stats: Record<string, unknown> = {}) {
  const hero = creature("Aldo", stats, [alice]);
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

const moveLeft = (b: FastSlowBudget) => b.turn?.moveLeft;

async function drag(
  user: typeof alice,
  token: TokenDoc,
  steps: { action: string; cost: number; elevation?: number }[],
) {
  const moved = await dragToken(user, token, steps);
  await settle();
  return moved;
}

describe("token movement", () => {
  beforeEach(() => {
    resetWorld();
    queuedFaces.length = 0;
  });

  it("FS-R5 a fast turn's token moves up to Speed and gives up the action", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("fast");
    expect(await drag(alice, hero.token, [walk(3), walk(1.5)])).toBe(true);
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ moveLeft: 5.5, actionLeft: 0 });
  });

  it("a move the budget cannot pay is refused on the mover's client with the reason; nothing is spent", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    const before = budgetFingerprint(budgetNow(fight, heroId));
    expect(await drag(alice, hero.token, [walk(12)])).toBe(false);
    expect(world.warnings).toEqual(["Not enough movement left (10 m)."]);
    expect(budgetFingerprint(budgetNow(fight, heroId))).toBe(before);
  });

  it("FS-M3 a prone creature crawls at half Speed (its whole move covers 5 m) and cannot walk", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    giveStatus(hero.actor, "prone");
    expect(await drag(alice, hero.token, [walk(1)])).toBe(false);
    expect(world.warnings).toEqual(["A prone creature can only crawl."]);
    expect(await drag(alice, hero.token, [{ action: "crawl", cost: 2.5 }])).toBe(true);
    expect(moveLeft(budgetNow(fight, heroId))).toBe(5);
    expect(await drag(alice, hero.token, [{ action: "crawl", cost: 3 }])).toBe(false);
  });

  it("FS-M1 a treacherous surface asks the Agility roll first: a success lets the creature on, at double cost", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow", { fastSlow: { agility: { value: 12 } } });
    budgetWorld.prompts.push({ banes: 1 });
    queueFaces(9, 3);
    expect(await drag(alice, hero.token, [{ action: "balance", cost: 2 }])).toBe(false);
    await settle();
    expect(world.warnings).toEqual(["This surface needs an Agility roll before moving on it."]);
    const card = [...world.messages.values()].map((m) => checkCardOf(m as never)).find(Boolean);
    // 9 + 2 (Agility) − 3 (the bane die) = 8: below 10, the creature stops for this turn.
    expect(card).toMatchObject({ kind: "balance", banes: 1, result: { total: 8, success: false } });
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ stopped: true, moveLeft: 0 });
    expect(hero.actor.statuses.has("prone")).toBe(false);
  });

  it("FS-M1 a passed roll clears the surface for the turn; a total of 0 or less is a fall", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    budgetWorld.prompts.push({ banes: 0 });
    queueFaces(14);
    await as(alice, () => askTraversalRoll(fight.id, heroId, "balance", true));
    await settle();
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn?.traversalPassed).toBe(true);
    expect(await drag(alice, hero.token, [{ action: "balance", cost: 2 }])).toBe(true);
    expect(moveLeft(budgetNow(fight, heroId))).toBe(6);

    const other = await fastSlowTurn("slow", { fastSlow: { strength: { value: 6 } } });
    budgetWorld.prompts.push({ banes: 2 });
    queueFaces(3, 4, 2);
    // FS-M2: the GM asks a Strength roll for a climb; 3 − 4 (Strength 6) − 4 = −5: the climber falls.
    await as(gm, () => askTraversalRoll(other.fight.id, other.heroId, "climb"));
    await settle();
    // The card waits for its owner's roll.
    const asked = [...world.messages.values()].find(
      (m) => checkCardOf(m as never)?.kind === "climb",
    ) as ChatMessageDoc;
    expect(checkCardOf(asked as never)?.result).toBe(null);
    expect(await as(alice, () => rollCheck(asked.id))).toEqual({ ok: true, value: null });
    await settle();
    expect(other.hero.actor.statuses.has("prone")).toBe(true);
    expect(budgetNow<FastSlowBudget>(other.fight, other.heroId).turn?.stopped).toBe(true);
  });

  it("FS-M2 climbing costs double", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    // 3 m straight up (core measures the path from the positions: 3 m along and 3 m up would be 4.24 m).
    expect(await drag(alice, hero.token, [{ action: "climb", cost: 0, elevation: 3 }])).toBe(true);
    expect(moveLeft(budgetNow(fight, heroId))).toBe(4);
  });

  it("FS-M6 a token's long jump counts against the move; when the move runs out mid-jump it lands prone", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    expect(await drag(alice, hero.token, [walk(8), { action: "jump", cost: 3 }])).toBe(true);
    expect(moveLeft(budgetNow(fight, heroId))).toBe(0);
    expect(hero.actor.statuses.has("prone")).toBe(true);
  });

  it("FS-M5 a drop of 5 m is a fall; FS-M5 FS-M6 the jump dialog counts the run-up and the jump", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    // The GM puts the creature on a ledge 5 m up (a GM's "displace" move: free).
    await as(gm, () =>
      (hero.token as TokenDoc & { move(w: unknown): Promise<unknown> }).move([
        { elevation: 5, action: "displace" },
      ]),
    );
    await settle();
    expect(moveLeft(budgetNow(fight, heroId))).toBe(10);
    expect(await drag(alice, hero.token, [{ action: "jump", cost: 0, elevation: 0 }])).toBe(true);
    expect(hero.actor.statuses.has("prone")).toBe(true);
    // A fall ends the creature's movement for this turn.
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ moveLeft: 0, stopped: true });

    const next = await fastSlowTurn("slow", { fastSlow: { agility: { value: 12 } } });
    const jumped = await as(alice, () =>
      jumpRequest.send({
        combatId: next.fight.id,
        combatantId: next.heroId,
        kind: "long",
        metres: 5,
        runUpMetres: 2,
      }),
    );
    expect(jumped).toEqual({ ok: true, value: true });
    // 2 m run-up + 5 m jump out of 10 m.
    expect(moveLeft(budgetNow(next.fight, next.heroId))).toBe(3);
    expect(next.hero.actor.statuses.has("prone")).toBe(false);
    const bob = await as(alice, () =>
      jumpRequest.send({
        combatId: next.fight.id,
        combatantId: next.orcId,
        kind: "long",
        metres: 1,
        runUpMetres: 0,
      }),
    );
    expect(bob).toMatchObject({ ok: false, reason: "notYourBudget" });
  });

  it("FS-M3 crawling through a narrow passage «passage étroit» halves the crawl again, as difficult ground does", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow");
    giveStatus(hero.actor, "prone");
    // Speed 10: the crawl covers 5 m, through a narrow passage 2.5 m; 1 m of it uses 4 m of the move.
    expect(await drag(alice, hero.token, [{ action: "crawlNarrow", cost: 1 }])).toBe(true);
    expect(moveLeft(budgetNow(fight, heroId))).toBe(6);
    expect(await drag(alice, hero.token, [{ action: "crawlNarrow", cost: 1.6 }])).toBe(false);
    expect(await drag(alice, hero.token, [{ action: "crawl", cost: 3 }])).toBe(true);
    expect(moveLeft(budgetNow(fight, heroId))).toBe(0);
  });

  it("FS-M6 a long jump over a pit «une fosse», declared in the jump dialog: out of move mid-jump, the creature falls", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow", { fastSlow: { agility: { value: 12 } } });
    expect(await drag(alice, hero.token, [walk(8)])).toBe(true);
    // 4 m over the pit with 2 m of move left.
    budgetWorld.prompts.push({ kind: "long", metres: 4, runUpMetres: 0, overGap: true });
    expect(await pressBudget(alice, fight, heroId, "Jump")).toBe(true);
    await settle();
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ moveLeft: 0, stopped: true });
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect([...world.messages.values()].map((m) => String(m._source.content ?? ""))).toContainEqual(
      expect.stringContaining("Aldo falls."),
    );
    // The same jump on level ground lands prone, and no fall is announced.
    const level = await fastSlowTurn("slow", { fastSlow: { agility: { value: 12 } } });
    world.messages.clear();
    expect(await drag(alice, level.hero.token, [walk(8)])).toBe(true);
    budgetWorld.prompts.push({ kind: "long", metres: 4, runUpMetres: 0, overGap: false });
    expect(await pressBudget(alice, level.fight, level.heroId, "Jump")).toBe(true);
    await settle();
    expect(level.hero.actor.statuses.has("prone")).toBe(true);
    expect([...world.messages.values()]).toHaveLength(0);
  });

  it("FS-M5 running out of move mid high jump is a fall; FS-M5 FS-M6 the GM *may* ask an Agility roll, and a failure is a fall", async () => {
    const { fight, heroId, hero } = await fastSlowTurn("slow", { fastSlow: { agility: { value: 12 } } });
    expect(await drag(alice, hero.token, [walk(9.7)])).toBe(true);
    budgetWorld.prompts.push({ kind: "high", metres: 0.6, runUpMetres: 0, overGap: false });
    expect(await pressBudget(alice, fight, heroId, "Jump")).toBe(true);
    await settle();
    expect(budgetNow<FastSlowBudget>(fight, heroId).turn).toMatchObject({ moveLeft: 0, stopped: true });
    expect(hero.actor.statuses.has("prone")).toBe(true);

    // A long jump of 5 m is more than Agility 12 (+2) jumps without a roll (4 m): the GM asks the roll.
    const next = await fastSlowTurn("slow", { fastSlow: { agility: { value: 12 } } });
    budgetWorld.prompts.push({ kind: "long", metres: 5, runUpMetres: 0, overGap: true });
    expect(await pressBudget(alice, next.fight, next.heroId, "Jump")).toBe(true);
    await settle();
    expect(next.hero.actor.statuses.has("prone")).toBe(false);
    // *May*: no roll is asked until the GM asks it.
    expect([...world.messages.values()].some((m) => checkCardOf(m as never)?.kind === "jump")).toBe(false);
    budgetWorld.prompts.push({ banes: 0 });
    expect(await pressBudget(gm, next.fight, next.heroId, "Ask an Agility roll (jump)")).toBe(true);
    await settle();
    const asked = [...world.messages.values()].find(
      (m) => checkCardOf(m as never)?.kind === "jump",
    ) as ChatMessageDoc;
    expect(checkCardOf(asked as never)).toMatchObject({
      attributeKey: "FRAY.Family.fast-slow.Attribute.agility",
    });
    // 6 + 2 = 8: short of 10, the jump fails and the creature falls.
    queueFaces(6);
    expect(await as(alice, () => rollCheck(asked.id))).toEqual({ ok: true, value: null });
    await settle();
    expect(next.hero.actor.statuses.has("prone")).toBe(true);
    expect(budgetNow<FastSlowBudget>(next.fight, next.heroId).turn?.stopped).toBe(true);
  });

  it("the GM confirms an override of a refused move: it is made, and the overspend recorded", async () => {
    const { fight, orcId, orc } = await fastSlowTurn("slow");
    await events(fight, [{ type: "endTurn" }, { type: "takeTurn", id: orcId, gmOverride: true }]);
    budgetWorld.confirms.push(true);
    expect(await drag(gm, orc.token, [walk(14)])).toBe(false);
    await settle();
    expect(budgetWorld.dialogs).toHaveLength(1);
    expect(budgetWorld.moves).toHaveLength(1);
    const after = budgetNow<FastSlowBudget>(fight, orcId);
    expect(after.turn?.moveLeft).toBe(0);
    expect(after.overrides).toEqual([{ event: "move", reason: "notEnoughMovement", amount: 4 }]);
  });

  it("a GM who declines the override moves nothing", async () => {
    const { fight, orcId, orc } = await fastSlowTurn("slow");
    await events(fight, [{ type: "endTurn" }, { type: "takeTurn", id: orcId, gmOverride: true }]);
    budgetWorld.confirms.push(false);
    expect(await drag(gm, orc.token, [walk(14)])).toBe(false);
    await settle();
    expect(budgetWorld.moves).toHaveLength(0);
    expect(budgetNow<FastSlowBudget>(fight, orcId).turn?.moveLeft).toBe(10);
  });

  it("FS-M4 a flying creature knocked prone falls to the ground", async () => {
    const { hero } = await fastSlowTurn("slow");
    const token = hero.token as TokenDoc & { elevation: number; movementAction: string };
    expect(await drag(alice, token, [{ action: "fly", cost: 6, elevation: 6 }])).toBe(true);
    expect(token.movementAction).toBe("fly");
    await as(gm, () =>
      (
        hero.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<void> }
      ).toggleStatusEffect("prone", { active: true }),
    );
    await settle();
    expect(token.elevation).toBe(0);
    const notes = [...world.messages.values()].map((m) =>
      String((m as ChatMessageDoc)._source.content ?? ""),
    );
    expect(notes.some((c) => c.includes("Aldo falls."))).toBe(true);
  });

  it("FS-M4 a flying creature its owner knocks prone falls: the GM's client hears the new effect", async () => {
    const { hero } = await fastSlowTurn("slow");
    const token = hero.token as TokenDoc & { elevation: number; movementAction: string };
    expect(await drag(alice, token, [{ action: "fly", cost: 6, elevation: 6 }])).toBe(true);
    // The owner toggles the status on its own client; core creates the effect and every client hears it.
    await as(alice, () =>
      (
        hero.actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }
      ).toggleStatusEffect("prone", { active: true }),
    );
    await settle();
    expect(token.elevation).toBe(0);
    const notes = [...world.messages.values()].map((m) =>
      String((m as ChatMessageDoc)._source.content ?? ""),
    );
    expect(notes.some((c) => c.includes("Aldo falls."))).toBe(true);
  });

  it("FS-M4 a flying creature whose prone effect is turned back on falls: an update of the effect, no new one", async () => {
    const { hero } = await fastSlowTurn("slow");
    const token = hero.token as TokenDoc & { elevation: number; movementAction: string };
    const prone = giveStatus(hero.actor, "prone", { disabled: true });
    expect(await drag(alice, token, [{ action: "fly", cost: 6, elevation: 6 }])).toBe(true);
    await as(alice, () => prone.update({ disabled: false }));
    await settle();
    expect(token.elevation).toBe(0);
    expect(effectsOf(hero.actor).contents).toEqual([prone]);
  });

  it.runIf(V14)(
    "FS-M4 v14: a flying creature whose prone core had expired is knocked prone again — that effect revived, an update — and falls",
    async () => {
      const { hero } = await fastSlowTurn("slow");
      const token = hero.token as TokenDoc & { elevation: number; movementAction: string };
      const prone = giveStatus(hero.actor, "prone", { duration: { value: 1, units: "rounds" } });
      await expireEffect(prone, { action: "update", by: alice });
      await settle();
      expect(hero.actor.statuses.has("prone")).toBe(false);
      expect(await drag(alice, token, [{ action: "fly", cost: 6, elevation: 6 }])).toBe(true);
      await as(gm, () => setStatus(hero.actor as never, "prone", true));
      await settle();
      expect(effectsOf(hero.actor).contents).toEqual([prone]);
      expect(hero.actor.statuses.has("prone")).toBe(true);
      expect(token.elevation).toBe(0);
    },
  );

  it("FS-M4 a flying creature its own item knocks prone (a transferred effect) falls", async () => {
    const { hero } = await fastSlowTurn("slow");
    const token = hero.token as TokenDoc & { elevation: number; movementAction: string };
    const boots = new ItemDoc("Cursed boots", "gear", {});
    hero.actor.items.push(boots);
    expect(await drag(alice, token, [{ action: "fly", cost: 6, elevation: 6 }])).toBe(true);
    await as(gm, () =>
      (
        boots as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
      ).createEmbeddedDocuments("ActiveEffect", [{ name: "Heavy", statuses: ["prone"] }]),
    );
    await settle();
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect(token.elevation).toBe(0);
  });

  it("CD-A1 a token's move opens the move action; CD-A2 further movement waits for the standard action to be given", async () => {
    const hero = creature("Wojtek", { speed: 9 }, [alice]);
    const { fight, ids } = await startedFight("classic-d20", hero, creature("Ork", {}));
    const id = ids[0] as string;
    if (engineOf(fight).current !== id) await events(fight, [{ type: "takeTurn", id, gmOverride: true }]);
    expect(await drag(alice, hero.token, [walk(6)])).toBe(true);
    expect(budgetNow<ClassicD20Budget>(fight, id).turn).toMatchObject({ moveLeft: 0, metresLeft: 3 });
    expect(await drag(alice, hero.token, [walk(6)])).toBe(false);
    expect(world.warnings).toEqual([
      "This needs the standard action as a second move action: confirm to use it.",
    ]);
  });

  it("PR-P6 a token moves in the movement phase, its share of the potential declared; PR-P2 a caster moves 25 % at most", async () => {
    const mage = creature("Mage", { phasedRound: { movement: 12 } }, [alice]);
    const { fight, ids } = await startedFight("phased-round", mage, creature("Orc", {}));
    const id = ids[0] as string;
    expect(await drag(alice, mage.token, [walk(3)])).toBe(false);
    expect(world.warnings).toEqual(["Tokens move in the movement and manoeuvre phase."]);
    await events(fight, [{ type: "declareSpell", id, spell: "cast" }]);
    for (let i = 0; i < 5; i++) await events(fight, [{ type: "advancePhase", gmOverride: true }]);
    expect(engineOf(fight).phase).toBe(5);
    expect(await drag(alice, mage.token, [walk(3)])).toBe(true);
    expect(engineOf(fight).combatants.find((c) => c.id === id)?.sheet?.movement?.percent).toBe(25);
    world.warnings.length = 0;
    expect(await drag(alice, mage.token, [walk(1)])).toBe(false);
    expect(world.warnings[0]).toContain("25");
  });

  it("AD-M7 moving takes the turn's Move manoeuvre; opposed-d20 counts no metres", async () => {
    const kenji = creature("Kenji", {}, [alice]);
    const { fight, ids } = await startedFight("active-defense-3d6", kenji, creature("Oni", {}));
    const id = ids[0] as string;
    if (engineOf(fight).current !== id) await events(fight, [{ type: "takeTurn", id, gmOverride: true }]);
    expect(await drag(alice, kenji.token, [walk(4)])).toBe(true);
    expect(budgetNow<ActiveDefenseBudget>(fight, id).maneuver).toBe("move");

    const ana = creature("Ana", {}, [alice]);
    await startedFight("opposed-d20", ana, creature("Orco", {}));
    expect(await drag(alice, ana.token, [walk(40)])).toBe(true);
  });

  it("a creature in no started fight moves freely", async () => {
    const loner = creature("Loner", {}, [alice]);
    expect(await drag(alice, loner.token, [walk(100)])).toBe(true);
    expect(world.warnings).toEqual([]);
  });
});
