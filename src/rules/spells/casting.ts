/**
 * What casting a spell is under each family, and what it spends in a fight:
 * - fast-slow: a spell made against Defense or an attribute is an attack (FS-A1, rolled as one: FS-D1, FS-D2);
 *   any other is cast and resolved with the turn's action (FS-A2) — out of the turn, the reaction to a prepared
 *   cast or attack (FS-A10); a concentration it needs is begun apart (FS-A3);
 * - active-defense-3d6: one concentrates to cast a spell «法術» and it is cast, with its casting roll «詠唱判定»,
 *   at the start of the next turn (AD-M6): a spell that needs concentration is cast by concentrating on it; one
 *   that does not is cast at once with the casting roll, the turn's manoeuvre spent on it (AD-M8: another action);
 * - phased-round: a spell declared in the spell declaration phase (PR-P1) resolves in the spell resolution phase
 *   (PR-P2); the declaration already spent the round's activity (PR-B1), so casting spends nothing more, and is
 *   refused at any other time or without a cast declared (PR-B2: the GM may override);
 * - classic-d20: casting a spell is a standard action (CD-A6);
 * - opposed-d20: an active action (OD-R3), like every action taken on one's turn.
 * Outside a fight (or before it begins) nothing is spent, and a spell that needs concentration is cast as any
 * other: there are no turns to concentrate across.
 */
import { accept, refuse, type Outcome } from "../outcome";
import type { FamilyId } from "../families/ids";
import { FS_ATTACK_TARGETS, type FsAttackTarget } from "../families/fast-slow/attack";
import type { FastSlowBudget } from "../families/fast-slow/budget";
import type { SpendEvent } from "../budget/spend-events";
import type { PhasedSheet } from "../turns/round-state";

/** What a spell's roll is made against (fast-slow): nothing, Defense, or an attribute. */
export type SpellAgainst = "none" | FsAttackTarget;

/** The parts of a spell item casting reads. */
export interface SpellFacts {
  readonly against: SpellAgainst;
  readonly concentration: boolean;
}

const SPELL_AGAINST: readonly string[] = ["none", ...FS_ATTACK_TARGETS];

/** A spell item's data as casting reads it (anything else reads as no roll, no concentration). */
export function spellFacts(system: unknown): SpellFacts {
  const s = (system ?? {}) as { against?: unknown; concentration?: unknown };
  // Stryker disable next-line ConditionalExpression: includes() of a list of strings is already false for any non-string, so the typeof test only narrows the type
  const against = typeof s.against === "string" && SPELL_AGAINST.includes(s.against) ? s.against : "none";
  return { against: against as SpellAgainst, concentration: s.concentration === true };
}

/**
 * How the spell is cast: an attack card (FS-A1); a spell card, after spending what casting costs (FS-A2, PR-P2,
 * CD-A6, OD-R3); the casting roll now (AD-M6 without concentration); concentration, the casting roll to follow
 * at the start of the next turn (AD-M6).
 */
export type CastingKind = "attack" | "card" | "castingRoll" | "concentrate";

export function castingKind(family: FamilyId, spell: SpellFacts, inFight: boolean): CastingKind {
  switch (family) {
    case "fast-slow":
      return spell.against === "none" ? "card" : "attack";
    case "active-defense-3d6":
      return spell.concentration && inFight ? "concentrate" : "castingRoll";
    default:
      return "card";
  }
}

/** The phase of the phased round in which declared spells resolve (PR-P2). */
export const SPELL_RESOLUTION_PHASE = "spellResolution";

/** Reason codes of a refused cast (`FRAY.Refusal.<code>`). */
export const CASTING_REFUSALS = [
  /** PR-P1: no spell was declared this round. */
  "castNotDeclared",
  /** PR-P1/PR-P2: the spell declared this round is being prepared, not cast. */
  "castOnlyPrepared",
  /** PR-P2: declared spells resolve in the spell resolution phase. */
  "castInResolutionPhase",
  /** The spell named is not (or no longer) one of the caster's. */
  "unknownSpell",
] as const;

export type CastingRefusal = (typeof CASTING_REFUSALS)[number];

export interface CastSpendInput {
  readonly family: FamilyId;
  /** fast-slow: the stored budget (its turn and prepared activity decide). */
  readonly fastSlow?: FastSlowBudget | null;
  /** phased-round: the phase now (its id) and this round's declarations. */
  readonly phaseId?: string;
  readonly sheet?: PhasedSheet | null;
  /** GM only: a phased-round cast out of its phase, or undeclared, goes ahead. */
  readonly override?: boolean;
}

/** What casting spends: a family event, or nothing more (phased-round). */
export type CastSpend = SpendEvent | { readonly family: "phased-round"; readonly event: null };

/** PR-P1/PR-P2: why a phased-round spell cannot be cast now, or null. */
export function phasedCastRefusal(phaseId: string, sheet: PhasedSheet | null | undefined) {
  if (!sheet?.spell) return refuse("castNotDeclared");
  if (sheet.spell !== "cast") return refuse("castOnlyPrepared");
  if (phaseId !== SPELL_RESOLUTION_PHASE) return refuse("castInResolutionPhase");
  return null;
}

/**
 * What casting a spell that is not an attack spends in a fight (the attack spells spend as attacks do,
 * attack-spend.ts), or why it cannot be cast now. The budget itself still refuses what it must (an action
 * already used, no reaction left, not the caster's turn), with the GM's override.
 */
export function castSpend(input: CastSpendInput): Outcome<CastSpend> {
  switch (input.family) {
    case "fast-slow": {
      const budget = input.fastSlow;
      // FS-A10: out of its turn, a creature that prepared to cast does it with its reaction.
      if (!budget?.turn && budget?.prepared?.activity === "cast")
        return accept({ family: "fast-slow", event: { type: "reaction", kind: "prepared" } });
      return accept({ family: "fast-slow", event: { type: "activity", activity: "cast" } });
    }
    case "classic-d20":
      return accept({ family: "classic-d20", event: { type: "standard", kind: "cast" } });
    case "opposed-d20":
      return accept({ family: "opposed-d20", event: { type: "action", counter: "active" } });
    case "active-defense-3d6":
      return accept({ family: "active-defense-3d6", event: { type: "maneuver", maneuver: "other" } });
    case "phased-round": {
      // Stryker disable next-line StringLiteral: any phase id but the resolution phase is refused the same way, so the default's text is never observable
      const refusal = phasedCastRefusal(input.phaseId ?? "", input.sheet);
      if (refusal && !input.override) return refusal;
      return accept({ family: "phased-round", event: null });
    }
  }
}
