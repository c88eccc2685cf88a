/**
 * The data model of what an attack card and a check card keep, part by part: each TypeScript record of
 * chat/card-data.ts and chat/checks/check-data.ts has its schema here, field for field (tests/foundry/data/
 * card-schema.test.ts round-trips a fully-populated sample of each through its schema unchanged, so the two cannot
 * drift apart). Only the active GM writes cards (card-trust.ts); these schemas make Foundry's data model refuse a
 * malformed one on the writing client — a wrong type, a number off its bounds, a die face its formula cannot give,
 * an unknown kind, too many parts — and drop keys no schema defines (cleaning).
 *
 * A part that may be missing in the TypeScript record (`feint`, `passive`, `reason`, a defense option's `target`)
 * is stored as null when missing: a SchemaField given nothing is filled with its fields' initial values
 * (foundry-vtt-types#3622: "a SchemaField initializes to SchemaField#_cleanType({})"), which would read as a feint.
 */
import { LINE_VALUES, type LineValue } from "../../chat/checks/check-data";
import {
  boundedJsonField,
  CARD_NUMBER_LIMIT,
  formulaText,
  idText,
  jointSchema,
  KEY_MAX,
  KEY_PATTERN,
  keyText,
  nameText,
  recordBool,
  recordInt,
  recordIntOr,
  recordIntOrNull,
  recordText,
  totalOfFaces,
  uuidText,
  NAME_MAX,
} from "./card-fields";

const { ArrayField, SchemaField, StringField } = foundry.data.fields;

// --- bounds, each from the rules or an existing limit -----------------------------------------------------------

/** Entries on one attack card: one per target, and the GM takes at most `MAX_TARGETS` (10) targets (attack-request.ts). */
export const MAX_CARD_ENTRIES = 10;
/** Rolls of one attack: phased-round's open-ended d100 chain stops at 50 dice (`MAX_D100`, families/phased-round.ts). */
export const MAX_ATTACK_ROLLS = 50;
/** Faces of one Roll: a formula rolls at most `DICE_CAPS.total` (100) dice. */
export const MAX_FACES = 100;
/**
 * A message's rolls: an entry makes at most 50 attack rolls, 2 feint rolls, a defense and a maintenance roll per
 * defense, a fumble and a damage roll; ten entries stay under 1000.
 */
export const MAX_ROLL_INDEX = 1000;
/**
 * Defenses one defender is offered or takes against one attack: three kinds (`DEFENSE_IDS`), and AD-M4/AD-M6 let
 * an active-defense defender try again after a maintenance roll; 10 is over any legal sequence.
 */
export const MAX_DEFENSES = 10;
/** Terms of a breakdown (attribute, skill, weapon, situation, state…) or boon sources: the cards show under 15. */
export const MAX_PARTS = 30;
/** AD-A4: the checks one application of damage calls for (stun, knockdown, unconsciousness, death). */
export const MAX_DAMAGE_CHECKS = 4;
/** Lines of a check card (why it is made, what its consequence did): a consequence writes under 10. */
export const MAX_LINES = 30;
/** Rolls a consequence makes (FS-MT9 fall damage: one). */
export const MAX_CONSEQUENCE_ROLLS = 10;
/** Boons or banes from one source: FS-D1 counts a handful; the attack dialog accepts at most 10. */
const MAX_BOONS = 20;

/** Defense ids the families offer: OD-A2 dodge and block (families/opposed-d20.ts), AD-A2 parry, block, dodge. */
export const DEFENSE_IDS = ["dodge", "block", "parry"] as const;
/** `DefenseConsequence.kind` (rules/attack/legal-defenses.ts). */
export const DEFENSE_CONSEQUENCES = [
  "passiveAction",
  "loseAim",
  "voidReadying",
  "unreadyWeapon",
  "concentrationCheck",
] as const;
export const ENTRY_STAGES = ["awaitingDefense", "awaitingMaintenance", "resolved"] as const;
export const LEGAL_MODES = ["passive", "choose", "none"] as const;
export const OPEN_ENDED = ["none", "up", "down"] as const;
const CRITICALS = ["success", "failure"] as const;

// --- shared parts ------------------------------------------------------------------------------------------------

/** `ActorRef` (card-data.ts): a creature on a card. */
export function actorRefSchema(options: { nullable?: boolean } = {}) {
  return new SchemaField(
    {
      actorUuid: uuidText(false, true),
      tokenUuid: uuidText(true),
      name: nameText(),
      img: nameText(),
    },
    { required: true, nullable: options.nullable ?? false, ...(options.nullable ? { initial: null } : {}) },
  );
}

/**
 * `RollSnapshot`: a Roll on the message. Its faces must be ones its formula gives (a d6 shows 1 to 6, 3d6 three
 * faces) and its total the one they make.
 */
