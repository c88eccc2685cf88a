import { CHECK_DICE } from "../../chat/checks/check-data";
import type { CheckConsequenceRecord, CheckLine, CheckResult } from "../../chat/checks/check-data";
import { choiceField, intField, nullableRecordField, recordField, textField } from "../fields";
import { checkConsequenceSchema, checkLinesSchema, checkResultSchema } from "./card-schema";
import { migrateSource } from "../migrate";

const { SchemaField, StringField } = foundry.data.fields;

const nullableText = () => new StringField({ required: true, nullable: true, blank: false, initial: null });

function checkMessageSchema() {
  return {
    /** FS-D1/FS-D2 d20 challenge roll, or an AD 3d6 roll-under check. */
    dice: choiceField(CHECK_DICE, "d20"),
    /** What the check is for (`FRAY.Check.Kind.<kind>`). */
    kind: textField("check"),
    roller: new SchemaField({
      actorUuid: textField(),
      tokenUuid: nullableText(),
      /** The name when the check was posted: shown (escaped) even after the creature is gone. */
      name: textField(),
      img: textField(),
    }),
    attributeKey: textField(),
    modifier: intField(0, { min: -100, max: 100 }),
    boons: intField(0, { min: 0, max: 20 }),
    banes: intField(0, { min: 0, max: 20 }),
    target: intField(10, { min: -100, max: 100 }),
    /** `CheckLine`s (chat/checks/check-data.ts): why the check is made. */
    lines: recordField<readonly CheckLine[]>(checkLinesSchema()),
    combatId: nullableText(),
    /** `CheckConsequenceRecord`, written whole by the active GM; null for none. */
    consequence: nullableRecordField<CheckConsequenceRecord>(checkConsequenceSchema()),
    /** `CheckResult`, written once by the active GM; null until rolled. */
    result: nullableRecordField<CheckResult>(checkResultSchema()),
  };
}

/** The card's records: stored as the GM wrote them, never repaired (a bad one is refused, see card-fields.ts). */
const RECORDS = ["lines", "consequence", "result"];

export type CheckMessageSchema = ReturnType<typeof checkMessageSchema>;

/** ChatMessage `check`: one roll of a creature against a target, and its consequence. */
export class CheckMessageModel extends foundry.abstract.TypeDataModel<
  CheckMessageSchema,
  ChatMessage.Implementation
> {
  static readonly metadata = { documentName: "ChatMessage", type: "check" } as const;

  static override defineSchema(): CheckMessageSchema {
    return checkMessageSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source, {}, RECORDS));
  }
}
