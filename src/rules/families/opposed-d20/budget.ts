/**
 * The opposed-d20 action counters of one character (OD-R1, OD-R3, OD-R4): how many active «acciones activas»
 * and passive «acciones pasivas» actions it may take in the whole round, limits read from its statistics at
 * round start. Active actions are declared on its own turn (OD-R2); passive ones (a defense roll, OD-A2) may
 * come at any time, and those taken before its turn count toward the limit (OD-R3). Reactions «reacciones»
 * resolve on their trigger and intrusive actions «acciones intrusivas» step in before another character's next
 * declaration (OD-R4); both are recorded, and count against the counter their technique names.
 *
 * One store, one check: the round engine's `TurnCombatant.actions` (round-state `ActionCounts`, reset by OD-R1)
 * are the counts; its `countAction` event asks `counterRefusal` here whether one more fits. This state's
 * `counts` is a view the Foundry layer fills from the engine (`withEngineCounts`) before spending; an accepted
 * counted action is then applied to the engine as a `countAction`.
 */
import { decide } from "../../budget/override";
import type { BudgetLine, BudgetRules, OverrideRecord } from "../../budget/budget-rules";
import { refuse, type Outcome, type Refusal } from "../../outcome";

export type ActionCounter = "active" | "passive";

export interface ActionLimits {
  readonly active: number;
  readonly passive: number;
}

export interface OpposedD20Budget {
  readonly round: number;
  readonly limits: ActionLimits;
  /** Actions taken this round (OD-R1 resets them to 0). */
  readonly counts: { readonly active: number; readonly passive: number };
  /** Where the character is in the round: before, during or after its own turn. */
  readonly turn: "before" | "acting" | "done";
  /** OD-R3: passive actions taken before its turn started. */
  readonly passiveBeforeTurn: number;
  /** OD-R4: reactions used this round, with their trigger. */
  readonly reactions: readonly { readonly trigger: string; readonly counter: ActionCounter | null }[];
  /** OD-R4: intrusive actions this round: whose next declaration they stepped in before. */
  readonly intrusions: readonly { readonly before: string; readonly counter: ActionCounter | null }[];
  readonly overrides: readonly OverrideRecord[];
}

export type OpposedD20Event =
  /** An active action on its own turn (an attack, OD-A1) or a passive one at any time (a defense, OD-A2). */
  | { readonly type: "action"; readonly counter: ActionCounter; readonly override?: boolean }
  /** OD-R4: a reaction on its trigger; `counter` is what the technique spends (null: none). */
  | {
      readonly type: "reaction";
      readonly trigger: string;
      readonly counter: ActionCounter | null;
      readonly override?: boolean;
    }
  /** OD-R4: step in before `before` declares its next action. */
  | {
      readonly type: "intrusive";
      readonly before: string;
      readonly counter: ActionCounter | null;
      readonly override?: boolean;
    };

/** Every reason code this budget refuses with (`FRAY.Refusal.<code>`). */
export const OPPOSED_D20_REFUSALS = [
  "activeLimitReached",
  "passiveLimitReached",
  "activeOutsideTurn",
  "intrusiveOnOwnTurn",
  "triggerRequired",
] as const;

export type OpposedD20Refusal = (typeof OPPOSED_D20_REFUSALS)[number];

export function initialOpposedD20Budget(): OpposedD20Budget {
  return {
    round: 0,
    limits: { active: 0, passive: 0 },
    counts: { active: 0, passive: 0 },
    turn: "before",
    passiveBeforeTurn: 0,
    reactions: [],
    intrusions: [],
    overrides: [],
  };
}

/** OD-R1: a new round: counts back to 0, with this round's limits from the character's counters. */
export function startOpposedD20Round(
  _state: OpposedD20Budget,
  input: { readonly round: number; readonly limits: ActionLimits },
): OpposedD20Budget {
  return {
    ...initialOpposedD20Budget(),
    round: input.round,
    limits: { active: Math.max(0, input.limits.active), passive: Math.max(0, input.limits.passive) },
  };
}

