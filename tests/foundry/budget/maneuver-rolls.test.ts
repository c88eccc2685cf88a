/**
 * The active-defense manoeuvres whose roll the panel posts to the chat through core's `Roll#toMessage`
 * (budget-actions.ts `roll3d6`): AD-M5 aim and AD-M1 feint. The harness's Roll now has `toMessage` (v13: the
 * message made through CONFIG.ChatMessage.documentClass with the user's roll mode); before, it had none and
 * both manoeuvres threw after their dialog.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { clearDom } from "../../harness/dom";
import type { ChatMessageDoc } from "../../harness/chat";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import {
  alice,
  budgetNow,
  budgetWorld,
  creature,
  engineOf,
  events,
  resetWorld,
  settle,
  startedFight,
  weapon,
  world,
} from "./setup";
import { pressBudget } from "./panel";

beforeEach(() => {
  resetWorld();
  queuedFaces.length = 0;
});
afterEach(clearDom);

/** Hiro (bow 12, AG 14: acts first) against an orc, on Hiro's turn. */
async function archerTurn() {
  const hero = creature("Hiro", { activeDefense: { ag: 14, skills: { bow: 12, blade: 11 } } }, [alice]);
  const bow = weapon(hero.actor, "Yumi", { skill: "bow" });
  const orc = creature("Orc", { activeDefense: { ag: 9, skills: { blade: 10 } } });
  const { fight, ids } = await startedFight("active-defense-3d6", hero, orc);
  const heroId = ids[0] as string;
  if (engineOf(fight).current !== heroId)
    await events(fight, [{ type: "takeTurn", id: heroId, gmOverride: true }]);
  return { fight, heroId, orcId: ids[1] as string, bow, hero };
}

const lastMessage = () => [...world.messages.values()].at(-1) as ChatMessageDoc;

describe("the manoeuvres that roll to the chat", () => {
  it("AD-M5 aim: 3d6 against the bow skill posted as a roll message; the margin is kept for the next shot", async () => {
    const { fight, heroId, bow } = await archerTurn();
    budgetWorld.prompts.push({ weaponId: bow.id });
    queueFaces(3, 4, 2);
    expect(await pressBudget(alice, fight, heroId, "Aim")).toBe(true);
    await settle();
    const message = lastMessage();
    expect(message.rolls.map((r) => r.total)).toEqual([9]);
    expect(String(message._source.flavor)).toContain("Aim: Hiro");
    expect(message.author?.id).toBe(alice.id);
    // The user's roll mode (public by default) is applied: nobody is whispered.
    expect(message.whisper).toEqual([]);
    expect(budgetNow<ActiveDefenseBudget>(fight, heroId).aim).toMatchObject({ weaponId: bow.id, margin: 3 });
  });

  it("AD-M1 feint: both sides' 3d6 posted, one message each", async () => {
    const { fight, heroId, orcId, hero } = await archerTurn();
    const sword = weapon(hero.actor, "Katana", { skill: "blade" });
    const before = world.messages.size;
    budgetWorld.prompts.push({ target: orcId, weaponId: sword.id });
    queueFaces(2, 2, 2, 5, 5, 5);
    expect(await pressBudget(alice, fight, heroId, "Feint")).toBe(true);
    await settle();
    const posted = [...world.messages.values()].slice(before);
    expect(posted.map((m) => m.rolls.map((r) => r.total))).toEqual([[6], [15]]);
    expect(posted.map((m) => String(m._source.flavor))).toEqual([
      expect.stringContaining("Feint contest: Hiro"),
      expect.stringContaining("Feint contest: Orc"),
    ]);
    // Hiro's margin 11 − 6 = 5 against the orc's 9 (its AG: no weapon in hand) − 15 = −6: effect 11.
    expect(budgetNow<ActiveDefenseBudget>(fight, heroId).feint).toMatchObject({ target: orcId, effect: 11 });
  });
});
