/**
 * FS-M5/FS-M6: a jump the move cannot finish ends where the move runs out — prone after a long jump, a fall after a
 * high jump, a drop or a jump over open space. The creature does not reach the end of the path its token was
 * dragged along: it comes down at the point of that jump where its metres ran out, at the height it jumped from
 * (**convention**: the digest says only that the creature falls or falls prone "reaching the move's end before
 * finishing the jump"; the height it jumped from is where a fall ends without knowing the ground below).
 */
import type { MovementStretch } from "./movement-stretches";

/** A waypoint of a move with its position: where it ends (x, y in any planar unit; elevation in metres). */
export interface PlacedWaypoint {
  readonly action: string;
  /** Metres from the previous waypoint, as the move was paid. */
  readonly cost: number;
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
}

export interface Place {
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
}

/** What the move paid for each of its jumps, in the order of its jump stretches. */
export interface PaidJump {
  readonly cost: number;
}

/**
 * Where the creature comes down when one of its jumps was cut short by the move (the first such jump), or null
 * when every jump was finished. `stretches` are `movementStretches(waypoints…)` of these same waypoints: one
 * stretch per run of waypoints with the same action.
 */
export function cutShortLanding(
  from: Place,
  waypoints: readonly PlacedWaypoint[],
  stretches: readonly MovementStretch[],
  jumps: readonly PaidJump[],
): Place | null {
  // The runs of one action, as movementStretches groups them.
  const runs: { start: number; end: number; action: string }[] = [];
  waypoints.forEach((w, i) => {
    const last = runs[runs.length - 1];
    if (last && last.action === w.action) last.end = i;
    else runs.push({ start: i, end: i, action: w.action });
  });
  let jumpIndex = 0;
  for (let s = 0; s < stretches.length; s++) {
    const stretch = stretches[s] as MovementStretch;
    if (!stretch.jump) continue;
    const paid = jumps[jumpIndex++];
    // Every metre the jump covers: a stretch's metres are never less than its rise, drop or length (its measure).
    const covered = stretch.metres;
    const run = runs[s];
    if (!paid || !run) continue;
    const spent = Math.max(0, paid.cost);
    if (!(spent < covered - 1e-6)) continue;
    const startAt = run.start === 0 ? from : (waypoints[run.start - 1] as PlacedWaypoint);
    const legs = waypoints.slice(run.start, run.end + 1);
    const length = legs.reduce((sum, w) => sum + Math.max(0, w.cost), 0);
    // How far along the jump's path its metres ran out.
    let along = (spent / covered) * length;
    let at: Place = startAt;
    for (const leg of legs) {
      const cost = Math.max(0, leg.cost);
      const moves = cost > 0;
      // Stryker disable next-line EqualityOperator: a point exactly at the end of one leg is the start of the next
      if (moves && along <= cost) {
        const t = along / cost;
        return {
          x: at.x + (leg.x - at.x) * t,
          y: at.y + (leg.y - at.y) * t,
          elevation: startAt.elevation,
        };
      }
      along -= cost;
      at = leg;
    }
    return { x: startAt.x, y: startAt.y, elevation: startAt.elevation };
  }
  return null;
}
