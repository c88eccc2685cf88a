/**
 * Concentration that outlives its place in the round engine (FS-A3, FS-A4, AD-M6): a fight the GM deletes ends
 * every concentration held in it as a broken one ends — the concentrating status goes, FS-A3 effects end, no
 * AD-M6 spell is cast — and one chat notice, from the active GM only, names them; a combatant deleted mid-fight
 * loses its concentration the same way.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queuedFaces } from "../../harness/roll";
import { giveEffect, giveItem, place } from "../../harness/mounted";
import { harness } from "../../harness/install";
import { loadLanguage } from "../../harness/templates";
import type { ChatMessageDoc, FightDoc } from "../../harness/chat";
import {
  alice,
  as,
  bob,
  creature,
  fightWith,
  gm,
  settle,
  setSetting,
  textOf,
  view,
  world,
} from "../chat/setup";
import { checkCards } from "./setup";
import { applyRoundEvents, timedStatesOf } from "../../../src/documents/combat-api";
import { startConcentration } from "../../../src/documents/concentration/concentration-start";

type Creature = ReturnType<typeof creature>;

const effectsOf = (c: Creature) =>
  (c.actor as unknown as { effects: { contents: unknown[] } }).effects.contents;

/** The notices posted so far (plain messages: neither attack nor check cards). */
function notices(): ChatMessageDoc[] {
  return [...world.messages.values()].filter((m) => m.type === "base");
}

async function gmEvents(fight: FightDoc, ...events: Parameters<typeof applyRoundEvents>[1]) {
  const out = await as(gm, () => applyRoundEvents(fight as never, events));
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
  await settle();
}

async function concentrate(user: typeof gm, who: Creature, item: { uuid: string }) {
  const out = await as(user, () => startConcentration(who.actor as never, item as never, who.token as never));
  await settle();
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
}

/**
 * A fast-slow fight: Alice's mage (a name a table might type, markup included) concentrates on a ward it put
 * on the orc, on its own turn; then, on the orc's turn, the GM has it concentrate on a veil over itself.
 */
async function fastSlowScene() {
  const mage = creature('Mira <Vesk> & "co"', { fastSlow: { will: { value: 12 } } }, [alice]);
  const orc = creature("Orc", {}, [], "creature");
  const ward = giveItem(mage.actor, "Ward <of> Light", "spell", {
    concentration: true,
    duration: { value: 5, unit: "rounds" },
  });
  const veil = giveItem(orc.actor, "Dark Veil", "talent", {
    concentration: true,
    duration: { value: 5, unit: "rounds" },
  });
  const { fight, ids } = fightWith("fast-slow", mage, orc);
  const [mageId, orcId] = ids as [string, string];
  await gmEvents(fight, { type: "startCombat" }, { type: "takeTurn", id: mageId });
  await concentrate(alice, mage, ward);
  await gmEvents(fight, { type: "endTurn" }, { type: "takeTurn", id: orcId, gmOverride: true });
  await concentrate(gm, orc, veil);
  const warded = giveEffect(orc.actor, ward.uuid, "Warded");
  const veiled = giveEffect(orc.actor, veil.uuid, "Veiled");
  return { mage, orc, ward, veil, fight, mageId, orcId, warded, veiled };
}

