import { DEFAULT_FAMILY, FAMILY_IDS } from "../../rules/families/ids";
import { WEAPON_KINDS } from "../../rules/items/weapon-kinds";
import type { TargetEntry } from "../../chat/card-data";
import { boolField, choiceField, intField, recordField, textField } from "../fields";
import { entriesSchema } from "./card-schema";
import { migrateSource } from "../migrate";

const { SchemaField, StringField } = foundry.data.fields;

function actorRefSchema() {
  return new SchemaField({
    actorUuid: textField(),
    tokenUuid: new StringField({ required: true, nullable: true, blank: false, initial: null }),
    /** The name when the attack was made: shown (escaped) even after the creature is gone. */
    name: textField(),
    img: textField(),
  });
}

function attackMessageSchema() {
  return {
    /** The family the attack was resolved under (the combat's, or the world's outside a combat). */
    family: new StringField({
      required: true,
      nullable: false,
      blank: false,
      choices: [...FAMILY_IDS],
      initial: DEFAULT_FAMILY,
    }),
    attacker: actorRefSchema(),
    weapon: new SchemaField({
      itemId: textField(),
      name: textField(),
      img: textField(),
      kind: choiceField(WEAPON_KINDS, "melee"),
      damage: textField(),
    }),
    /** The attack dialog's input: a flat modifier, FS-D1 boons and banes, FS-MT4 independent attack. */
    situation: new SchemaField({
      modifier: intField(0, { min: -100, max: 100 }),
      boons: intField(0, { min: 0, max: 10 }),
      banes: intField(0, { min: 0, max: 10 }),
      mountedIndependent: boolField(false),
    }),
    combatId: new StringField({ required: true, nullable: true, blank: false, initial: null }),
    /**
     * One entry per target (`TargetEntry` in chat/card-data.ts): the attack roll, the legal defenses, the
     * defenses taken with their rolls, the outcome, the fumble table and the damage rolled, applied and undone.
     * Written whole by the active GM; each part validated by its schema (card-schema.ts), at most one per target.
     */
    entries: recordField<readonly TargetEntry[]>(entriesSchema()),
  };
}

/** The card's records: stored as the GM wrote them, never repaired (a bad one is refused, see card-fields.ts). */
const RECORDS = ["entries"];

export type AttackMessageSchema = ReturnType<typeof attackMessageSchema>;

/** ChatMessage `attack`: an attack card and everything that happened on it. */
export class AttackMessageModel extends foundry.abstract.TypeDataModel<
  AttackMessageSchema,
  ChatMessage.Implementation
> {
  static readonly metadata = { documentName: "ChatMessage", type: "attack" } as const;

  static override defineSchema(): AttackMessageSchema {
    return attackMessageSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source, {}, RECORDS));
  }
}
