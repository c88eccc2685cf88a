/**
 * Phased-round attacks: 1d100 (open-ended, see dice/open-ended-d100.ts) + OB «BO» − DB «BD» + modifiers.
 * PR-P5: a combatant that fired in missile phase (A) melees for the rest of the round at 50 % of its OB
 * (halved toward zero); firing again in (B) with a self-reloading weapon is "normal" and keeps the full OB.
 *
 * The text gives no attack table, so the hit and the damage are conventions (world settings):
 * - `hitThreshold` (`prHitThreshold`, default 100): the attack hits when the total is at or above it;
 * - `damageMode` (`prDamageMode`):
 *   - "margin" (default): the weapon's damage dice + floor((total − threshold) / `damageStep`) —
 *     one extra point per `damageStep` (`prDamageStep`, default 10) above the threshold;
 *   - "weapon": the weapon's damage dice only.
 * - `openEnded` (`prOpenEnded`): 96–100 roll again and add, 01–05 roll again and subtract.
 */
import type { NextRoll } from "../../attack/next-roll";
import { plusBonus } from "../../dice/formula";
import { DEFAULT_OPEN_ENDED, openEndedD100, type OpenEndedConvention } from "../../dice/open-ended-d100";

export interface PhasedRoundConventions {
  readonly openEnded: OpenEndedConvention;
  readonly hitThreshold: number;
  readonly damageMode: "margin" | "weapon";
  readonly damageStep: number;
}

export const DEFAULT_PHASED_ROUND_CONVENTIONS: PhasedRoundConventions = {
  openEnded: DEFAULT_OPEN_ENDED,
  hitThreshold: 100,
  damageMode: "margin",
  damageStep: 10,
};

export interface PhasedRoundOffense {
  /** The attacker's offensive bonus with this weapon. */
  readonly ob: number;
  readonly kind: "melee" | "missile";
  /** PR-P5: the attacker fired in missile phase (A) this round. */
  readonly firedInPhaseA?: boolean;
}

/** PR-P5: the OB that applies: half (toward zero) for a melee attack after firing in phase (A). */
export function phasedRoundOffensiveBonus(offense: PhasedRoundOffense): { ob: number; halved: boolean } {
  const halved = offense.kind === "melee" && (offense.firedInPhaseA ?? false);
  return { ob: halved ? Math.trunc(offense.ob / 2) : offense.ob, halved };
}

export interface PhasedRoundAttackInput extends PhasedRoundOffense {
  /** The defender's defensive bonus. */
  readonly db: number;
  /** Other modifiers (cover, range, the GM's). */
  readonly modifier?: number;
  /** PR-P3: the penalty of a compromised attacker this round (orientation.ts), taken off the total. */
  readonly compromised?: number;
  /** The weapon's damage formula, e.g. "1d8" or "2d6 + 1". */
  readonly weaponDamage: string;
}

export type PhasedRoundAttackResult =
  | {
      readonly status: "needsMore";
      /** Roll this 1d100 and call again with one more face. */
      readonly next: NextRoll;
      readonly faces: readonly number[];
    }
  | {
      readonly status: "resolved";
      readonly faces: readonly number[];
      /** The open-ended d100 total. */
      readonly roll: number;
      readonly openEnded: "none" | "up" | "down";
      readonly ob: number;
      readonly obHalved: boolean;
      readonly db: number;
      readonly modifier: number;
      /** PR-P3: the compromise penalty taken off (0 for none). */
      readonly compromised: number;
      readonly total: number;
      readonly threshold: number;
      readonly hit: boolean;
      /** Total − threshold. */
      readonly margin: number;
      /** Added to the weapon's damage on a hit ("margin" mode), else 0. */
      readonly damageBonus: number;
      /** On a hit: the damage roll. */
      readonly next: NextRoll | null;
      /** `FRAY.Attack.Outcome.<outcome>`. */
      readonly outcome: "hit" | "miss";
    };

export function resolvePhasedRoundAttack(
  input: PhasedRoundAttackInput,
  d100Faces: readonly number[],
  conventions: PhasedRoundConventions = DEFAULT_PHASED_ROUND_CONVENTIONS,
): PhasedRoundAttackResult {
  const roll = openEndedD100(d100Faces, conventions.openEnded);
  if (roll.status === "needsMore") {
    const purpose = roll.direction === "up" ? "openEndedUp" : "openEndedDown";
    return { status: "needsMore", next: { purpose, formula: roll.formula }, faces: roll.faces };
  }
  const { ob, halved } = phasedRoundOffensiveBonus(input);
  const modifier = input.modifier ?? 0;
  const compromised = Math.max(0, input.compromised ?? 0);
  const total = roll.total + ob - input.db + modifier - compromised;
  const threshold = conventions.hitThreshold;
  const hit = total >= threshold;
  const margin = total - threshold;
  const step = Math.max(1, Math.trunc(conventions.damageStep));
  const damageBonus = hit && conventions.damageMode === "margin" ? Math.floor(margin / step) : 0;
  return {
    status: "resolved",
    faces: roll.faces,
    roll: roll.total,
    openEnded: roll.direction,
    ob,
    obHalved: halved,
    db: input.db,
    modifier,
    compromised,
    total,
    threshold,
    hit,
    margin,
    damageBonus,
    next: hit ? { purpose: "damage", formula: plusBonus(input.weaponDamage, damageBonus) } : null,
    outcome: hit ? "hit" : "miss",
  };
}
