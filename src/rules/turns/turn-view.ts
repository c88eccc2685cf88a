/**
 * "Who may act now": a pure query the combat tracker renders. For the current phase it lists every
 * combatant with a status (acting, ready, waiting, done, out), the reason code when it may not act, and the
 * family's notes (fast/slow, critical initiative, orientation band, melee pass…); plus the phases of the
 * round, unresolved ties, the end-of-round effects to come (FS-R7) and FS-R9's offer to end the combat.
 */
import { claimRefusal } from "./claim-order";
import { compareInitiative, sortByInitiative, tiedGroups } from "./initiative-order";
import { offerEndCombat } from "./offer-end-combat";
import { RoundDraft } from "./round-draft";
import type { OrderPolicy, RoundStructure, TurnNotes } from "./round-structure";
import type { RoundState, RoundTimedState, Side, TurnCombatant } from "./round-state";
import { endsAtRoundEnd, sortForResolution } from "./timed-states";

export type EntryStatus =
  /** Its turn is being played. */
  | "acting"
  /** May act in this phase now (claim a turn, declare, resolve). */
  | "ready"
  /** Will or may act later in this phase. */
  | "waiting"
  /** Has acted (this round in claim and initiative phases; in this phase otherwise). */
  | "done"
  /** Cannot act in this phase; `reason` says why. */
  | "out";

export interface TurnEntry {
  readonly id: string;
  readonly side: Side;
  readonly status: EntryStatus;
  /** A refusal code (`FRAY.Refusal.<code>`) for "waiting" and "out", else null. */
  readonly reason: string | null;
  readonly defeated: boolean;
  readonly initiative: number | null;
  readonly notes: TurnNotes;
}

export interface PhaseSummary {
  readonly id: string;
  readonly label: string;
  readonly policy: OrderPolicy;
  readonly status: "done" | "current" | "upcoming";
}

export interface RoundView {
  readonly family: RoundState["family"];
  readonly round: number;
  readonly started: boolean;
  readonly phase: PhaseSummary & { readonly index: number; readonly part: Side | null };
  readonly phases: readonly PhaseSummary[];
  readonly current: string | null;
  /** The phase may be advanced without a GM override. */
  readonly complete: boolean;
  /** Every combatant, in the order the tracker should list them. */
  readonly entries: readonly TurnEntry[];
  /** Ties no key separates: a roll-off to ask for, or (OD-I3 "manual") a hand order. */
  readonly ties: readonly { readonly ids: readonly string[]; readonly method: "rollOff" | "manual" }[];
  /** FS-R7: what the end-of-round step will resolve, players' side first; `ends` when it expires then. */
  readonly roundEnd: readonly { readonly state: RoundTimedState; readonly ends: boolean }[];
  /** FS-R9: one side is all defeated. */
  readonly offerEndCombat: boolean;
}

export function describeRound(structure: RoundStructure, state: RoundState): RoundView {
  const d = new RoundDraft(structure, state);
  const phaseDef = d.phaseDef;
  const started = state.round > 0;
  const phases = structure.phases.map((p, i) => ({
    id: p.id,
    label: p.label,
    policy: p.policy,
    status: !started || i > state.phase ? "upcoming" : i === state.phase ? "current" : "done",
  })) as PhaseSummary[];
  const notesOf = (c: TurnCombatant): TurnNotes => structure.notes?.(d, c) ?? {};
  const entry = (c: TurnCombatant, status: EntryStatus, reason: string | null): TurnEntry => ({
    id: c.id,
    side: c.side,
    status,
    reason,
    defeated: c.defeated,
    initiative: c.initiative,
    notes: notesOf(c),
  });

  let entries: TurnEntry[];
  if (!started) {
    const list = structure.initiative === "combat" ? sortByInitiative(state.combatants) : bySide(state);
    entries = list.map((c) =>
      entry(c, c.defeated ? "out" : "waiting", c.defeated ? "defeated" : "notStarted"),
    );
  } else {
    entries = describeEntries(d, state, entry);
  }

  // FS-R2, FS-R3: the players' characters while any of them is still to act, then the GM's creatures.
  const part = phaseDef.policy === "claim" && started ? (d.pending("players") > 0 ? "players" : "gm") : null;
  return {
    family: state.family,
    round: state.round,
    started,
    phase: { ...(phases[state.phase] as PhaseSummary), index: state.phase, part },
    phases,
    current: state.current,
    complete: started && d.phaseComplete(),
    entries,
    ties: ties(structure, d, state),
    roundEnd: roundEndEffects(d, state),
    offerEndCombat: offerEndCombat(state),
  };
}

function bySide(state: RoundState): TurnCombatant[] {
  return [...state.combatants].sort((a, b) =>
    a.side === b.side ? a.seq - b.seq : a.side === "players" ? -1 : 1,
  );
}

type EntryOf = (c: TurnCombatant, status: EntryStatus, reason: string | null) => TurnEntry;

