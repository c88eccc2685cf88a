import { DEFAULT_FAMILY, FAMILY_IDS } from "../../rules/families/ids";
import { SETTING_DEFAULTS } from "../../config/settings";
import { FS_TURN_ORDERS } from "../../rules/families/fast-slow/structure";
import { ORIENTATION_LOW_READINGS } from "../../rules/families/phased-round/orientation";
import { choiceField, intField } from "../fields";
import { migrateSource } from "../migrate";

const { ObjectField, SchemaField, StringField } = foundry.data.fields;

/**
 * The conventions a fight is run under, recorded with the family when the Combat is created (FrayCombat
 * `_preCreate`) so that a world setting changed mid-combat never reorders or re-rules a fight in progress:
 * FS-R2/FS-R3 turn order, CD-I3 ties, OD-I3 ties, OD-I4 critical face, PR-B3 melee initiative dice, PR-P6
 * weapon costs, PR-P3 low orientation rolls, AD-T2 speed score.
 */
function optionsSchema() {
  return new SchemaField({
    fsTurnOrder: choiceField([...FS_TURN_ORDERS], SETTING_DEFAULTS.fsTurnOrder),
    cdInitiativeTies: choiceField(["dexterity", "rolloff"], SETTING_DEFAULTS.cdInitiativeTies),
    odInitiativeTies: choiceField(["random", "initiative", "manual"], SETTING_DEFAULTS.odInitiativeTies),
    odCriticalOn: intField(SETTING_DEFAULTS.odCriticalOn, { min: 2, max: 20 }),
    prInitiativeFormula: choiceField(["1d10", "2d10"], SETTING_DEFAULTS.prInitiativeFormula),
    prDrawCost: intField(SETTING_DEFAULTS.prDrawCost, { min: 0, max: 100 }),
    prChangeCost: intField(SETTING_DEFAULTS.prChangeCost, { min: 0, max: 100 }),
    prOrientationLow: choiceField([...ORIENTATION_LOW_READINGS], SETTING_DEFAULTS.prOrientationLow),
    adSpeedScore: choiceField(["ag", "dev"], SETTING_DEFAULTS.adSpeedScore),
  });
}

function combatSchema() {
  return {
    /** The rule family, recorded at creation and never changed (FS, CD, OD, PR, AD). */
    family: new StringField({
      required: true,
      nullable: false,
      blank: false,
      choices: [...FAMILY_IDS],
      initial: DEFAULT_FAMILY,
    }),
    options: optionsSchema(),
    /**
     * The round engine's state (rules/turns/round-state.ts), plain JSON written whole by the active GM
     * (combat-api.ts `applyRoundEvents`); null until the first event. Read it with `roundStateOf`, which
     * checks it and falls back to a valid empty state.
     */
    engine: new ObjectField({ required: true, nullable: true, initial: null }),
  };
}

export type CombatSchema = ReturnType<typeof combatSchema>;

/** Combat `base`: the family, its recorded conventions and the engine state of one fight. */
export class CombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat> {
  static readonly metadata = { documentName: "Combat", type: "base" } as const;

  static override defineSchema(): CombatSchema {
    return combatSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }
}
