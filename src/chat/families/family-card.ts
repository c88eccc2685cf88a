/**
 * What each family contributes to an attack card: the attack roll against one target (or none), the defenses
 * legal now, the resolution of a chosen defense, the damage after reductions. The rules decide; these
 * adapters read the creatures and the fight, roll real dice and store the rules' answers on the entry.
 */
import type { LegalDefenses } from "../../rules/attack/legal-defenses";
import type { FamilyId } from "../../rules/families/ids";
import type { Outcome } from "../../rules/outcome";
import type {
  AttackCardData,
  AttackRecord,
  AttackSituation,
  BreakdownPart,
  DamageCheckRecord,
  DamageRecord,
  TargetEntry,
  WeaponSnapshot,
} from "../card-data";
import type { CombatLink } from "../combat-link";
import type { AttackConventions } from "../conventions";
import type { Party, WeaponStats } from "../parties";
import type { RollSink } from "../roll-sink";

export interface AttackSetup {
  readonly family: FamilyId;
  readonly attacker: Party;
  readonly attackerLink: CombatLink | null;
  readonly weapon: { readonly id: string; readonly stats: WeaponStats; readonly snapshot: WeaponSnapshot };
  readonly situation: AttackSituation;
  readonly conventions: AttackConventions;
  /** FS-A8: boons from Help the attacker held, used by this roll. */
  readonly helpBoons?: number;
  /**
   * The attacker's stored budget as it stood when the attack was declared, before rolling it spent it: what the
   * attack is made under (FS-A10 a prepared attack, AD-M5 the aim, AD-M2 which attack of the turn this is).
   */
  readonly budgetBefore?: unknown;
}

/** A creature on the defending side, as read now. */
export interface Defender {
  readonly party: Party;
  readonly link: CombatLink | null;
}

/** An entry before it is placed on the card. */
export type EntryDraft = Omit<TargetEntry, "key" | "target" | "combatantId">;

export interface DefendInput {
  readonly card: AttackCardData;
  readonly entry: TargetEntry;
  readonly defender: Defender;
  /** A legal option's id, null to take no defense, "auto" for the best legal one (NPC auto-defense). */
  readonly choice: string | null;
  /** OD-A2: the defender's situational modifier to its defense roll (0 when none was given). */
  readonly modifier?: number;
  readonly conventions: AttackConventions;
  readonly sink: RollSink;
}

export interface DamageResult {
  readonly multiplier: number;
  readonly reductions: readonly BreakdownPart[];
  readonly final: number;
}

/** What the GM's application of damage hands the family, once, after the target's Health was written. */
export interface DamageAppliedInput {
  readonly messageId: string;
  readonly card: AttackCardData;
  readonly entry: TargetEntry;
  readonly target: Party;
  /** The target's combatant in the attack's fight (or the fight it is in now), if any. */
  readonly link: CombatLink | null;
  /** The final damage subtracted. */
  readonly damage: number;
  readonly before: number;
  readonly after: number;
}

/** What the damage set off (AD-A4 check cards), to record on the entry, then to roll once it is written. */
export interface DamageAftermath {
  readonly checks: readonly DamageCheckRecord[];
  /** Rolls at once the checks that do not wait for a player (called after the entry is written). */
  roll(): Promise<void>;
}

export interface FamilyCard {
  /** On the attacker's client: roll the attack against `target` (null: no target) and say what comes next. */
  attack(setup: AttackSetup, target: Defender | null, sink: RollSink): Promise<EntryDraft>;
  /** The defenses legal now against the entry's attack (families where the defender chooses). */
  legalDefenses?(entry: TargetEntry, defender: Defender): LegalDefenses;
  /** On the GM's client: roll the chosen defense (or none) and resolve the entry. */
  defend?(input: DefendInput): Promise<Outcome<TargetEntry>>;
  /** AD-M6: the maintenance roll before a defense while concentrating, then the defense itself. */
  maintain?(input: Omit<DefendInput, "choice">): Promise<Outcome<TargetEntry>>;
  /** The final loss of Health from rolled damage (multipliers, protections, DR). */
  damage(entry: TargetEntry, rolled: number, target: Party, conventions: AttackConventions): DamageResult;
  /** The lowest Health damage takes a creature to (0 when absent; AD-A4 counts below 0). */
  healthFloor?(max: number): number;
  /** On the GM's client, once per application: what the damage sets off (AD-A4 checks). */
  damageApplied?(input: DamageAppliedInput): Promise<DamageAftermath>;
}

/** A damage record waiting for its roll. */
export function damageDue(formula: string, multiplier = 1): DamageRecord {
  return { formula, roll: null, multiplier, reductions: [], final: null, applied: null, undone: null };
}

/** An entry that needs no defense step. */
export function resolvedDraft(attack: AttackRecord, rest: Partial<EntryDraft> = {}): EntryDraft {
  return {
    attack,
    stage: "resolved",
    legal: null,
    defenses: [],
    declined: false,
    pendingDefense: null,
    maintenance: [],
    outcome: null,
    fumble: null,
    damage: null,
    ...rest,
  };
}

/** An attack record with every optional reading at its neutral value. */
export function attackRecord(
  fields: Pick<AttackRecord, "rolls" | "total"> & Partial<AttackRecord>,
): AttackRecord {
  return {
    natural: null,
    parts: [],
    boons: [],
    against: null,
    margin: null,
    critical: false,
    fumble: false,
    threat: false,
    confirmation: null,
    openEnded: "none",
    halved: false,
    wrongGuess: false,
    outcome: "",
    data: {},
    ...fields,
  };
}

/** The weapon's damage formula, "0" when the item has none. */
export function weaponDamage(snapshot: WeaponSnapshot): string {
  return snapshot.damage.trim() || "0";
}