export function rollSnapshotSchema(options: { nullable?: boolean } = {}) {
  return jointSchema(
    {
      index: recordInt(0, MAX_ROLL_INDEX),
      formula: formulaText(),
      total: recordInt(),
      faces: new ArrayField(recordInt(1, 1000), { required: true, nullable: false, max: MAX_FACES }),
    },
    (value) => {
      const { formula, faces, total } = value;
      if (typeof formula !== "string" || !Array.isArray(faces) || typeof total !== "number") return;
      if (!faces.every((f) => typeof f === "number")) return;
      const made = totalOfFaces(formula, faces as number[]);
      if (made === null) throw new Error(`has faces ${JSON.stringify(faces)} that ${formula} cannot roll`);
      if (made !== total) throw new Error(`has total ${total}, but its faces make ${made}`);
    },
    options,
  );
}

/** `BreakdownPart`: a term of a total. */
export function breakdownPartSchema(options: { nullable?: boolean } = {}) {
  return new SchemaField(
    { labelKey: keyText(), value: recordInt() },
    { required: true, nullable: options.nullable ?? false, ...(options.nullable ? { initial: null } : {}) },
  );
}

const parts = () =>
  new ArrayField(breakdownPartSchema(), { required: true, nullable: false, max: MAX_PARTS });
const critical = () => recordText({ max: 7, nullable: true, choices: CRITICALS });

// --- an attack card's entry --------------------------------------------------------------------------------------

/** `BoonSource` (rules/dice/boon-tally.ts). */
function boonSourceSchema() {
  return new SchemaField({
    source: keyText(),
    boons: recordInt(0, MAX_BOONS),
    banes: recordInt(0, MAX_BOONS),
  });
}

/** `FeintRecord`, or null for none. */
function feintSchema() {
  return new SchemaField(
    {
      penalty: recordInt(0, 100),
      contest: new SchemaField(
        {
          rolls: new ArrayField(rollSnapshotSchema(), { required: true, nullable: false, max: 2 }),
          feinterMargin: recordInt(),
          enemyMargin: recordInt(),
          effect: recordInt(0, CARD_NUMBER_LIMIT),
        },
        { required: true, nullable: true, initial: null },
      ),
    },
    { required: true, nullable: true, initial: null },
  );
}

/** `AttackRecord`. */
export function attackRecordSchema() {
  return new SchemaField({
    rolls: new ArrayField(rollSnapshotSchema(), { required: true, nullable: false, max: MAX_ATTACK_ROLLS }),
    total: recordInt(),
    /** A d20's or a d100's face. */
    natural: recordIntOrNull(1, 100),
    parts: parts(),
    boons: new ArrayField(boonSourceSchema(), { required: true, nullable: false, max: MAX_PARTS }),
    against: breakdownPartSchema({ nullable: true }),
    margin: recordIntOrNull(),
    critical: recordBool(),
    fumble: recordBool(),
    threat: recordBool(),
    confirmation: new SchemaField(
      { roll: rollSnapshotSchema(), total: recordInt(), confirmed: recordBool() },
      { required: true, nullable: true, initial: null },
    ),
    openEnded: recordText({ max: 4, choices: OPEN_ENDED }),
    halved: recordBool(),
    wrongGuess: recordBool(),
    feint: feintSchema(),
    outcome: keyText(true),
    /** The family's own record (OD-A2 the attack roll, AD-A1 the hit result): checked by the family's reader. */
    data: boundedJsonField(),
  });
}

/** `LegalDefenses` (rules/attack/legal-defenses.ts) as a card keeps it: `passive` and `reason` null when absent. */
export function legalDefensesSchema() {
  const defenseId = () => recordText({ max: 16, choices: DEFENSE_IDS });
  return new SchemaField(
    {
      mode: recordText({ max: 8, choices: LEGAL_MODES }),
      options: new ArrayField(
        new SchemaField({
          id: defenseId(),
          labelKey: keyText(),
          formula: formulaText(),
          target: recordIntOrNull(),
          modifier: recordIntOrNull(),
          consequences: new ArrayField(
            new SchemaField({ kind: recordText({ max: 32, choices: DEFENSE_CONSEQUENCES }) }),
            {
              required: true,
              nullable: false,
              max: DEFENSE_CONSEQUENCES.length,
            },
          ),
        }),
        { required: true, nullable: false, max: MAX_DEFENSES },
      ),
      unavailable: new ArrayField(
        new SchemaField({ id: defenseId(), labelKey: keyText(), reason: keyText() }),
        { required: true, nullable: false, max: MAX_DEFENSES },
      ),
      mayDecline: recordBool(),
      passive: breakdownPartSchema({ nullable: true }),
      reason: recordText({ max: KEY_MAX, nullable: true, pattern: KEY_PATTERN }),
    },
    { required: true, nullable: true, initial: null },
  );
}

/** `DefenseTaken`. */
function defenseTakenSchema() {
  return new SchemaField({
    id: recordText({ max: 16, choices: DEFENSE_IDS }),
    labelKey: keyText(),
    roll: rollSnapshotSchema(),
    target: recordIntOrNull(),
    modifier: recordIntOrNull(),
    success: recordBool(),
    critical: critical(),
    margin: recordInt(),
  });
}

/** `MaintenanceTaken` (AD-M6). */
function maintenanceSchema() {
  return new SchemaField({
    roll: rollSnapshotSchema(),
    target: recordInt(),
    margin: recordInt(),
    success: recordBool(),
    critical: critical(),
  });
}

