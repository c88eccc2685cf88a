/**
 * fast-slow round structure (FS-R1…FS-R9): a round is fast turns «tours rapides», slow turns «tours lents»,
 * then the end of round «fin de round» (FS-R1). A creature takes at most one turn per round, fast or slow or
 * none (FS-R4); its fast/slow choice may change until it acts. The players' characters claim turns in any order
 * they like, then the GM's creatures in any order (FS-R2, FS-R3); a disputed order is settled by a 1d6
 * roll-off, highest first (FS-R2). The seed reads two ways (digest FS-R3 reading note), a world setting:
 * - "perPart" (default, the source game's): in each part, the players' characters then the GM's creatures —
 *   fast PCs, fast GM creatures, slow PCs, slow GM creatures;
 * - "playersFirst": all the players' characters, fast or slow, in any order, then all the GM's creatures —
 *   one claim part for the whole round ("turns"), each turn of the kind its creature chose (slow if none).
 * The end-of-round step resolves the players' effects first, then the GM's (FS-R7); "1 round" lasts to the end
 * of the following round (FS-R8, timed-states.ts); FS-R9's offer to end the combat is `offerEndCombat`
 * (turns/offer-end-combat.ts).
 */
import { refuse } from "../../outcome";
import type { RoundDraft } from "../../turns/round-draft";
import type { RoundEvent } from "../../turns/round-event";
import type { PhaseDefinition, RoundStructure } from "../../turns/round-structure";

/** FS-R2/FS-R3: the two readings of the seed's turn order (a world setting, recorded on each Combat). */
export const FS_TURN_ORDERS = ["perPart", "playersFirst"] as const;
export type FsTurnOrder = (typeof FS_TURN_ORDERS)[number];
export const DEFAULT_FS_TURN_ORDER: FsTurnOrder = "perPart";

const END_OF_ROUND: PhaseDefinition = {
  id: "endOfRound",
  policy: "endOfRound",
  label: "FRAY.Combat.Part.endOfRound",
};

/** The parts of a round under each reading (FS-R1, FS-R2, FS-R3). */
export const FS_PHASES: Readonly<Record<FsTurnOrder, readonly PhaseDefinition[]>> = {
  perPart: [
    { id: "fast", policy: "claim", label: "FRAY.Combat.Part.fast", speed: "fast" },
    { id: "slow", policy: "claim", label: "FRAY.Combat.Part.slow", speed: "slow" },
    END_OF_ROUND,
  ],
  playersFirst: [
    { id: "turns", policy: "claim", label: "FRAY.Combat.Part.turns", defaultSpeed: "slow" },
    END_OF_ROUND,
  ],
};

function chooseSpeed(d: RoundDraft, e: Extract<RoundEvent, { type: "chooseSpeed" }>) {
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  if (e.speed !== "fast" && e.speed !== "slow") return refuse("invalidValue");
  const phase = d.phaseDef;
  // During the end-of-round step the choice is for the next round.
  if (d.round > 0 && phase.policy === "claim") {
    if (d.current === e.id) return refuse("alreadyActing");
    if (c.actedRound >= d.round) return refuse("alreadyActed");
    if (e.speed === "fast" && phase.speed === "slow") return refuse("fastPartOver");
    // FS-R2, FS-R3: once the GM's creatures act in the fast part, a player who chose slow cannot switch to fast.
    const switching = e.speed === "fast" && c.speed === "slow" && c.side === "players";
    if (switching && phase.speed === "fast" && d.claimSide === "gm" && e.gmOverride !== true)
      return refuse("playersPartOver");
  }
  d.update(e.id, { speed: e.speed });
  return null;
}

export function fastSlowStructure(options: { readonly turnOrder?: FsTurnOrder } = {}): RoundStructure {
  return {
    family: "fast-slow",
    phases: FS_PHASES[options.turnOrder ?? DEFAULT_FS_TURN_ORDER],
    initiative: "none",
    ties: "rollOff",
    readInitiative: () => refuse("notInThisFamily"),
    newCombatant: (input) => ({ speed: input.speed ?? null, actions: null, sheet: null }),
    startPhase(d) {
      // FS-R2: a roll-off settles the order of one part only.
      // Stryker disable next-line ConditionalExpression: with no roll-off there is nobody to reset, and an empty contest stays empty (the mutant that never resets is killed)
      if (!d.contest.length) return;
      for (const id of d.contest) d.update(id, { rollOff: [] });
      d.setContest([]);
    },
    handle(d, e) {
      return e.type === "chooseSpeed" ? chooseSpeed(d, e) : undefined;
    },
    notes(d, c) {
      const notes: Record<string, string | number | boolean> = { speed: c.speed ?? "undecided" };
      const face = c.rollOff[c.rollOff.length - 1];
      if (face !== undefined && d.round > 0) notes.rollOff = face;
      return notes;
    },
  };
}
