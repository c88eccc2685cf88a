/**
 * Active-defense-3d6 concentration on the Foundry side (AD-M6, AD-T1): begun from a spell on the caster's turn,
 * held until its next turn with the concentrating status; the casting roll «詠唱判定» is posted as that turn
 * starts; a defense chosen meanwhile asks for the maintenance roll on the attack card, and a failure breaks the
 * concentration — no casting roll then.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { giveItem } from "../../harness/mounted";
import {
  alice,
  as,
  attack,
  bob,
  click,
  creature,
  fightWith,
  gm,
  settle,
  setSetting,
  textOf,
  view,
  weapon,
  world,
} from "../chat/setup";
import { checkCards, checkOf } from "./setup";
import { applyRoundEvents, timedStatesOf } from "../../../src/documents/combat-api";
import { startConcentration } from "../../../src/documents/concentration/concentration-start";
import { pressBudget } from "../budget/panel";
import { storedBudgetOf } from "../../../src/documents/budget-store";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";

async function scene() {
  const hero = creature("Hiro", { activeDefense: { ag: 10, skills: { blade: 12 } } }, [alice]);
  const kenji = creature("Kenji", { activeDefense: { ag: 12, dev: 6, wl: 10 } }, [bob]);
  const spell = giveItem(kenji.actor, "Fire Lance", "spell", {
    concentration: true,
    duration: { value: 1, unit: "rounds" },
    castingTarget: 11,
  });
  const blade = weapon(hero.actor, "Blade", { damage: "2d6" });
  const fight = fightWith("active-defense-3d6", hero, kenji);
  const started = await as(gm, () => applyRoundEvents(fight.fight as never, [{ type: "startCombat" }]));
  if (!started.ok) throw new Error(started.reason);
  await settle();
  return { hero, kenji, spell, blade, fight, kenjiId: fight.ids[1] as string };
}

type Scene = Awaited<ReturnType<typeof scene>>;

async function concentrate(s: Scene) {
  const out = await as(bob, () =>
    startConcentration(s.kenji.actor as never, s.spell as never, s.kenji.token as never),
  );
  await settle();
  return out;
}

/** Hiro's turn and the rest of the round pass; Kenji's next turn starts. */
async function toKenjisNextTurn(s: Scene) {
  for (const events of [
    [{ type: "endTurn" as const }],
    [{ type: "endTurn" as const }],
    [{ type: "endRound" as const, gmOverride: true }],
  ]) {
    const out = await as(gm, () => applyRoundEvents(s.fight.fight as never, events));
    if (!out.ok) throw new Error(out.reason);
    await settle();
  }
}

/** Presses the action panel's Concentrate manoeuvre for Kenji as `user`, the form answered with `answer`. */
async function panelConcentrate(s: Scene, user: typeof bob, answer: Record<string, unknown> | null) {
  const dialog = (
    globalThis as unknown as { foundry: { applications: { api: { DialogV2: Record<string, unknown> } } } }
  ).foundry.applications.api.DialogV2;
  const shown: { content?: string }[] = [];
  const before = dialog.prompt;
  dialog.prompt = async (options: { content?: string }) => {
    shown.push(options);
    return answer;
  };
  try {
    const out = await pressBudget(user, s.fight.fight, s.kenjiId, "Concentrate");
    await settle();
    return { out, shown };
  } finally {
    dialog.prompt = before;
  }
}

const maneuverOf = (s: Scene) =>
  (
    storedBudgetOf(
      s.fight.fight as never,
      s.fight.fight.combatants.get(s.kenjiId) as never,
    ) as ActiveDefenseBudget
  ).maneuver;

