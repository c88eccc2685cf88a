/**
 * The leak other systems shipped on v14 (swnr #231 "Private/blind GM rolls broadcast to all players", GURPS #2754,
 * Pirate Borg #110): a private or blind roll a player asks for must never reach another player, on either
 * generation, whatever the GM's own mode, whatever the payload says, and whatever v14's `_preCreate` does with a
 * post that names its readers (B-chat.md §13, tests 1–7; compat/message-modes.ts, asker-audience.ts,
 * post-with-readers.ts).
 *
 * Set-up: the GM (its own mode varied), Alice who asks, Bob who must see nothing of Alice's private rolls. Every
 * roll the GM makes for a player is asked: an attack, a sheet check, an activity, a balance roll, a casting roll,
 * an initiative, an orientation roll, a manoeuvre roll.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  alice,
  as,
  bob,
  creature,
  events,
  freshWorld,
  gm,
  messages,
  setSetting,
  settle,
  startedFight,
  weapon,
  world,
} from "../sheets/setup";
import { fightWith, NO_SITUATION, view } from "./setup";
import "../../../src/chat/requests";
import "../../../src/chat/spell-card";
import "../../../src/documents/initiative-rolls";
import "../../../src/applications/sheets/sheet-rolls";
import "../../../src/applications/budget/traversal-rolls";
import { rollSheetCheck } from "../../../src/applications/sheets/sheet-rolls";
import { postSpellCard } from "../../../src/chat/spell-card";
import { startAttack } from "../../../src/chat/start-attack";
import { askAs } from "../security/hostile";
import { giveStatus } from "../../harness/effects";
import { ItemDoc, type ChatMessageDoc, type ChatUser } from "../../harness/chat";
import type { ClientSettings } from "../../harness/core";
import { V14 } from "../../harness/generation";
import { modeVariant, type MessageModeConfig } from "../../harness/message-modes";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { loadLanguage } from "../../harness/templates";
import { loc } from "../../../src/utils/loc";
import { refusalKey } from "../../../src/rules/outcome";

type Data = Record<string, unknown>;
const g = globalThis as unknown as {
  game: { settings: ClientSettings };
  CONFIG: { ChatMessage: { modes?: Record<string, MessageModeConfig> } };
  Hooks: { on(name: string, fn: (...args: never[]) => unknown): number; off(name: string, id: number): void };
};

/** The running generation's mode names, and its setting. */
const MODE = V14
  ? { public: "public", gm: "gm", blind: "blind", self: "self" }
  : { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" };
const OTHER = V14
  ? { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" }
  : { public: "public", gm: "gm", blind: "blind", self: "self" };
const SETTING = V14 ? "messageMode" : "rollMode";
/** The modes the GM's own client may be in (v14 adds `ic`). */
const GM_MODES = [...Object.values(MODE), ...(V14 ? ["ic"] : [])];

const setMode = (user: ChatUser, mode: unknown) => as(user, () => g.game.settings.set("core", SETTING, mode));

interface Asked {
  readonly outcome: { ok?: boolean; reason?: string };
  readonly posted: ChatMessageDoc[];
}

/** One roll the GM posts for Alice: `mode` is what her request carries (absent when `undefined`). */
interface Kind {
  readonly name: string;
  /** A Fray card (drawn for its readers); else a roll message. */
  readonly card: boolean;
  ask(mode: unknown): Promise<Asked>;
}

/** `request` asked by Alice with `payload` and the mode; what was posted since. */
async function asked(request: string, payload: Data, mode: unknown): Promise<Asked> {
  const before = messages().length;
  const outcome = (await askAs(
    alice,
    request,
    mode === undefined ? payload : { ...payload, mode },
  )) as Asked["outcome"];
  await settle();
  return { outcome, posted: messages().slice(before) };
}

const advance = (n: number) =>
  Array.from({ length: n }, () => ({ type: "advancePhase", gmOverride: true }) as const);

/** A fast-slow fight in which Alice's hero takes its slow turn. */
async function slowTurn(...others: ReturnType<typeof creature>[]) {
  const hero = creature("Aldo", {}, [alice]);
  const { fight, ids } = await startedFight("fast-slow", hero, ...others);
  const id = ids[0] as string;
  await events(fight, [{ type: "pass", id }, ...advance(1), { type: "takeTurn", id }]);
  return { fight, ids: ids as string[], hero };
}

const KINDS: readonly Kind[] = [
  {
    name: "attack",
    card: true,
    async ask(mode) {
      setSetting("ruleset", "classic-d20");
      const hero = creature("Ana", {}, [alice]);
      const bea = creature("Bea", {}, [bob]);
      const sword = weapon(hero.actor, "Sword", { damage: "1d8" });
      queueFaces(15);
      const payload = {
        actorUuid: hero.actor.uuid,
        tokenUuid: hero.token.uuid,
        itemId: sword.id,
        targets: [bea.token.uuid],
        situation: NO_SITUATION,
      };
      return asked("fray.attack.roll", payload, mode);
    },
  },
  {
    name: "sheet check",
    card: true,
    async ask(mode) {
      setSetting("ruleset", "fast-slow");
      const hero = creature("Aldo", {}, [alice]);
      queueFaces(12);
      const payload = {
        actorUuid: hero.actor.uuid,
        tokenUuid: hero.token.uuid,
        checkId: "fs.strength",
        situation: {},
      };
      return asked("fray.check.sheet", payload, mode);
    },
  },
  {
    name: "activity (FS-A14 stabilize)",
    card: true,
    async ask(mode) {
      const friend = creature("Tobin", { health: { value: 0, max: 12 } }, [bob]);
      giveStatus(friend.actor, "dying");
      const { fight, ids } = await slowTurn(friend);
      queueFaces(15, 3);
      const payload = {
        combatId: fight.id,
        combatantId: ids[0],
        activity: "stabilize",
        target: ids[1],
        dying: true,
      };
      return asked("fray.check.activity", payload, mode);
    },
  },
  {
    name: "balance (FS-M1)",
    card: true,
    async ask(mode) {
      const { fight, ids } = await slowTurn(creature("Orc", {}));
      queueFaces(14);
      const payload = { combatId: fight.id, combatantId: ids[0], purpose: "balance", banes: 0, now: true };
      return asked("fray.check.traversal", payload, mode);
    },
  },
  {
    name: "casting (AD-M6)",
    card: true,
    async ask(mode) {
      setSetting("ruleset", "active-defense-3d6");
      const hero = creature("Kenji", {}, [alice]);
      const spell = new ItemDoc("Fire Lance", "spell", { castingTarget: 11 });
      hero.actor.items.push(spell);
      hero.actor.prepare();
      queueFaces(3, 4, 2);
      const payload = { actorUuid: hero.actor.uuid, tokenUuid: hero.token.uuid, spellId: spell.id };
      return asked("fray.check.casting", payload, mode);
    },
  },
  {
    name: "initiative (CD-I1)",
    card: false,
    async ask(mode) {
      setSetting("ruleset", "classic-d20");
      const { fight, ids } = fightWith("classic-d20", creature("Ana", {}, [alice]), creature("Orc", {}));
      queueFaces(12);
      return asked("fray.combat.rollInitiative", { combatId: fight.id, combatantIds: [ids[0]] }, mode);
    },
  },
  {
    name: "orientation (PR-P3)",
    card: false,
    async ask(mode) {
      const mage = creature("Mage", {}, [alice]);
      const { fight, ids } = await startedFight("phased-round", mage, creature("Orc", {}));
      await events(fight, [...advance(2)]);
      queueFaces(50);
      return asked("fray.combat.rollOrientation", { combatId: fight.id, combatantId: ids[0] }, mode);
    },
  },
  {
    name: "manoeuvre (PR-P6)",
    card: false,
    async ask(mode) {
      const mage = creature("Mage", { phasedRound: { maneuver: 25 } }, [alice]);
      const { fight, ids } = await startedFight("phased-round", mage, creature("Orc", {}));
      await events(fight, [...advance(5)]);
      queueFaces(70);
      const declaration = { kind: "movement", movement: { percent: 40, manoeuvre: "roll" } };
      return asked("fray.combat.declare", { combatId: fight.id, combatantId: ids[0], declaration }, mode);
    },
  },
];

/** The one message a kind posted, accepted. */
function postedOne({ outcome, posted }: Asked, label: string): ChatMessageDoc {
  expect(outcome, label).toMatchObject({ ok: true });
  expect(posted, label).toHaveLength(1);
  return posted[0] as ChatMessageDoc;
}

const seenBy = (message: ChatMessageDoc, user: ChatUser) => as(user, () => message.isContentVisible);

/** Who may read it, and that a non-reader's page shows nothing of it (a card is drawn for its readers only). */
async function expectReaders(
  message: ChatMessageDoc,
  kind: Kind,
  readers: readonly ChatUser[],
  label: string,
) {
  for (const user of [gm, alice, bob]) {
    const reads = readers.includes(user);
    expect(await seenBy(message, user), `${label}: ${user.name} reads it`).toBe(reads);
    const page = await view(message, user);
    if (!reads) expect(page, `${label}: ${user.name}'s page`).toBe("");
    else if (kind.card) expect(page, `${label}: ${user.name}'s page`).toContain("fray-");
  }
}

describe("message modes: no private or blind roll a player asks for reaches another player", () => {
  beforeEach(() => {
    freshWorld();
    world.warnings.length = 0;
  });
  afterEach(() => {
    g.game.settings.resetClients();
    modeVariant.lenient = false;
    expect(queuedFaces, "every queued face was rolled").toEqual([]);
    queuedFaces.length = 0;
  });

  it("1 blind: stored for the GMs alone and blind; neither Alice nor Bob reads it, whatever the GM's mode", async () => {
    for (const gmMode of GM_MODES)
      for (const kind of KINDS) {
        freshWorld();
        await setMode(gm, gmMode);
        const label = `${kind.name}, GM in ${gmMode}`;
        const message = postedOne(await kind.ask(MODE.blind), label);
        expect([message.whisper, message.blind], label).toEqual([[gm.id], true]);
        await expectReaders(message, kind, [gm], label);
      }
  });

  it("2 gm: stored for the GMs and Alice; Bob reads nothing, whatever the GM's mode", async () => {
    for (const gmMode of GM_MODES)
      for (const kind of KINDS) {
        freshWorld();
        await setMode(gm, gmMode);
        const label = `${kind.name}, GM in ${gmMode}`;
        const message = postedOne(await kind.ask(MODE.gm), label);
        expect([new Set(message.whisper), message.blind], label).toEqual([new Set([gm.id, alice.id]), false]);
        await expectReaders(message, kind, [gm, alice], label);
      }
  });

  it("3 self: stored for Alice alone; the GM's own mode has no say", async () => {
    for (const gmMode of GM_MODES)
      for (const kind of KINDS) {
        freshWorld();
        await setMode(gm, gmMode);
        const label = `${kind.name}, GM in ${gmMode}`;
        const message = postedOne(await kind.ask(MODE.self), label);
        expect([message.whisper, message.blind], label).toEqual([[alice.id], false]);
        // A GM reads every whisper (the harness's `isContentVisible`); Bob reads nothing.
        await expectReaders(message, kind, [gm, alice], label);
      }
  });

  it("4 ic (v14's in-character mode) is public for Fray's rolls and cards, and no card is posted as speech", async () => {
    for (const kind of KINDS) {
      freshWorld();
      const message = postedOne(await kind.ask("ic"), kind.name);
      expect([message.whisper, message.blind], kind.name).toEqual([[], false]);
      expect(message._source.style, kind.name).not.toBe(2);
    }
    if (!V14) return;
    // Alice's own client in `ic`: her spell card (no rolls, spoken by her creature) is no in-character speech.
    await setMode(alice, "ic");
    const hero = creature("Aldo", {}, [alice]);
    const spell = new ItemDoc("Mend Flesh", "spell", {});
    hero.actor.items.push(spell);
    const card = (await as(alice, () =>
      postSpellCard({ actor: hero.actor, token: hero.token, item: spell, family: "fast-slow" } as never),
    )) as unknown as ChatMessageDoc;
    expect([card.whisper, card.blind, card._source.style]).toEqual([[], false, undefined]);
  });

  it("5 a request naming the other generation's mode, an unknown one or none is never public", async () => {
    // The other generation's names are translated: never broadcast, never dropped.
    for (const [visibility, readers] of [
      ["gm", [gm, alice]],
      ["blind", [gm]],
      ["self", [gm, alice]],
    ] as const) {
      freshWorld();
      const kind = KINDS[1] as Kind;
      const message = postedOne(await kind.ask(OTHER[visibility]), `${OTHER[visibility]}`);
      await expectReaders(message, kind, readers, OTHER[visibility]);
    }
    // Anything else: the GMs' and Alice's only (fail closed).
    if (V14)
      g.CONFIG.ChatMessage.modes!.narrator = {
        label: "narrator",
        icon: "",
        handler: (d) => Object.assign(d, { whisper: [] }),
      };
    try {
      for (const mode of [
        "bogus",
        "",
        "roll",
        null,
        42,
        { mode: MODE.public },
        [MODE.public],
        undefined,
        ...(V14 ? ["narrator"] : []),
      ])
        for (const kind of KINDS) {
          freshWorld();
          const label = `${kind.name}, mode ${JSON.stringify(mode)}`;
          const message = postedOne(await kind.ask(mode), label);
          expect([new Set(message.whisper), message.blind], label).toEqual([
            new Set([gm.id, alice.id]),
            false,
          ]);
          await expectReaders(message, kind, [gm, alice], label);
        }
    } finally {
      if (V14) delete g.CONFIG.ChatMessage.modes!.narrator;
    }
  });

  it.runIf(V14)(
    "6 a v14 core that falls back to the poster's mode (lenient harness): with the GM in public, no private roll is posted, and Alice is told why",
    async () => {
      modeVariant.lenient = true;
      // What Bob's client is sent: a private roll core made public must never be among it, not even for a moment.
      const broadcastToBob: ChatMessageDoc[] = [];
      const onCreate = g.Hooks.on("createChatMessage", ((message: ChatMessageDoc) => {
        if (currentUserIs() === bob && !message.whisper.length && !message.blind)
          broadcastToBob.push(message);
      }) as never);
      for (const mode of [MODE.blind, MODE.gm, MODE.self, "gmroll", "bogus", undefined])
        for (const kind of KINDS) {
          freshWorld();
          await setMode(gm, "public");
          const label = `${kind.name}, mode ${String(mode)}`;
          const { outcome, posted } = await kind.ask(mode);
          // A check card is rolled once posted: refused, its faces stay unrolled.
          queuedFaces.length = 0;
          // Fray's preCreateChatMessage handler cancels the post core turned public: nothing reaches anyone.
          expect(outcome, label).toEqual({ ok: false, reason: "readersNotKept" });
          for (const message of posted) expect(message.whisper.length || message.blind, label).toBeTruthy();
          expect(
            messages().filter((m) => !m.whisper.length && !m.blind && m.rolls.length),
            label,
          ).toEqual([]);
          expect(
            broadcastToBob.filter((m) => m.rolls.length || m.type !== "base"),
            label,
          ).toEqual([]);
        }
      g.Hooks.off("createChatMessage", onCreate);
      // A public roll asked in public stays posted.
      freshWorld();
      const kind = KINDS[1] as Kind;
      expect(postedOne(await kind.ask(MODE.public), "public").whisper).toEqual([]);
    },
  );

  it("6 a private post whose readers change after Fray's own check (a module's hook) is deleted and refused", async () => {
    // Another module's preCreateChatMessage handler, registered after Fray's, makes every post public.
    const id = g.Hooks.on("preCreateChatMessage", ((message: ChatMessageDoc) => {
      message._source.whisper = [];
      message._source.blind = false;
    }) as never);
    const deleted: string[] = [];
    const onDelete = g.Hooks.on("deleteChatMessage", ((message: ChatMessageDoc) => {
      if (bob === currentUserIs()) deleted.push(message.id);
    }) as never);
    try {
      for (const kind of KINDS) {
        freshWorld();
        deleted.length = 0;
        const { outcome, posted } = await kind.ask(MODE.blind);
        queuedFaces.length = 0;
        expect(outcome, kind.name).toEqual({ ok: false, reason: "readersNotKept" });
        expect(
          posted.filter((m) => world.messages.has(m.id)),
          kind.name,
        ).toEqual([]);
        expect(
          messages().filter((m) => !m.whisper.length && !m.blind && m.rolls.length),
          kind.name,
        ).toEqual([]);
        expect(deleted.length, `${kind.name}: the deletion reached Bob's client`).toBeGreaterThan(0);
      }
    } finally {
      g.Hooks.off("preCreateChatMessage", id);
      g.Hooks.off("deleteChatMessage", onDelete);
    }
  });

  it("the refusal reaches Alice in her language", async () => {
    modeVariant.lenient = V14;
    const id = V14
      ? null
      : g.Hooks.on("preCreateChatMessage", ((message: ChatMessageDoc) => {
          message._source.whisper = [];
        }) as never);
    try {
      await setMode(alice, MODE.blind);
      setSetting("ruleset", "fast-slow");
      const hero = creature("Aldo", {}, [alice]);
      queueFaces(12);
      const out = await as(alice, () =>
        rollSheetCheck(hero.actor as never, hero.token as never, "fs.strength", {}),
      );
      queuedFaces.length = 0;
      expect(out).toEqual({ ok: false, reason: "readersNotKept" });
      expect(messages()).toEqual([]);
      for (const lang of ["en", "fr", "pl", "es", "ja"]) {
        const text = (loadLanguage(lang) as { FRAY: { Refusal: Record<string, string> } }).FRAY.Refusal
          .readersNotKept;
        expect(text, lang).toMatch(/\S/);
      }
      expect(loc(refusalKey("readersNotKept"))).toBe(
        "Foundry would have shown this roll to other readers than your roll mode names, so it was not posted (the GM's console says more).",
      );
    } finally {
      if (id !== null) g.Hooks.off("preCreateChatMessage", id);
    }
  });

  it("7 end to end: Alice's own setting reaches the GM and names the readers (attack, sheet check)", async () => {
    for (const gmMode of GM_MODES) {
      freshWorld();
      await setMode(gm, gmMode);
      await setMode(alice, MODE.blind);
      setSetting("ruleset", "classic-d20");
      const hero = creature("Ana", {}, [alice]);
      const bea = creature("Bea", {}, [bob]);
      const sword = weapon(hero.actor, "Sword");
      queueFaces(15);
      const card = (await as(alice, () =>
        startAttack(hero.actor as never, sword as never, {
          token: hero.token as never,
          targets: [bea.token] as never,
          situation: NO_SITUATION,
        }),
      )) as unknown as ChatMessageDoc;
      await settle();
      expect([card.author?.id, card.whisper, card.blind], gmMode).toEqual([gm.id, [gm.id], true]);
      await setMode(alice, MODE.gm);
      setSetting("ruleset", "fast-slow");
      queueFaces(11);
      const out = await as(alice, () =>
        rollSheetCheck(hero.actor as never, hero.token as never, "fs.strength", {}),
      );
      expect(out.ok, gmMode).toBe(true);
      const check = messages().at(-1) as ChatMessageDoc;
      expect(await seenBy(check, bob), gmMode).toBe(false);
      expect(await seenBy(check, alice), gmMode).toBe(true);
    }
  });
});

/** The user whose client runs a hook handler. */
function currentUserIs(): ChatUser {
  return (globalThis as unknown as { game: { user: ChatUser } }).game.user;
}
