/**
 * Shared set-up for the attack-card tests: the chat stand-ins first, then Fray's data models registered as
 * index.ts does, the chat wiring (`registerChat`) and the GM requests as v13 queries; users, creatures and
 * weapons built from plain sources, and the moves a table makes (attack, click, look at the card).
 */
import {
  ActorDoc,
  as,
  ChatUser,
  contentAsWritten,
  FightDoc,
  ItemDoc,
  settle,
  TokenDoc,
  users,
  world,
  type ChatMessageDoc,
} from "../../harness/chat";
import { click as clickElement } from "../../harness/dom";
import { DATA_MODELS } from "../../../src/data";
import { registerChat } from "../../../src/chat/register";
import { registerGmRequests } from "../../../src/net/gm-requests";
import { startAttack } from "../../../src/chat/start-attack";
import type { CardAction } from "../../../src/chat/card-listeners";
import type { AttackCardData, AttackSituation, TargetEntry } from "../../../src/chat/card-data";
import type { FamilyId } from "../../../src/rules/families/ids";
import type { Outcome } from "../../../src/rules/outcome";
import { renderedAnswers, setSetting } from "../../harness/chat";
import { harness } from "../../harness/install";
import { loadLanguage } from "../../harness/templates";

const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { dataModels: Record<string, unknown> }> })
  .CONFIG;
for (const model of DATA_MODELS) {
  const { documentName, type } = model.metadata;
  CONFIG[documentName]!.dataModels[type] = model;
}
registerChat();
registerGmRequests();
harness.translations = loadLanguage("en");

export const gm = users.add(new ChatUser("Gamemaster", true));
export const alice = users.add(new ChatUser("Alice", false));
export const bob = users.add(new ChatUser("Bob", false));

type Data = Record<string, unknown>;

function merge(base: Data, over: Data): Data {
  const out: Data = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] =
      v && typeof v === "object" && !Array.isArray(v) && base[k] && typeof base[k] === "object"
        ? merge(base[k] as Data, v as Data)
        : v;
  }
  return out;
}

/** Every statistic an actor holds, at ordinary values (the schema's own defaults). */
export const ACTOR_SOURCE: Data = {
  health: { value: 20, max: 20 },
  size: 1,
  speed: 10,
  notes: "",
  ancestry: "",
  profession: "",
  fastSlow: {
    strength: { value: 10 },
    agility: { value: 10 },
    intellect: { value: 10 },
    will: { value: 10 },
    perception: { value: 10 },
    defense: { base: 10 },
    insanity: { value: 0 },
  },
  classicD20: {
    abilities: {
      str: { value: 10 },
      dex: { value: 10 },
      con: { value: 10 },
      int: { value: 10 },
      wis: { value: 10 },
      cha: { value: 10 },
    },
    bab: 0,
    sizeCategory: "medium",
    ac: { natural: 0, misc: 0 },
  },
  opposedD20: {
    initiative: 0,
    attack: { melee: 0, ranged: 0 },
    defense: { block: 0, dodge: 0 },
    protection: 0,
    actions: { active: 1, passive: 1 },
  },
  phasedRound: { db: 0, movement: 15, quickness: 0, maneuver: 0 },
  activeDefense: {
    ag: 10,
    wl: 10,
    dev: 5,
    pev: 0,
    bev: 0,
    wt: 0,
    dr: 0,
    skills: { unarmed: 10, blade: 10, axeMace: 10, polearm: 10, bow: 10, crossbow: 10, thrown: 10 },
  },
};

export const WEAPON_SOURCE: Data = {
  description: "",
  equipped: true,
  quantity: 1,
  weight: 0,
  kind: "melee",
  damage: "1d8",
  attribute: "strength",
  skill: "blade",
  ob: 0,
  parry: 0,
  reach: 1.5,
  range: 0,
  rangeIncrement: 0,
  threat: { min: 20, multiplier: 2 },
  properties: { reload: false, selfReloading: false, thrown: false, unbalanced: false, needsReadying: false },
  readyTurns: 0,
};

/** A creature on the scene (with a token), owned by `owners`. */
export function creature(name: string, stats: Data = {}, owners: ChatUser[] = [], type = "character") {
  const actor = new ActorDoc(name, merge(ACTOR_SOURCE, stats), type);
  for (const o of owners) actor.owners.add(o.id);
  const token = new TokenDoc(actor);
  return { actor, token };
}

export function weapon(actor: ActorDoc, name: string, stats: Data = {}): ItemDoc {
  const item = new ItemDoc(name, "weapon", merge(WEAPON_SOURCE, stats));
  actor.items.push(item);
  actor.prepare();
  return item;
}

export const NO_SITUATION: AttackSituation = { modifier: 0, boons: 0, banes: 0, mountedIndependent: false };

