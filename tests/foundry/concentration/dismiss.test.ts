/**
 * FS-A6 Dismiss «cesser» through the GM: a creature ends an effect it created with a spell or talent — a
 * concentration (its effect ends with it, FS-A3) or an effect its spell placed — spending its action, once;
 * only its owner (or the GM) may ask, only for its own effects; one escaped chat line tells the table.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queuedFaces } from "../../harness/roll";
import { giveEffect, giveItem } from "../../harness/mounted";
import type { ChatMessageDoc, FightDoc } from "../../harness/chat";
import { alice, as, bob, creature, fightWith, gm, settle, textOf, view, world } from "../chat/setup";
import "./setup";
import { applyRoundEvents, timedStatesOf } from "../../../src/documents/combat-api";
import { startConcentration } from "../../../src/documents/concentration/concentration-start";
import { dismissableFor, dismissRequest } from "../../../src/documents/activities/dismiss";
import { budgetOf } from "../../../src/documents/budget-store";
import { budgetFingerprint } from "../../../src/rules/budget/fingerprint";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";
import { registerGmRequests } from "../../../src/net/gm-requests";
import { pressBudget } from "../budget/panel";

// The dismissal request is defined by the import above: register it as a query too.
registerGmRequests();

type Creature = ReturnType<typeof creature>;

const effectsOf = (c: Creature) =>
  (c.actor as unknown as { effects: { contents: unknown[] } }).effects.contents;

const notices = (): ChatMessageDoc[] => [...world.messages.values()].filter((m) => m.type === "base");

async function gmEvents(fight: FightDoc, ...events: Parameters<typeof applyRoundEvents>[1]) {
  const out = await as(gm, () => applyRoundEvents(fight as never, events));
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
  await settle();
}

/** Alice's mage, on its turn, concentrates on a ward over the orc; a hex it cast earlier sits on the orc too. */
async function scene() {
  const mage = creature('Mira <Vesk> & "co"', { fastSlow: { will: { value: 12 } } }, [alice]);
  const orc = creature("Orc", {}, [], "creature");
  const ward = giveItem(mage.actor, "Ward <of> Light", "spell", {
    concentration: true,
    duration: { value: 5, unit: "rounds" },
  });
  const hex = giveItem(mage.actor, "Hex", "spell", { concentration: false });
  const idle = giveItem(mage.actor, "Ember Dart", "spell", { concentration: false });
  const veil = giveItem(orc.actor, "Dark Veil", "talent", { concentration: false });
  const { fight, ids } = fightWith("fast-slow", mage, orc);
  const [mageId, orcId] = ids as [string, string];
  await gmEvents(fight, { type: "startCombat" }, { type: "takeTurn", id: mageId });
  const begun = await as(alice, () =>
    startConcentration(mage.actor as never, ward as never, mage.token as never),
  );
  if (!begun.ok) throw new Error(begun.reason);
  await settle();
  const warded = giveEffect(orc.actor, ward.uuid, "Warded");
  const hexed = giveEffect(orc.actor, hex.uuid, "Hexed");
  const veiled = giveEffect(orc.actor, veil.uuid, "Veiled");
  return { mage, orc, ward, hex, idle, veil, fight, mageId, orcId, warded, hexed, veiled };
}

const budget = (fight: FightDoc, id: string) =>
  budgetOf(fight as never, fight.combatants.get(id) as never)?.state as FastSlowBudget;

function ask(user: typeof gm, fight: FightDoc, combatantId: string, effectId: string, override = false) {
  return as(user, () =>
    dismissRequest.send({
      combatId: fight.id,
      combatantId,
      expect: budgetFingerprint(budget(fight, combatantId)),
      effectId,
      ...(override ? { override: true } : {}),
    }),
  );
}

