/**
 * The data an attack card keeps (`message.system` of a ChatMessage of type "attack"): who attacked with what,
 * and one entry per target — its attack roll, the defenses it may choose and took, the outcome, the fumble
 * table and the damage (rolled, applied, undone). Plain JSON: the rules' own results are stored as they come,
 * so a card rebuilt after a reload needs nothing but this and `message.rolls`.
 */
import type { DefenseOption, LegalDefenses, PassiveDefense } from "../rules/attack/legal-defenses";
import type { BoonSource } from "../rules/dice/boon-tally";
import type { FamilyId } from "../rules/families/ids";
import type { WeaponKind } from "../rules/items/weapon-kinds";

/** A creature on the card: the token (when it came from one) and its actor, and the name shown then. */
export interface ActorRef {
  readonly actorUuid: string;
  readonly tokenUuid: string | null;
  readonly name: string;
  readonly img: string;
}

/** One Roll attached to the message (`message.rolls[index]`), with what the card shows of it. */
export interface RollSnapshot {
  readonly index: number;
  readonly formula: string;
  readonly total: number;
  readonly faces: readonly number[];
}

/** A term of a total, e.g. `{ labelKey: "FRAY.Attack.Bonus.strength", value: 2 }`. */
export interface BreakdownPart {
  readonly labelKey: string;
  readonly value: number;
}

