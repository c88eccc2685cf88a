/**
 * Falls in mounted combat (FS-MT8…FS-MT10): a rider knocked prone falls off; a mount that falls prone may
 * pin its rider, who may then try to escape.
 *
 * The pinned rider is a `TimedState` (key "pinnedUnderMount", manual expiry) tied to the mount: it ends when
 * the mount stands or is moved off (`releaseRidersPinnedBy`) or on a successful escape roll. The Foundry side
 * shows it as the immobilized «immobilisé» status.
 */
import { diceFormula } from "../../dice/formula";
import { accept, refuse, type Outcome } from "../../outcome";
import type { TimedState } from "../../turns/timed-states";
import {
  resolveChallengeRoll,
  type ChallengeFaces,
  type ChallengeResult,
  type ChallengeRoll,
} from "./challenge-roll";
import type { FsAttribute } from "./derived";
import type { MountPair, Point } from "./mounts";

/** FS-MT8: the rider lands 1 m from the mount. */
export const FALL_OFF_DISTANCE = 1;

/** FS-MT8: the direction used when the origin is the mount's own centre, where "opposite" means nothing. */
export const FALLBACK_DIRECTION: Point = { x: 1, y: 0 };

export interface FallOffGeometry {
  /** The mount's centre, in metres (grid-free). */
  readonly mountCentre: Point;
  /** The origin of the attack or effect that knocked the rider prone. */
  readonly source: Point;
  /** Half the mount's width, in metres: "1 m from the mount" is measured from its edge. */
  readonly mountRadius: number;
  /** Defaults to FALL_OFF_DISTANCE. */
  readonly distance?: number;
  /** Defaults to FALLBACK_DIRECTION; any non-zero vector. */
  readonly fallback?: Point;
}

/**
 * FS-MT8: where the rider lands — on the ray from the source through the mount's centre, beyond the mount,
 * `distance` metres past its edge. Whether that spot is free is for the caller (the canvas) to check.
 */
export function fallOffLanding(geometry: FallOffGeometry): Point {
  const { mountCentre, source } = geometry;
  const reach = Math.max(0, geometry.mountRadius) + (geometry.distance ?? FALL_OFF_DISTANCE);
  let dx = mountCentre.x - source.x;
  let dy = mountCentre.y - source.y;
  let length = Math.hypot(dx, dy);
  if (length < 1e-9) {
    const fallback = geometry.fallback ?? FALLBACK_DIRECTION;
    dx = fallback.x;
    dy = fallback.y;
    length = Math.hypot(dx, dy);
    if (!(length > 0)) throw new RangeError("the fallback direction must be a non-zero vector");
  }
  return { x: mountCentre.x + (dx / length) * reach, y: mountCentre.y + (dy / length) * reach };
}

/** FS-MT8: a rider knocked prone falls off: the pair ends and the rider lands prone at `landing`. */
export function riderKnockedProne(
  pairs: readonly MountPair[],
  riderId: string,
  geometry: FallOffGeometry,
): Outcome<{ pair: MountPair; pairs: MountPair[]; landing: Point; prone: readonly [string] }, "notRiding"> {
  const pair = pairs.find((p) => p.riderId === riderId);
  if (!pair) return refuse("notRiding");
  return accept({
    pair,
    pairs: pairs.filter((p) => p !== pair),
    landing: fallOffLanding(geometry),
    prone: [riderId],
  });
}

/**
 * FS-MT9: the mount falls prone: both are prone in the same space (the rider no longer rides: the pair
 * ends), and the rider must make an Agility roll (`resolveMountFall`).
 */
export function mountFallsProne(
  pairs: readonly MountPair[],
  mountId: string,
): Outcome<
  { pair: MountPair; pairs: MountPair[]; prone: readonly [string, string]; agilityRollBy: string },
  "mountNotRidden"
> {
  const pair = pairs.find((p) => p.mountId === mountId);
  if (!pair) return refuse("mountNotRidden");
  return accept({
    pair,
    pairs: pairs.filter((p) => p !== pair),
    prone: [pair.mountId, pair.riderId],
    agilityRollBy: pair.riderId,
  });
}

/**
 * FS-MT9: Size counts whole points in damage — a Size 1/2 mount adds nothing, Size 2 adds 2 (a decision:
 * damage is a whole number, and "1d6 + 1/2" rounded down is 1d6).
 */
function sizePoints(size: number): number {
  return Math.max(0, Math.floor(size + 1e-9));
}

/** FS-MT9: the damage formula, "1d6 + the mount's Size". */
export function mountFallDamageFormula(mountSize: number): string {
  return diceFormula(1, 6, sizePoints(mountSize));
}

/** FS-MT9: the damage from the d6 face. */
export function mountFallDamage(mountSize: number, d6: number): number {
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new RangeError(`a d6 face must be 1–6, got ${d6}`);
  return d6 + sizePoints(mountSize);
}

export const PINNED_STATE = "pinnedUnderMount";

export interface PinnedData {
  readonly mountId: string;
  /** The mount's Size when it fell, for the escape banes (FS-MT10). */
  readonly mountSize: number;
}

export type PinnedState = TimedState<PinnedData> & {
  readonly key: typeof PINNED_STATE;
  readonly data: PinnedData;
};

