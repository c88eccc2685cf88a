/**
 * Fast-slow movement in metres (FS-M1…FS-M4), on Foundry v13's token movement actions. What a stretch of
 * movement costs against the turn's move, the rolls treacherous or vertical surfaces ask for, and when a flyer
 * falls. Jumps are in `jump.ts`.
 */
import { accept, refuse, type Outcome } from "../../outcome";
import { CHALLENGE_TARGET } from "./challenge-roll";

/** Foundry v13's token movement actions (`CONFIG.Token.movement.actions`). */
export const MOVEMENT_ACTIONS = [
  "walk",
  "crawl",
  "climb",
  "fly",
  "swim",
  "burrow",
  "jump",
  "blink",
  "displace",
] as const;
export type MovementAction = (typeof MOVEMENT_ACTIONS)[number];

/**
 * The ground under the move: `difficult` costs double; `balance` (ice, a narrow ledge) is difficult terrain that
 * also asks an Agility roll (FS-M1); `narrow`, a narrow passage «passage étroit», slows a crawl as difficult
 * ground does (FS-M3) and changes nothing else (the seed names it for crawling only).
 */
export type Terrain = "normal" | "difficult" | "balance" | "narrow";

/** FS-M3: the least a prone creature crawls, whatever halves its Speed. */
export const MIN_CRAWL_METRES = 1;

/** Metres to the centimetre, so sums of halves and doubles stay exact enough to compare. */
export function roundMetres(metres: number): number {
  return Math.round(metres * 100) / 100;
}

/**
 * FS-M3: crawling speed: half Speed, halved again by difficult terrain or a narrow passage, never below 1 m (unless
 * Speed is 0).
 */
export function crawlSpeed(speed: number, terrain: Terrain = "normal"): number {
  if (speed <= 0) return 0;
  const halved = speed / 2 / (terrain === "normal" ? 1 : 2);
  return roundMetres(Math.max(MIN_CRAWL_METRES, halved));
}

/** The roll a stretch of movement asks for: FS-M1 balance (always), FS-M2 climb (when the GM asks). */
export type TraversalCheck =
  | { readonly attribute: "agility"; readonly required: true }
  | { readonly attribute: "strength"; readonly required: false };

export interface MovementCost {
  /** Metres of the turn's movement used (a "metre of Speed"). */
  readonly cost: number;
  readonly check: TraversalCheck | null;
}

export type MovementRefusal = "noSpeed" | "proneMustCrawl" | "proneCannotFly";

/**
 * What moving `distance` metres by `action` costs, in metres of the move. Walking, swimming, burrowing and
 * flying cost 1:1; difficult ground and climbing (FS-M2) cost double; a prone creature can only crawl, at
 * `crawlSpeed` (FS-M3). `displace` (pushed, carried) and `blink` (teleported) are not the creature's own move and
 * cost nothing. Jumps go through `planJump`.
 */
export function movementCost(input: {
  readonly distance: number;
  readonly action: Exclude<MovementAction, "jump">;
  readonly speed: number;
  readonly prone: boolean;
  readonly terrain?: Terrain;
}): Outcome<MovementCost, MovementRefusal> {
  const { distance, action, speed, prone } = input;
  const terrain = input.terrain ?? "normal";
  const metres = Math.max(0, distance);
  if (action === "displace" || action === "blink") return accept({ cost: 0, check: null });
  if (speed <= 0) return refuse("noSpeed");
  if (prone && action === "fly") return refuse("proneCannotFly"); // FS-M4: a prone flyer falls
  if (prone && action !== "crawl") return refuse("proneMustCrawl"); // FS-M3
  const check: TraversalCheck | null =
    terrain === "balance"
      ? { attribute: "agility", required: true }
      : action === "climb"
        ? { attribute: "strength", required: false }
        : null;
  if (action === "crawl") {
    // Crawling covers crawlSpeed metres for a whole move of `speed` metres.
    return accept({ cost: roundMetres((metres * speed) / crawlSpeed(speed, terrain)), check });
  }
  const difficult = terrain === "difficult" || terrain === "balance" || action === "climb";
  return accept({ cost: roundMetres(difficult ? metres * 2 : metres), check });
}

/**
 * FS-M1: a stretch whose roll is required (balance) waits for it unless a roll already passed this turn; FS-M2's
 * climbing roll is only asked when the GM asks, so it never holds the move up by itself.
 */
export function traversalRollNeeded(
  check: TraversalCheck | null,
  turn: { readonly traversalPassed: boolean } | null,
): boolean {
  return check?.required === true && turn?.traversalPassed !== true;
}

/** The result of a balance or climb roll (FS-M1, FS-M2). */
export type TraversalResult = "continue" | "stop" | "fall";

/**
 * FS-M1/FS-M2: below the target the creature stops moving for this turn; a total of 0 or less also makes it fall
 * (prone, or off its perch). `target` is the challenge target (FS-D2 convention: 10).
 */
export function traversalResult(total: number, target: number = CHALLENGE_TARGET): TraversalResult {
  if (total <= 0) return "fall";
  return total < target ? "stop" : "continue";
}

/**
 * FS-M4: a flying creature falls if it is knocked prone, if its Speed drops to 0, if it is prevented from using
 * actions, or if it fails a Strength roll the GM asked for against turbulence.
 */
export function flyerFalls(state: {
  readonly prone: boolean;
  readonly speed: number;
  readonly canUseActions: boolean;
  readonly turbulenceRollFailed?: boolean;
}): boolean {
  return state.prone || state.speed <= 0 || !state.canUseActions || state.turbulenceRollFailed === true;
}

/**
 * FS-A16: leaving an enemy's reach of its own will provokes an opportunity attack, unless the movement is Retreat
 * (FS-A12, `noOpportunity` from the movement step). Being pushed (`displace`) or teleported (`blink`) is not
 * the creature's own movement.
 */
export function provokesOpportunityAttack(move: {
  readonly action: MovementAction;
  readonly leavesReach: boolean;
  readonly noOpportunity: boolean;
}): boolean {
  return move.leavesReach && !move.noOpportunity && move.action !== "displace" && move.action !== "blink";
}