describe("active-defense-3d6 concentration (Foundry side)", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    alice.active = true;
    bob.active = true;
    setSetting("npcAutoDefense", false);
    setSetting("adCriticalSuccess", 4);
    setSetting("adCriticalFailure", 17);
  });

  it("AD-M6 concentrating on a spell lasts until the caster's next turn, when the casting roll is posted", async () => {
    const s = await scene();
    expect(await concentrate(s)).toEqual({ ok: true, value: null });
    expect(timedStatesOf(s.fight.fight as never, s.kenjiId)).toMatchObject([
      { key: "concentration", expiry: { kind: "holderNextTurn" }, data: { spellId: s.spell.uuid } },
    ]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(true);
    expect(checkCards()).toHaveLength(0);

    await toKenjisNextTurn(s);
    expect(timedStatesOf(s.fight.fight as never, s.kenjiId)).toEqual([]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(false);
    const [casting] = checkCards();
    expect(checkOf(casting!)).toMatchObject({ kind: "casting", dice: "3d6", target: 11, result: null });
    expect(textOf(await view(casting!, bob, "ja"))).toContain("詠唱判定");
    expect(textOf(await view(casting!, bob))).toContain("Fire Lance is cast at the start of this turn");
    queueFaces(3, 4, 4);
    await click(bob, casting!, "rollCheck" as never);
    expect(checkOf(casting!).result).toMatchObject({ total: 11, success: true, margin: 0 });
  });

  it("AD-M6 the action panel's Concentrate manoeuvre asks which spell and concentrates on it, spending the manoeuvre with it", async () => {
    const s = await scene();
    giveItem(s.kenji.actor, "<b>Ice</b> Lance", "spell", { concentration: true, castingTarget: 10 });
    const { out, shown } = await panelConcentrate(s, bob, { itemId: s.spell.id });
    expect(out).toBe(true);
    // The form offers the spells that need concentration, names escaped.
    expect(shown[0]?.content).toContain("Fire Lance");
    expect(shown[0]?.content).toContain("&lt;b&gt;Ice&lt;/b&gt; Lance");
    expect(timedStatesOf(s.fight.fight as never, s.kenjiId)).toMatchObject([
      { key: "concentration", expiry: { kind: "holderNextTurn" }, data: { spellId: s.spell.uuid } },
    ]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(true);
    expect(maneuverOf(s)).toBe("concentrate");
    // Closing the form spends nothing.
    const s2 = await scene();
    expect((await panelConcentrate(s2, bob, null)).out).toBe(false);
    expect(maneuverOf(s2)).toBeNull();
    expect(timedStatesOf(s2.fight.fight as never, s2.kenjiId)).toEqual([]);
    // With no spell that needs concentration, the manoeuvre alone is taken (the GM rules what it is for).
    const s3 = await scene();
    (s3.spell as unknown as { system: { concentration: boolean } }).system.concentration = false;
    const bare = await panelConcentrate(s3, bob, { itemId: s3.spell.id });
    expect([bare.out, bare.shown.length, maneuverOf(s3)]).toEqual([true, 0, "concentrate"]);
    expect(timedStatesOf(s3.fight.fight as never, s3.kenjiId)).toEqual([]);
  });

  it("AD-M6 a defense while concentrating asks for the WL − 2 maintenance roll; a failure breaks it and nothing is cast", async () => {
    const s = await scene();
    await concentrate(s);
    await as(gm, () => applyRoundEvents(s.fight.fight as never, [{ type: "endTurn" }]));
    await settle();
    queueFaces(3, 3, 3);
    const message = await attack(alice, "active-defense-3d6", s.hero, s.blade, [s.kenji]);
    await click(bob, message, "defend", "t0", "dodge");
    queueFaces(5, 5, 5, 2, 2, 2);
    await click(bob, message, "maintain");
    expect(timedStatesOf(s.fight.fight as never, s.kenjiId)).toEqual([]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(false);

    await as(gm, () => applyRoundEvents(s.fight.fight as never, [{ type: "endTurn" }]));
    await as(gm, () => applyRoundEvents(s.fight.fight as never, [{ type: "endRound", gmOverride: true }]));
    await settle();
    expect(checkCards()).toHaveLength(0);
  });

  it("AD-M6 only a spell is readied by concentration, on the caster's own turn", async () => {
    const s = await scene();
    const talent = giveItem(s.kenji.actor, "Focus", "talent", {
      concentration: true,
      duration: { value: 1, unit: "rounds" },
    });
    expect(await as(bob, () => startConcentration(s.kenji.actor as never, talent as never))).toMatchObject({
      reason: "notSpell",
    });
    expect(await concentrate(s)).toEqual({ ok: true, value: null });
    expect(await concentrate(s)).toMatchObject({ ok: false, reason: "alreadyConcentrating" });
    await as(gm, () => applyRoundEvents(s.fight.fight as never, [{ type: "endTurn" }]));
    const other = giveItem(s.kenji.actor, "Ice Lance", "spell", { concentration: true, castingTarget: 10 });
    expect(
      await as(bob, () => startConcentration(s.kenji.actor as never, other as never, s.kenji.token as never)),
    ).toMatchObject({ ok: false, reason: "notYourTurn" });
  });
});
