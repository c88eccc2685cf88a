/**
 * fast-slow round structure (FS-R1…FS-R9): a round is fast turns «tours rapides», slow turns «tours lents»,
 * then the end of round «fin de round» (FS-R1). In each part the players' characters claim turns in any order
 * they like, then the GM's creatures in any order (FS-R2, FS-R3); a disputed order is settled by a 1d6
 * roll-off, highest first (FS-R2). A creature takes at most one turn per round, fast or slow or none (FS-R4);
 * its fast/slow choice may change until it acts. The end-of-round step resolves the players' effects first,
 * then the GM's (FS-R7); "1 round" lasts to the end of the following round (FS-R8, timed-states.ts); FS-R9's
 * offer to end the combat is `offerEndCombat` (turns/offer-end-combat.ts).
 */
import { refuse } from "../../outcome";
import type { RoundDraft } from "../../turns/round-draft";
import type { RoundEvent } from "../../turns/round-event";
import type { RoundStructure } from "../../turns/round-structure";

function chooseSpeed(d: RoundDraft, e: Extract<RoundEvent, { type: "chooseSpeed" }>) {
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  if (e.speed !== "fast" && e.speed !== "slow") return refuse("invalidValue");
  const phase = d.phaseDef;
  // During the end-of-round step the choice is for the next round.
  if (d.round > 0 && phase.policy === "claim") {
    if (d.current === e.id) return refuse("alreadyActing");
    if (c.actedRound >= d.round) return refuse("alreadyActed");
    if (e.speed === "fast" && phase.speed !== "fast") return refuse("fastPartOver");
    // FS-R2, FS-R3: once the GM's creatures act, a player who chose slow cannot switch to fast.
    const switching = e.speed === "fast" && c.speed === "slow" && c.side === "players";
    if (switching && d.claimSide === "gm" && e.gmOverride !== true) return refuse("playersPartOver");
  }
  d.update(e.id, { speed: e.speed });
  return null;
}

export function fastSlowStructure(): RoundStructure {
  return {
    family: "fast-slow",
    phases: [
      { id: "fast", policy: "claim", label: "FRAY.Combat.Part.fast", speed: "fast" },
      { id: "slow", policy: "claim", label: "FRAY.Combat.Part.slow", speed: "slow" },
      { id: "endOfRound", policy: "endOfRound", label: "FRAY.Combat.Part.endOfRound" },
    ],
    initiative: "none",
    ties: "rollOff",
    readInitiative: () => refuse("notInThisFamily"),
    newCombatant: (input) => ({ speed: input.speed ?? null, actions: null, sheet: null }),
    startPhase(d) {
      // FS-R2: a roll-off settles the order of one part only.
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