export function isPinnedState(state: TimedState): state is PinnedState {
  const data = state.data as Partial<PinnedData> | undefined;
  return (
    state.key === PINNED_STATE &&
    typeof data === "object" &&
    data !== null &&
    typeof data.mountId === "string" &&
    typeof data.mountSize === "number"
  );
}

export function pinOf(states: readonly TimedState[], riderId: string): PinnedState | undefined {
  return states.find((s): s is PinnedState => s.holder === riderId && isPinnedState(s));
}

export interface MountFallInput {
  readonly riderId: string;
  readonly mountId: string;
  readonly mountSize: number;
  /** The current round. */
  readonly round: number;
  /** The rider's Agility modifier and any boons or banes. */
  readonly agility: ChallengeRoll;
  readonly side?: "players" | "gm";
}

export interface MountFallResult {
  readonly roll: ChallengeResult;
  /** On a failure, the damage to roll and apply to the rider ("1d6 + Size"); null on a success. */
  readonly damageFormula: string | null;
  /** On a failure, the rider is immobilized under the mount; null on a success. */
  readonly pinned: PinnedState | null;
  readonly states: TimedState[];
}

/** FS-MT9: resolve the rider's Agility roll from its faces; `target` is the FS-D2 convention. */
export function resolveMountFall(
  states: readonly TimedState[],
  input: MountFallInput,
  faces: ChallengeFaces,
  target?: number,
): MountFallResult {
  const roll = resolveChallengeRoll(input.agility, faces, target);
  if (roll.success) return { roll, damageFormula: null, pinned: null, states: [...states] };
  const base = {
    key: PINNED_STATE,
    holder: input.riderId,
    createdRound: input.round,
    expiry: { kind: "manual" },
    data: { mountId: input.mountId, mountSize: input.mountSize },
  } as const;
  const pinned: PinnedState = input.side ? { ...base, side: input.side } : base;
  const others = states.filter((s) => !(s.holder === input.riderId && isPinnedState(s)));
  return {
    roll,
    damageFormula: mountFallDamageFormula(input.mountSize),
    pinned,
    states: [...others, pinned],
  };
}

/** FS-MT9: the mount stood up or was moved off: every rider it pinned is free (still prone). */
export function releaseRidersPinnedBy(
  states: readonly TimedState[],
  mountId: string,
): { released: string[]; states: TimedState[] } {
  const pins = states.filter((s): s is PinnedState => isPinnedState(s) && s.data.mountId === mountId);
  return {
    released: pins.map((s) => s.holder),
    states: states.filter((s) => !pins.includes(s as PinnedState)),
  };
}

/** FS-MT9: a pinned rider cannot stand up. */
export function canStandUp(
  states: readonly TimedState[],
  creatureId: string,
): Outcome<true, "pinnedUnderMount"> {
  return pinOf(states, creatureId) ? refuse("pinnedUnderMount") : accept(true);
}

/**
 * FS-MT10: 1 bane per point of Size the mount has above the rider. Sizes may be fractional (1/2, 1/4);
 * only whole points count, so the difference is rounded down: Size 2 over 1/2 is 1 bane, 1/2 over 1/4 none.
 */
export function escapeBanes(mountSize: number, riderSize: number): number {
  return sizePoints(mountSize - riderSize);
}

/** FS-MT10: escaping takes an action. */
export const ESCAPE_COST = "action";

export interface EscapeInput {
  readonly riderId: string;
  readonly riderSize: number;
  /** The rider's choice: a Strength «Force» or an Agility «Agilité» roll. */
  readonly attribute: Extract<FsAttribute, "strength" | "agility">;
  /** The chosen attribute's modifier. */
  readonly modifier: number;
  /** Boons and banes from elsewhere; the Size banes are added here. */
  readonly boons?: number;
  readonly banes?: number;
}

/** FS-MT10: the escape roll to make (for the formula and the card), with the Size banes included. */
export function escapeRoll(
  states: readonly TimedState[],
  input: EscapeInput,
): Outcome<{ roll: ChallengeRoll; sizeBanes: number; mountId: string }, "notPinned"> {
  const pin = pinOf(states, input.riderId);
  if (!pin) return refuse("notPinned");
  const sizeBanes = escapeBanes(pin.data.mountSize, input.riderSize);
  return accept({
    roll: { modifier: input.modifier, boons: input.boons ?? 0, banes: (input.banes ?? 0) + sizeBanes },
    sizeBanes,
    mountId: pin.data.mountId,
  });
}

/** FS-MT10: resolve the escape roll from its faces; success ends the immobilization (the rider stays prone). */
export function resolveEscape(
  states: readonly TimedState[],
  input: EscapeInput,
  faces: ChallengeFaces,
  target?: number,
): Outcome<
  { roll: ChallengeResult; sizeBanes: number; released: boolean; states: TimedState[] },
  "notPinned"
> {
  const planned = escapeRoll(states, input);
  if (!planned.ok) return planned;
  const roll = resolveChallengeRoll(planned.value.roll, faces, target);
  const kept = roll.success
    ? states.filter((s) => !(s.holder === input.riderId && isPinnedState(s)))
    : [...states];
  return accept({ roll, sizeBanes: planned.value.sizeBanes, released: roll.success, states: kept });
}
