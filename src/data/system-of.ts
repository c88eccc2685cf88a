/**
 * The system data of Fray's own documents, typed by subtype. fvtt-types gives `actor.system` (and
 * `item.system`, `message.system`) as the union over every subtype it knows, core's `base` and modules'
 * subtypes (an empty system) included; a check on `type` does not narrow it. Fray creates only its own
 * subtypes (system.json `documentTypes`), so these readers narrow to them in one place each.
 */
import type { CharacterSchema } from "./actor/character";
import type { CreatureSchema } from "./actor/creature";

/** The system of a character or a creature (data/actor). */
export type FrayActorSystem = Actor.OfType<"character" | "creature">["system"];

export function actorSystemOf(actor: Actor.Implementation): FrayActorSystem {
  return actor.system as FrayActorSystem;
}

/** The stored (source) system data of a character or a creature, as its schema defines it. */
export type FrayActorSource =
  | foundry.data.fields.SchemaField.SourceData<CharacterSchema>
  | foundry.data.fields.SchemaField.SourceData<CreatureSchema>;

/** fvtt-types gives `actor._source.system` as `any`; its shape is the subtype's schema. */
export function actorSourceOf(actor: Actor.Implementation): FrayActorSource {
  return actor._source.system as FrayActorSource;
}

/** The system of an item of subtype `T` (data/item), e.g. `itemSystemOf<"weapon">(item)`: the caller knows it is one. */
export function itemSystemOf<T extends Item.SubType>(item: Item.Implementation): Item.OfType<T>["system"] {
  return item.system as Item.OfType<T>["system"];
}

/** Whether `message` is of Fray's subtype `type` (an attack or a check card): then its `system` is that model. */
export function isMessageOfType<T extends ChatMessage.SubType>(
  message: ChatMessage.Implementation,
  type: T,
): message is ChatMessage.OfType<T> {
  return message.type === type;
}