/** The attack roll against one target (or none), in the family's own terms. */
export interface AttackRecord {
  /** The attack roll first, then a CD-AT3 confirmation or the open-ended d100 rerolls. */
  readonly rolls: readonly RollSnapshot[];
  readonly total: number;
  /** The natural face of a d20 or d100 attack; null for 3d6. */
  readonly natural: number | null;
  readonly parts: readonly BreakdownPart[];
  /** FS-D1: where the boons and banes came from. */
  readonly boons: readonly BoonSource[];
  /** What the roll is compared with: Defense, AC, DB, the hit roll's target value; null with no target. */
  readonly against: BreakdownPart | null;
  readonly margin: number | null;
  readonly critical: boolean;
  readonly fumble: boolean;
  /** CD-AT3: a threat, and whether the confirmation roll confirmed it (null: no confirmation rolled). */
  readonly threat: boolean;
  readonly confirmation: {
    readonly roll: RollSnapshot;
    readonly total: number;
    readonly confirmed: boolean;
  } | null;
  /** Phased-round: the open-ended direction; PR-P5 OB halved. */
  readonly openEnded: "none" | "up" | "down";
  readonly halved: boolean;
  /** FS-A9: a hidden target attacked at the wrong place. */
  readonly wrongGuess: boolean;
  /** AD-M1/AD-M2: a feint against this defender (absent or null: none; the stored card says null). */
  readonly feint?: FeintRecord | null;
  /** The roll's own reading: `FRAY.Attack.Outcome.<outcome>`; "" with no target in families with no reading. */
  readonly outcome: string;
  /** What the family needs to go on (OD-A2 the attack roll; AD-A1 the hit result and the incoming attack). */
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * AD-M1/AD-M2: what feints take off the defender's defense roll against this attack — last turn's feint (first
 * attack of the turn only) or an all-out feint-and-attack, the larger — and that contest when it was rolled
 * with the attack.
 */
export interface FeintRecord {
  readonly penalty: number;
  readonly contest: {
    /** The feinter's 3d6, then the enemy's. */
    readonly rolls: readonly RollSnapshot[];
    readonly feinterMargin: number;
    readonly enemyMargin: number;
    /** 0: the feint failed. */
    readonly effect: number;
  } | null;
}

/** A defense roll that was made (OD-A2, AD-A2). */
export interface DefenseTaken {
  readonly id: string;
  readonly labelKey: string;
  readonly roll: RollSnapshot;
  /** Roll-under target value (AD) or the modifier added (OD). */
  readonly target: number | null;
  readonly modifier: number | null;
  readonly success: boolean;
  /** AD-C3 critical success/failure; OD-A3 Critical/Fumble. */
  readonly critical: "success" | "failure" | null;
  readonly margin: number;
}

/** AD-M6: a maintenance roll made before a defense while concentrating. */
export interface MaintenanceTaken {
  readonly roll: RollSnapshot;
  readonly target: number;
  readonly margin: number;
  readonly success: boolean;
  readonly critical: "success" | "failure" | null;
}

export interface EntryOutcome {
  /** `FRAY.Attack.Outcome.<outcome>`. */
  readonly outcome: string;
  readonly hit: boolean;
  /** OD-A5: attack − defense; null when nothing opposed the attack. */
  readonly margin: number | null;
  readonly damageDue: boolean;
}

/** AD-C2: the attacker's roll on the fumble table. */
export interface FumbleRecord {
  readonly roll: RollSnapshot | null;
  readonly total: number | null;
  /** `FRAY.Fumble.<band>`. */
  readonly key: string | null;
}

/** AD-A4: a check card the damage called for (stun, knockdown, unconsciousness, death). */
export interface DamageCheckRecord {
  /** `FRAY.Check.Kind.<check>`. */
  readonly check: string;
  /** The check card's message. */
  readonly messageId: string;
}

export interface DamageRecord {
  /** The formula the damage button rolls. */
  readonly formula: string;
  readonly roll: RollSnapshot | null;
  /** CD-AT3: the critical multiplier (1 otherwise). */
  readonly multiplier: number;
  /** OD-A7 protections, AD-A4 DR, at the time of the roll. */
  readonly reductions: readonly BreakdownPart[];
  /** The loss of Health the apply button subtracts. */
  readonly final: number | null;
  /**
   * Health before and after the application (AD-A4: `after` may be below 0); undo adds `before − after` back.
   * `checks`: the AD-A4 check cards this application called for (absent on cards from before them).
   */
  readonly applied: {
    readonly before: number;
    readonly after: number;
    readonly userId: string;
    readonly checks?: readonly DamageCheckRecord[];
  } | null;
  /**
   * Set by an undo: what was given back, and how many AD-A4 checks the undone application had called for (a
   * check already rolled keeps its effect; one rolled after the undo has none).
   */
  readonly undone: { readonly restored: number; readonly checks?: number } | null;
}

/**
 * `LegalDefenses` as a card keeps them: what the rules leave out (`passive`, `reason`, an option's `target` or
 * `modifier`) is stored as null (data/chat/card-schema.ts), so a stored value may say null where the rules say
 * nothing.
 */
export type StoredLegalDefenses = Omit<LegalDefenses, "passive" | "reason" | "options"> & {
  readonly options: readonly (Omit<DefenseOption, "target" | "modifier"> & {
    readonly target?: number | null;
    readonly modifier?: number | null;
  })[];
  readonly passive?: PassiveDefense | null;
  readonly reason?: string | null;
};

export type EntryStage = "awaitingDefense" | "awaitingMaintenance" | "resolved";

export interface TargetEntry {
  /** Stable within the card: "t0", "t1"… */
  readonly key: string;
  /** null: an attack with no target (OD-A3: it still rolls, for criticals and fumbles). */
  readonly target: ActorRef | null;
  /** The target's combatant in the attack's combat. */
  readonly combatantId: string | null;
  readonly attack: AttackRecord;
  readonly stage: EntryStage;
  /** While a defense is awaited: what the defender may choose (the GM checks again on the click). */
  readonly legal: StoredLegalDefenses | null;
  readonly defenses: readonly DefenseTaken[];
  readonly declined: boolean;
  /** AD-M6: the defense chosen while concentrating, waiting for its maintenance roll. */
  readonly pendingDefense: string | null;
  readonly maintenance: readonly MaintenanceTaken[];
  readonly outcome: EntryOutcome | null;
  /** AD-C2: due when not null. */
  readonly fumble: FumbleRecord | null;
  /** Due when not null. */
  readonly damage: DamageRecord | null;
}

export interface WeaponSnapshot {
  readonly itemId: string;
  readonly name: string;
  readonly img: string;
  readonly kind: WeaponKind;
  readonly damage: string;
}

/** The situational input of the attack dialog. */
export interface AttackSituation {
  readonly modifier: number;
  /** FS-D1: situational boons and banes. */
  readonly boons: number;
  readonly banes: number;
  /** FS-MT4: rider and mount attack independently (2 banes). */
  readonly mountedIndependent: boolean;
}

export const NO_SITUATION: AttackSituation = { modifier: 0, boons: 0, banes: 0, mountedIndependent: false };

export interface AttackCardData {
  readonly family: FamilyId;
  readonly attacker: ActorRef;
  readonly weapon: WeaponSnapshot;
  readonly situation: AttackSituation;
  /** The combat the attack happened in (its state gave the modifiers), or null. */
  readonly combatId: string | null;
  readonly entries: readonly TargetEntry[];
}