function describeEntries(d: RoundDraft, state: RoundState, entry: EntryOf): TurnEntry[] {
  const phase = d.phaseDef;
  const s = d.structure;
  const round = state.round;
  switch (phase.policy) {
    case "claim":
      return bySide(state).map((c) => {
        if (c.id === state.current) return entry(c, "acting", null);
        if (c.defeated) return entry(c, "out", "defeated");
        if (c.actedRound >= round) return entry(c, "done", null);
        if (c.passedRound >= round) return entry(c, "out", "turnForgone");
        const refusal = claimRefusal(d, c);
        if (refusal) return entry(c, "waiting", refusal.reason);
        // FS-R2: turns are taken one after another, in an order; nobody claims one while another is played.
        return state.current === null ? entry(c, "ready", null) : entry(c, "waiting", "turnInProgress");
      });
    case "initiative": {
      const listed = new Set<string>();
      const out: TurnEntry[] = [];
      state.order.forEach((id, i) => {
        const c = d.find(id);
        if (!c) return;
        listed.add(id);
        if (id === state.current) out.push(entry(c, "acting", null));
        else if (c.defeated) out.push(entry(c, "out", "defeated"));
        else if (c.actedRound >= round) out.push(entry(c, "done", null));
        else if (c.passedRound >= round) out.push(entry(c, "out", "countPassed"));
        else if (s.barred?.(d, c, phase)) out.push(entry(c, "out", s.barred(d, c, phase)));
        else if (i >= state.cursor) out.push(entry(c, "waiting", "notYourTurn"));
        else out.push(entry(c, "out", "countPassed"));
      });
      for (const c of state.combatants) if (!listed.has(c.id)) out.push(entry(c, "out", "notInOrder"));
      return out;
    }
    case "declare":
    case "resolve":
      return [...state.combatants].map((c) => {
        if (c.defeated) return entry(c, "out", "defeated");
        const did = s.declared?.(d, c, phase) ?? false;
        if (phase.policy === "resolve")
          return did ? entry(c, "ready", null) : entry(c, "out", "nothingDeclared");
        if (did) return entry(c, "done", null);
        const barred = s.barred?.(d, c, phase) ?? null;
        return barred ? entry(c, "out", barred) : entry(c, "ready", null);
      });
    case "sequence": {
      const last = new Map<string, number>();
      state.queue.forEach((q, i) => last.set(q.id, i));
      const seen = new Set<string>();
      const out: TurnEntry[] = [];
      const place = (c: TurnCombatant) => {
        if (c.id === state.current) return entry(c, "acting", null);
        if (c.defeated) return entry(c, "out", "defeated");
        const at = last.get(c.id);
        if (at === undefined) return entry(c, "out", "notInQueue");
        const barred = s.barred?.(d, c, phase) ?? null;
        if (barred) return entry(c, "out", barred);
        return at >= state.cursor ? entry(c, "waiting", "notYourTurn") : entry(c, "done", null);
      };
      for (const q of state.queue) {
        const c = d.find(q.id);
        if (!c || seen.has(c.id)) continue;
        seen.add(c.id);
        out.push(place(c));
      }
      for (const c of state.combatants) if (!seen.has(c.id)) out.push(place(c));
      return out;
    }
    case "endOfRound":
      return [...state.combatants].map((c) =>
        c.defeated ? entry(c, "out", "defeated") : entry(c, "done", null),
      );
  }
}

function ties(
  structure: RoundStructure,
  d: RoundDraft,
  state: RoundState,
): { ids: string[]; method: "rollOff" | "manual" }[] {
  const method = structure.ties;
  const standing = (c: TurnCombatant | undefined): c is TurnCombatant => !!c && !c.defeated;
  if (structure.initiative === "combat") {
    const ordered =
      state.round > 0
        ? state.order.map((id) => d.find(id)).filter(standing)
        : sortByInitiative(state.combatants.filter((c) => !c.defeated));
    return tiedGroups(ordered).map((ids) => ({ ids, method }));
  }
  if (structure.initiative === "round") {
    // PR-P10: strikers are ordered within their melee group.
    const groups = new Map<string, TurnCombatant[]>();
    for (const c of state.combatants) {
      const group = c.sheet?.melee?.group;
      if (group === undefined || c.defeated) continue;
      const list = groups.get(group);
      if (list) list.push(c);
      else groups.set(group, [c]);
    }
    return [...groups.values()].flatMap((list) =>
      tiedGroups(list.sort(compareInitiative)).map((ids) => ({ ids, method })),
    );
  }
  // FS-R2: players who rolled off and are still to act, with equal (or missing) faces.
  if (state.round === 0 || d.phaseDef.policy !== "claim") return [];
  const contest = state.contest
    .map((id) => d.find(id))
    .filter((c): c is TurnCombatant => !!c && d.isPending(c));
  return tiedGroups(contest.map((c) => ({ ...c, initiative: 0, tieKeys: [] })).sort(compareInitiative)).map(
    (ids) => ({ ids, method: "rollOff" }),
  );
}

function roundEndEffects(d: RoundDraft, state: RoundState): { state: RoundTimedState; ends: boolean }[] {
  if (state.round === 0) return [];
  const due = d.timed.filter((s) => endsAtRoundEnd(s, state.round) || s.triggers?.includes("roundEnd"));
  sortForResolution(due, (s) => d.find(s.holder)?.side);
  return due.map((s) => ({ state: s, ends: endsAtRoundEnd(s, state.round) }));
}
