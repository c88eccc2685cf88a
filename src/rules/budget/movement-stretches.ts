/**
 * A token's movement as the budgets read it: Foundry v13 measures a move as waypoints, each with the movement
 * action used to reach it, its cost from the previous waypoint (metres, terrain included) and its elevation.
 * Consecutive waypoints of one action become one stretch; a jump is classified by its rise (FS-M5 high jump
 * up, jump down, FS-M6 long jump level) and carries the run-up: the walked or run metres just before it. A jump's
 * metres (what the move pays) are every metre it covers — its measured cost, never less than its rise or drop —
 * while its `measure` (what the limits read) is its height, its drop, or its horizontal length.
 */
import { MOVEMENT_ACTIONS, roundMetres, type MovementAction } from "../families/fast-slow/movement";
import type { JumpKind } from "../families/fast-slow/jump";

/** One measured waypoint: how it was reached from the previous one. */
export interface MovementWaypoint {
  /** The movement action (v13 `CONFIG.Token.movement.actions` key; Fray adds "balance"). */
  readonly action: string;
  /** Metres from the previous waypoint, terrain included (never negative). */
  readonly cost: number;
  /** Elevation in metres at this waypoint. */
  readonly elevation: number;
}

export interface MovementStretch {
  readonly action: MovementAction;
  /** FS-M1: moving over a treacherous surface (Fray's "balance" movement action). */
  readonly balance: boolean;
  /** FS-M3: crawling through a narrow passage (Fray's "crawlNarrow" movement action). */
  readonly narrow?: boolean;
  /**
   * Metres moved, counted against the move. For a jump: the metres it covers (FS-M5 "vertical metres", FS-M6
   * "metres" count against your move) — its measured cost, never less than its rise or drop, so a jump is never
   * cheaper than walking there.
   */
  readonly metres: number;
  /** Elevation change over the stretch, metres (up positive). */
  readonly rise: number;
  /**
   * Jumps: which jump, and the run-up before it (FS-M5, FS-M6); `overGap`: a long jump over open space (a pit),
   * declared from the jump dialog, where running out of move is a fall. `measure`: what FS-M5/FS-M6's limits read
   * (the height of a high jump, the drop of a jump down, the horizontal length of a long jump); `across`: the
   * horizontal metres a high jump or a jump down also crosses (see `planJump`'s convention). Absent (a stretch
   * built by hand), both read `metres` and 0.
   */
  readonly jump: {
    readonly kind: JumpKind;
    readonly runUpMetres: number;
    readonly overGap?: boolean;
    readonly measure?: number;
    readonly across?: number;
  } | null;
}

/** Fray's movement action for FS-M1 balance (difficult terrain that asks an Agility roll). */
export const BALANCE_ACTION = "balance";
/** Fray's movement action for FS-M3 crawling through a narrow passage (half the crawl again). */
export const CRAWL_NARROW_ACTION = "crawlNarrow";

function actionOf(raw: string): { action: MovementAction; balance: boolean; narrow: boolean } {
  if (raw === BALANCE_ACTION) return { action: "walk", balance: true, narrow: false };
  if (raw === CRAWL_NARROW_ACTION) return { action: "crawl", balance: false, narrow: true };
  const known = (MOVEMENT_ACTIONS as readonly string[]).includes(raw);
  return { action: known ? (raw as MovementAction) : "walk", balance: false, narrow: false };
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** The run-up actions: a creature gathers speed on its feet. */
const RUN_UP_ACTIONS: ReadonlySet<MovementAction> = new Set(["walk"]);

/**
 * Groups `waypoints` (after `startElevation`) into stretches of one action. A jump's metres are what it covers
 * (its measured cost, never less than its rise or drop); its measure is its rise or drop for a high jump or a jump
 * down, its horizontal metres for a long jump; its run-up is the walked metres of the stretch right before it in
 * the same move.
 */
export function movementStretches(
  waypoints: readonly MovementWaypoint[],
  startElevation: number,
): MovementStretch[] {
  const groups: { raw: string; cost: number; from: number; to: number }[] = [];
  let elevation = finite(startElevation);
  for (const w of waypoints) {
    const to = finite(w.elevation);
    const cost = Math.max(0, finite(w.cost));
    const last = groups[groups.length - 1];
    if (last && last.raw === w.action) {
      last.cost += cost;
      last.to = to;
    } else groups.push({ raw: w.action, cost, from: elevation, to });
    elevation = to;
  }
  const stretches: MovementStretch[] = [];
  for (const g of groups) {
    const { action, balance, narrow } = actionOf(g.raw);
    const rise = roundMetres(g.to - g.from);
    if (action !== "jump") {
      stretches.push({
        action,
        balance,
        ...(narrow ? { narrow } : {}),
        metres: roundMetres(g.cost),
        rise,
        jump: null,
      });
      continue;
    }
    const previous = stretches[stretches.length - 1];
    const runUpMetres =
      previous && RUN_UP_ACTIONS.has(previous.action) && !previous.balance ? previous.metres : 0;
    const kind: JumpKind = rise > 0 ? "high" : rise < 0 ? "down" : "long";
    const vertical = Math.abs(rise);
    // FS-M5/FS-M6: the move pays every metre the jump covers, its rise included — never only the rise.
    const metres = roundMetres(Math.max(g.cost, vertical));
    // The horizontal metres, reading the measured cost as the straight line from take-off to landing (the
    // largest horizontal part a cost with this rise can hold, short of counting the rise as horizontal too).
    const across = roundMetres(Math.sqrt(Math.max(0, metres * metres - vertical * vertical)));
    const measure = kind === "long" ? metres : vertical;
    stretches.push({ action, balance, metres, rise, jump: { kind, runUpMetres, measure, across } });
  }
  return stretches;
}

/** The metres a move covers that are the creature's own (being pushed or teleported is not). */
export function ownMetres(stretches: readonly MovementStretch[]): number {
  return roundMetres(
    stretches
      .filter((s) => s.action !== "displace" && s.action !== "blink")
      .reduce((sum, s) => sum + s.metres, 0),
  );
}