/** OD-R2/OD-R3: the character's turn starts; what it spent before stays spent. */
export function startOpposedD20Turn(state: OpposedD20Budget): OpposedD20Budget {
  return { ...state, turn: "acting", passiveBeforeTurn: state.counts.passive };
}

export function endOpposedD20Turn(state: OpposedD20Budget): OpposedD20Budget {
  return { ...state, turn: "done" };
}

/** OD-R3: whether one more `counter` action fits under `limit`, from the plain counts. */
export function counterRefusal(
  counts: { readonly active: number; readonly passive: number },
  counter: ActionCounter,
  limit: number,
): Refusal<OpposedD20Refusal> | null {
  if (counts[counter] < limit) return null;
  return refuse(counter === "active" ? "activeLimitReached" : "passiveLimitReached", { limit });
}

/** This state with the counts the round engine holds (the store, OD-R3); the engine's `null` reads as none. */
export function withEngineCounts(
  state: OpposedD20Budget,
  counts: { readonly active: number; readonly passive: number } | null,
): OpposedD20Budget {
  const c = counts ?? { active: 0, passive: 0 };
  if (c.active === state.counts.active && c.passive === state.counts.passive) return state;
  return { ...state, counts: { active: Math.max(0, c.active), passive: Math.max(0, c.passive) } };
}

function count(state: OpposedD20Budget, counter: ActionCounter | null): OpposedD20Budget {
  if (!counter) return state;
  // Overridden actions still count; the counter shows 0 left, never less (see `opposedD20Remaining`).
  return { ...state, counts: { ...state.counts, [counter]: state.counts[counter] + 1 } };
}

export function spendOpposedD20(
  state: OpposedD20Budget,
  event: OpposedD20Event,
  _ctx?: unknown,
): Outcome<OpposedD20Budget> {
  let refusal: Refusal | null = null;
  const counter = event.counter;
  if (event.type === "action" && event.counter === "active" && state.turn !== "acting")
    refusal = refuse("activeOutsideTurn"); // OD-R2: declared on its own turn (or intrusive, OD-R4)
  if (event.type === "intrusive" && state.turn === "acting") refusal = refuse("intrusiveOnOwnTurn");
  if (event.type === "reaction" && event.trigger.trim() === "") refusal = refuse("triggerRequired");
  let over: number | undefined;
  if (!refusal && counter) {
    refusal = counterRefusal(state.counts, counter, state.limits[counter]);
    over = 1; // one action past the limit, when a GM forces it (no refusal: not recorded)
  }
  return decide(
    event,
    refusal,
    () => {
      const counted = count(state, counter);
      if (event.type === "reaction")
        return { ...counted, reactions: [...counted.reactions, { trigger: event.trigger, counter }] };
      if (event.type === "intrusive")
        return { ...counted, intrusions: [...counted.intrusions, { before: event.before, counter }] };
      return counted;
    },
    over,
  );
}

/** Active and passive actions left this round (the turn has no budget of its own in this family). */
export function opposedD20Remaining(state: OpposedD20Budget) {
  const line = (key: ActionCounter): BudgetLine => ({
    key,
    left: Math.max(0, state.limits[key] - state.counts[key]),
    max: state.limits[key],
    unit: "count",
  });
  return { turn: [] as BudgetLine[], round: [line("active"), line("passive")] };
}

export const opposedD20Budget: BudgetRules<
  OpposedD20Budget,
  OpposedD20Event,
  unknown,
  { readonly round: number; readonly limits: ActionLimits },
  void
> = {
  family: "opposed-d20",
  initial: initialOpposedD20Budget,
  startRound: startOpposedD20Round,
  startTurn: startOpposedD20Turn,
  endTurn: endOpposedD20Turn,
  spend: spendOpposedD20,
  remaining: opposedD20Remaining,
};
