/** Reading and writing an attack card on its ChatMessage. */
import { accept, refuse, type Outcome } from "../rules/outcome";
import { showRolls } from "../dice/show-rolls";
import { isMessageOfType } from "../data/system-of";
import type { AttackCardData, TargetEntry } from "./card-data";
import type { RollSink } from "./roll-sink";
import { authoredByGM } from "./card-trust";

export const ATTACK_MESSAGE_TYPE = "attack" as const;

/** The card data of an attack message, or null for any other message. */
export function attackCardOf(message: ChatMessage.Implementation | null | undefined): AttackCardData | null {
  return message && isMessageOfType(message, ATTACK_MESSAGE_TYPE) ? message.system : null;
}

/** The card data of an attack message a GM wrote (card-trust.ts), or null: what the GM side acts on. */
export function gmAttackCardOf(
  message: ChatMessage.Implementation | null | undefined,
): AttackCardData | null {
  return authoredByGM(message) ? attackCardOf(message) : null;
}

export interface LocatedEntry {
  readonly message: ChatMessage.Implementation;
  readonly card: AttackCardData;
  readonly entry: TargetEntry;
}

/** The message and entry a button names, or why not: only a card a GM wrote (card-trust.ts). */
export function locateEntry(messageId: string, key: string): Outcome<LocatedEntry> {
  const message = game.messages?.get(String(messageId)) as ChatMessage.Implementation | undefined;
  const card = attackCardOf(message);
  if (!message || !card) return refuse("notAttackCard");
  if (!authoredByGM(message)) return refuse("notGmCard");
  const entry = card.entries.find((e) => e.key === key);
  if (!entry) return refuse("unknownEntry");
  return accept({ message, card, entry });
}

/**
 * Writes one entry back (active GM) with the rolls just made, in one update, and shows those rolls with
 * Dice So Nice. The entries are JSON, replaced whole.
 */
export async function writeEntry(
  message: ChatMessage.Implementation,
  card: AttackCardData,
  entry: TargetEntry,
  sink: RollSink | null,
): Promise<void> {
  const entries = card.entries.map((e) => (e.key === entry.key ? entry : e));
  const update: Record<string, unknown> = { "system.entries": entries };
  if (sink?.rolls.length) {
    const existing = message.rolls ?? [];
    update.rolls = [...existing, ...sink.rolls].map((r) => JSON.stringify(r));
  }
  if (sink?.rolls.length) await showRolls(message, sink.rolls);
  await message.update(update as ChatMessage.UpdateData);
}