/** `user` attacks with `item` at `targets`, under `family` (the world setting), skipping the dialog. */
export async function attack(
  user: ChatUser,
  family: FamilyId,
  attacker: { actor: ActorDoc; token: TokenDoc },
  item: ItemDoc,
  targets: { token: TokenDoc }[],
  situation: AttackSituation = NO_SITUATION,
): Promise<ChatMessageDoc> {
  setSetting("ruleset", family);
  const message = await as(user, () =>
    startAttack(attacker.actor as never, item as never, {
      token: attacker.token as never,
      targets: targets.map((t) => t.token) as never,
      situation,
    }),
  );
  await settle();
  if (!message) throw new Error(`no card posted: ${world.warnings.join(" / ")}`);
  return message as unknown as ChatMessageDoc;
}

export function cardOf(message: ChatMessageDoc): AttackCardData {
  return world.messages.get(message.id)?.system as unknown as AttackCardData;
}

export function entryOf(message: ChatMessageDoc, key = "t0"): TargetEntry {
  const entry = cardOf(message).entries.find((e) => e.key === key);
  if (!entry) throw new Error(`no entry ${key}`);
  return entry;
}

/**
 * The card as `user` sees it now, drawn in the page (with the users in `away` disconnected while it is
 * drawn): a later click on it is a click on a page not redrawn since — a stale one — or, drawn for another user
 * than the one who clicks, a forged one.
 */
export async function drawCard(
  user: ChatUser,
  message: ChatMessageDoc,
  away: readonly ChatUser[] = [],
): Promise<HTMLElement> {
  const live = world.messages.get(message.id) as ChatMessageDoc;
  for (const u of away) u.active = false;
  try {
    return await as(user, () => live.renderHTML());
  } finally {
    for (const u of away) u.active = true;
  }
}

/**
 * `user` presses a card button on `page` — by default the card as `user` sees it now; else a page drawn earlier
 * (`drawCard`), or drawn now for another user. The `renderChatMessageHTML` hook attaches the listeners on the
 * presser's client, the values given are typed in the entry's fields, and the button — found by its
 * `data-action` (and `data-defense`) in the entry's section — is clicked. Resolves with what the card's listener
 * answered (the active GM's outcome; a refusal is shown). Throws when the page shows no such button.
 */
export async function click(
  user: ChatUser,
  message: ChatMessageDoc,
  action: CardAction,
  entry = "t0",
  defense: string | null = null,
  fields: Readonly<Record<string, string>> = {},
  page: ChatUser | HTMLElement = user,
): Promise<Outcome<null>> {
  const root = page instanceof ChatUser ? await drawCard(page, message) : page;
  const outcome = await as(user, async () => {
    // The page's listeners were attached by `renderChatMessageHTML` when it was drawn (inside renderHTML).
    const answers = renderedAnswers.get(root);
    if (!answers) throw new Error("the page was not drawn by ChatMessage#renderHTML");
    const section = root.querySelector<HTMLElement>(`[data-entry="${entry}"]`) ?? root;
    for (const [name, value] of Object.entries(fields)) {
      const field = section.querySelector<HTMLInputElement>(`[name="${name}"]`);
      if (!field) throw new Error(`no field ${name} in entry ${entry}`);
      field.value = value;
    }
    const selector = `button[data-action="${action}"]${defense ? `[data-defense="${defense}"]` : ""}`;
    const buttons = [...section.querySelectorAll<HTMLElement>(selector)];
    if (buttons.length !== 1)
      throw new Error(`${buttons.length} buttons ${selector} in entry ${entry} of the page`);
    const before = answers.length;
    clickElement(buttons[0] as HTMLElement);
    const answer = answers.slice(before).find((a) => a !== undefined) as Promise<Outcome<null>> | undefined;
    if (!answer) throw new Error("no card listener answered the click");
    return answer;
  });
  await settle();
  return outcome;
}

/** The card's HTML as `user` sees it, in `lang`. */
export async function view(message: ChatMessageDoc, user: ChatUser, lang = "en"): Promise<string> {
  world.lang = lang;
  const live = world.messages.get(message.id) as ChatMessageDoc;
  const html = await as(user, () => live.renderHTML());
  world.lang = "en";
  return contentAsWritten(html);
}

/** A fight under `family` with these creatures in it, started (round 1). */
export function fightWith(family: FamilyId, ...fighters: { actor: ActorDoc; token: TokenDoc }[]) {
  const fight = new FightDoc({ family, options: {}, engine: null });
  const ids = fighters.map((f) => fight.add(f.actor, f.token).id);
  return { fight, ids };
}

export { as, settle, setSetting, world };

/** The text of rendered HTML: tags dropped, spaces collapsed (entities kept as written). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