describe("FS-A6 Dismiss «cesser»", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.combats.clear();
    world.messages.clear();
    alice.active = true;
    bob.active = true;
  });

  it("FS-A6 the mage may dismiss what its own spells keep going: the ward it concentrates on and the hex it placed", async () => {
    const s = await scene();
    expect(dismissableFor(s.fight as never, s.fight.combatants.get(s.mageId) as never)).toEqual([
      { effectId: s.ward.uuid, name: "Ward <of> Light", concentration: true },
      { effectId: s.hex.uuid, name: "Hex", concentration: false },
    ]);
    expect(dismissableFor(s.fight as never, s.fight.combatants.get(s.orcId) as never)).toEqual([
      { effectId: s.veil.uuid, name: "Dark Veil", concentration: false },
    ]);
  });

  it("FS-A6 dismissing the concentrated ward spends the action, ends the concentration and its effect, once, with an escaped line", async () => {
    const s = await scene();
    // The turn's action went to concentrating (FS-A3): refused to the player; the GM forces the dismissal.
    expect(budget(s.fight, s.mageId).turn?.actionLeft).toBe(0);
    expect(await ask(alice, s.fight, s.mageId, s.ward.uuid)).toMatchObject({
      ok: false,
      reason: "actionUsed",
    });
    expect(timedStatesOf(s.fight as never, s.mageId)).toHaveLength(1);

    const fingerprint = budgetFingerprint(budget(s.fight, s.mageId));
    const send = () =>
      as(gm, () =>
        dismissRequest.send({
          combatId: s.fight.id,
          combatantId: s.mageId,
          expect: fingerprint,
          effectId: s.ward.uuid,
          override: true,
        }),
      );
    const [a, b] = await Promise.all([send(), send()]);
    await settle();
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect([a, b].find((o) => !o.ok)).toMatchObject({ reason: "budgetChanged" });
    expect(budget(s.fight, s.mageId).overrides).toEqual([{ event: "activity", reason: "actionUsed" }]);
    expect(timedStatesOf(s.fight as never, s.mageId)).toEqual([]);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(false);
    expect(effectsOf(s.orc)).not.toContain(s.warded);
    // The hex and the orc's own veil stay.
    expect(effectsOf(s.orc)).toContain(s.hexed);
    expect(effectsOf(s.orc)).toContain(s.veiled);
    expect(notices()).toHaveLength(1);
    const text = textOf(await view(notices()[0]!, bob));
    expect(text).toContain(
      "Mira &lt;Vesk&gt; &amp; &quot;co&quot; dismisses Ward &lt;of&gt; Light: it ends.",
    );
  });

  it("FS-A6 dismissing a placed effect on the mage's next turn spends that turn's action and removes only its effects", async () => {
    const s = await scene();
    await gmEvents(s.fight, { type: "endTurn" }, { type: "endRound", gmOverride: true });
    await gmEvents(
      s.fight,
      { type: "chooseSpeed", id: s.mageId, speed: "fast" },
      { type: "takeTurn", id: s.mageId },
    );
    expect(budget(s.fight, s.mageId).turn?.actionLeft).toBe(1);
    expect(await ask(alice, s.fight, s.mageId, s.hex.uuid)).toEqual({ ok: true, value: true });
    await settle();
    expect(budget(s.fight, s.mageId).turn?.actionLeft).toBe(0);
    expect(effectsOf(s.orc)).not.toContain(s.hexed);
    expect(effectsOf(s.orc)).toContain(s.warded);
    expect(timedStatesOf(s.fight as never, s.mageId)).toHaveLength(1);
  });

  it("FS-A6 only the creature's owner may ask, and only for its own effects; a spell that placed nothing cannot be dismissed", async () => {
    const s = await scene();
    await gmEvents(s.fight, { type: "endTurn" }, { type: "endRound", gmOverride: true });
    await gmEvents(
      s.fight,
      { type: "chooseSpeed", id: s.mageId, speed: "fast" },
      { type: "takeTurn", id: s.mageId },
    );
    expect(await ask(bob, s.fight, s.mageId, s.hex.uuid)).toMatchObject({
      ok: false,
      reason: "notYourBudget",
    });
    expect(await ask(alice, s.fight, s.mageId, s.veil.uuid)).toMatchObject({
      ok: false,
      reason: "nothingToDismiss",
    });
    expect(await ask(alice, s.fight, s.mageId, s.idle.uuid)).toMatchObject({
      ok: false,
      reason: "nothingToDismiss",
    });
    expect(budget(s.fight, s.mageId).turn?.actionLeft).toBe(1);
    expect(effectsOf(s.orc)).toHaveLength(3);
    expect(notices()).toEqual([]);
  });

  it("FS-A6 the panel's Dismiss with nothing of the creature's own to end says so and spends nothing", async () => {
    const s = await scene();
    await gmEvents(s.fight, { type: "endTurn" }, { type: "endRound", gmOverride: true });
    await gmEvents(s.fight, { type: "takeTurn", id: s.orcId, gmOverride: true });
    // The orc's veil is gone: it has nothing left to dismiss.
    await as(gm, () => s.veiled.delete());
    world.warnings.length = 0;
    const before = budgetFingerprint(budget(s.fight, s.orcId));
    expect(await pressBudget(gm, s.fight, s.orcId, "Dismiss")).toBe(false);
    expect(world.warnings).toEqual([
      "Orc has no effect of its own to dismiss (a concentration, or an effect placed by one of its spells or talents).",
    ]);
    expect(budgetFingerprint(budget(s.fight, s.orcId))).toBe(before);
  });
});