describe("concentration ends with its fight", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    alice.active = true;
    bob.active = true;
    setSetting("npcAutoDefense", false);
  });

  it("FS-A3 a fight deleted ends every concentration in it: statuses off, effects ended, one escaped notice", async () => {
    const s = await fastSlowScene();
    expect(s.mage.actor.statuses.has("concentrating")).toBe(true);
    expect(s.orc.actor.statuses.has("concentrating")).toBe(true);

    // The GM deletes the fight: every connected client sees `deleteCombat`.
    await as(gm, () => s.fight.delete());
    await settle();

    expect(s.mage.actor.statuses.has("concentrating")).toBe(false);
    expect(s.orc.actor.statuses.has("concentrating")).toBe(false);
    expect(effectsOf(s.orc)).not.toContain(s.warded);
    expect(effectsOf(s.orc)).not.toContain(s.veiled);

    const posted = notices();
    expect(posted).toHaveLength(1);
    const notice = posted[0]!;
    expect(notice.whisper).toEqual([]);
    expect((notice.speaker as { alias: string }).alias).toBe("Combat tracker");
    const html = await view(notice, bob);
    expect(html).toContain(
      "Mira &lt;Vesk&gt; &amp; &quot;co&quot; stops concentrating: Ward &lt;of&gt; Light ends.",
    );
    expect(html).not.toContain("<Vesk>");
    expect(textOf(html)).toContain("The fight is over: concentration ends");
    expect(textOf(html)).toContain("Orc stops concentrating: Dark Veil ends.");
  });

  it("FS-A3 the fight's end is handled once: the hook seen again posts nothing and ends nothing twice", async () => {
    const s = await fastSlowScene();
    await as(gm, () => s.fight.delete());
    await settle();
    // A new concentration-sustained effect from the same ward, placed after the fight: not the fight's to end.
    const later = giveEffect(s.orc.actor, s.ward.uuid, "Warded again");
    const hooks = globalThis as unknown as { Hooks: { callAll(name: string, ...a: unknown[]): void } };
    await as(gm, () => hooks.Hooks.callAll("deleteCombat", s.fight, {}, gm.id));
    await settle();
    expect(notices()).toHaveLength(1);
    expect(effectsOf(s.orc)).toContain(later);
  });

  it("FS-A3 only the active GM acts: a player's client seeing the fight deleted changes nothing", async () => {
    const s = await fastSlowScene();
    const hooks = globalThis as unknown as { Hooks: { callAll(name: string, ...a: unknown[]): void } };
    await as(alice, () => hooks.Hooks.callAll("deleteCombat", s.fight, {}, alice.id));
    await settle();
    expect(notices()).toHaveLength(0);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(true);
    expect(effectsOf(s.orc)).toContain(s.warded);
  });

  it("FS-A3 a hidden combatant's concentration is told to the GMs only", async () => {
    const s = await fastSlowScene();
    s.fight.combatants.get(s.orcId)!._source.hidden = true;
    await as(gm, () => s.fight.delete());
    await settle();
    const [open, whispered] = notices();
    expect(open!.whisper).toEqual([]);
    expect(textOf(await view(open!, bob))).not.toContain("Orc");
    expect(whispered!.whisper).toEqual([gm.id]);
    expect(textOf(await view(whispered!, gm))).toContain("Orc stops concentrating: Dark Veil ends.");
  });

  it("FS-A3 a creature deleted meanwhile and an unlinked token do not stop the others ending", async () => {
    const s = await fastSlowScene();
    // The ward also sits on an unlinked token's own creature.
    const goblin = creature("Goblin", {}, [], "creature");
    place(goblin.token, 3, 3, 1, false);
    const goblinWard = giveEffect(goblin.actor, s.ward.uuid, "Warded");
    // The orc's creature is deleted: core's combatant answers no actor and no token any more.
    await s.orc.actor.delete();
    const orcFighter = s.fight.combatants.get(s.orcId)!;
    Object.defineProperty(orcFighter, "actor", { value: null, configurable: true });
    Object.defineProperty(orcFighter, "token", { value: null, configurable: true });

    await as(gm, () => s.fight.delete());
    await settle();

    expect(s.mage.actor.statuses.has("concentrating")).toBe(false);
    expect(effectsOf(goblin)).not.toContain(goblinWard);
    const [notice] = notices();
    const text = textOf(await view(notice!, alice));
    expect(text).toContain("stops concentrating: Ward &lt;of&gt; Light ends.");
    // Nobody can name the deleted orc any more, nor its deleted talent: no line for it.
    expect(text).not.toContain("Dark Veil");
  });

  it("FS-A3 a concentrating combatant removed mid-round ends its concentration as any other end: status off, effect ended", async () => {
    const s = await fastSlowScene();
    await as(gm, () => s.fight.deleteEmbeddedDocuments("Combatant", [s.mageId]));
    // The tracker's reconciliation that `deleteCombatant` sets off on the GM (applications/combat/register.ts).
    await gmEvents(s.fight);
    expect(timedStatesOf(s.fight as never, s.mageId)).toEqual([]);
    expect(s.mage.actor.statuses.has("concentrating")).toBe(false);
    expect(effectsOf(s.orc)).not.toContain(s.warded);
    // The orc's own concentration goes on.
    expect(s.orc.actor.statuses.has("concentrating")).toBe(true);
    expect(effectsOf(s.orc)).toContain(s.veiled);

    // The fight deleted later names only the orc's.
    await as(gm, () => s.fight.delete());
    await settle();
    const text = textOf(await view(notices()[0]!, gm));
    expect(text).toContain("Orc stops concentrating: Dark Veil ends.");
    expect(text).not.toContain("Mira");
  });

  it("AD-M6 a fight deleted while a spell is readied: nothing is cast, the status goes, the notice says so in Japanese", async () => {
    const hero = creature("Hiro", { activeDefense: { ag: 10 } }, [alice]);
    const kenji = creature("Kenji", { activeDefense: { ag: 12, wl: 10 } }, [bob]);
    const lance = giveItem(kenji.actor, "Fire Lance", "spell", {
      concentration: true,
      duration: { value: 1, unit: "rounds" },
      castingTarget: 11,
    });
    const { fight } = fightWith("active-defense-3d6", hero, kenji);
    await gmEvents(fight, { type: "startCombat" });
    await concentrate(bob, kenji, lance);
    expect(kenji.actor.statuses.has("concentrating")).toBe(true);

    harness.translations = loadLanguage("ja");
    world.lang = "ja";
    try {
      await as(gm, () => fight.delete());
      await settle();
    } finally {
      harness.translations = loadLanguage("en");
      world.lang = "en";
    }
    expect(kenji.actor.statuses.has("concentrating")).toBe(false);
    expect(checkCards()).toHaveLength(0);
    const [notice] = notices();
    const text = textOf(await view(notice!, bob, "ja"));
    expect(text).toContain("戦闘終了：精神集中が終わります");
    expect(text).toContain("Kenjiの精神集中が終わりました。Fire Lanceは発動しません。");
  });

  it("AD-M6 a concentrating combatant removed mid-fight loses the status, and its spell is never cast", async () => {
    const hero = creature("Hiro", { activeDefense: { ag: 10 } }, [alice]);
    const kenji = creature("Kenji", { activeDefense: { ag: 12, wl: 10 } }, [bob]);
    const lance = giveItem(kenji.actor, "Fire Lance", "spell", { concentration: true, castingTarget: 11 });
    const { fight, ids } = fightWith("active-defense-3d6", hero, kenji);
    const kenjiId = ids[1] as string;
    await gmEvents(fight, { type: "startCombat" });
    await concentrate(bob, kenji, lance);

    await as(gm, () => fight.deleteEmbeddedDocuments("Combatant", [kenjiId]));
    await gmEvents(fight);
    expect(kenji.actor.statuses.has("concentrating")).toBe(false);
    await gmEvents(fight, { type: "endTurn" }, { type: "endRound", gmOverride: true });
    expect(checkCards()).toHaveLength(0);
  });
});