/** `DamageRecord`, or null while no damage is due. */
function damageSchema() {
  return new SchemaField(
    {
      formula: formulaText(true),
      roll: rollSnapshotSchema({ nullable: true }),
      /** CD-AT3: ×2 to ×6 (data/item/weapon.ts); 1 otherwise. */
      multiplier: recordInt(1, 6),
      reductions: parts(),
      final: recordIntOrNull(0, CARD_NUMBER_LIMIT),
      applied: new SchemaField(
        {
          before: recordInt(),
          after: recordInt(),
          userId: idText(),
          checks: new ArrayField(new SchemaField({ check: keyText(), messageId: idText() }), {
            required: true,
            nullable: false,
            max: MAX_DAMAGE_CHECKS,
          }),
        },
        { required: true, nullable: true, initial: null },
      ),
      undone: new SchemaField(
        { restored: recordInt(), checks: recordIntOr(0, 0, MAX_DAMAGE_CHECKS) },
        { required: true, nullable: true, initial: null },
      ),
    },
    { required: true, nullable: true, initial: null },
  );
}

/** `TargetEntry`: one target of an attack card and everything that happened to it. */
export function targetEntrySchema() {
  return new SchemaField({
    /** "t0", "t1"… */
    key: recordText({ max: 8, pattern: /^t\d+$/ }),
    target: actorRefSchema({ nullable: true }),
    combatantId: idText(true),
    attack: attackRecordSchema(),
    stage: recordText({ max: 24, choices: ENTRY_STAGES }),
    legal: legalDefensesSchema(),
    defenses: new ArrayField(defenseTakenSchema(), { required: true, nullable: false, max: MAX_DEFENSES }),
    declined: recordBool(),
    pendingDefense: recordText({ max: 16, nullable: true, choices: DEFENSE_IDS }),
    maintenance: new ArrayField(maintenanceSchema(), { required: true, nullable: false, max: MAX_DEFENSES }),
    outcome: new SchemaField(
      { outcome: keyText(), hit: recordBool(), margin: recordIntOrNull(), damageDue: recordBool() },
      { required: true, nullable: true, initial: null },
    ),
    fumble: new SchemaField(
      {
        roll: rollSnapshotSchema({ nullable: true }),
        total: recordIntOrNull(),
        /** `FRAY.Fumble.<band>`. */
        key: recordText({ max: KEY_MAX, nullable: true, pattern: KEY_PATTERN }),
      },
      { required: true, nullable: true, initial: null },
    ),
    damage: damageSchema(),
  });
}

/** `entries` of an attack card. */
export function entriesSchema() {
  return new ArrayField(targetEntrySchema(), { required: true, nullable: false, max: MAX_CARD_ENTRIES });
}

// --- a check card ------------------------------------------------------------------------------------------------

/**
 * `CheckLine`: an i18n key and the named values it shows (escaped), each one of `LINE_VALUES` and optional (a
 * StringField that is not required starts undefined, foundryvtt#8740); a key not among them is dropped by cleaning.
 */
export function checkLineSchema() {
  const value = () =>
    new StringField({
      required: false,
      nullable: false,
      blank: true,
      validate: (v: unknown) => v === undefined || (typeof v === "string" && v.length <= NAME_MAX),
      validationError: `is not a string of at most ${NAME_MAX} characters`,
    });
  return new SchemaField({
    key: keyText(),
    // Left out when the line has no values: a SchemaField with no initial would be filled in (see above).
    data: new SchemaField(
      Object.fromEntries(LINE_VALUES.map((name) => [name, value()])) as Record<
        LineValue,
        ReturnType<typeof value>
      >,
      { required: false, nullable: false, initial: () => undefined },
    ),
  });
}

export function checkLinesSchema() {
  return new ArrayField(checkLineSchema(), { required: true, nullable: false, max: MAX_LINES });
}

/** `CheckResult`, or null until rolled. */
export function checkResultSchema() {
  return new SchemaField(
    {
      roll: rollSnapshotSchema(),
      total: recordInt(),
      target: recordInt(),
      success: recordBool(),
      margin: recordInt(),
      critical: critical(),
      /** The d20's face (FS-D1). */
      natural: recordIntOrNull(1, 20),
      boonValue: recordIntOrNull(),
      userId: idText(),
    },
    { required: true, nullable: true, initial: null },
  );
}

/** `CheckConsequenceRecord`, or null for none. */
export function checkConsequenceSchema() {
  return new SchemaField(
    {
      /** A name registered with `defineCheckConsequence` ("concentration.check"…). */
      name: keyText(),
      data: boundedJsonField(),
      applied: recordBool(),
      lines: checkLinesSchema(),
      rolls: new ArrayField(new SchemaField({ labelKey: keyText(), roll: rollSnapshotSchema() }), {
        required: true,
        nullable: false,
        max: MAX_CONSEQUENCE_ROLLS,
      }),
    },
    { required: true, nullable: true, initial: null },
  );
}
