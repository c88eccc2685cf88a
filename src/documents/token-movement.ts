/**
 * Token movement spends the mover's budget (issue: "moving a token spends it"), on Foundry v13's movement
 * operations. Each measured waypoint carries the movement action used to reach it (walk, crawl, climb, fly,
 * jump, Fray's balance, displace, blink…), its cost in metres (terrain included) and its elevation:
 * - `preMoveToken` (only on the mover's client) checks the whole move — what is passed now and what is still
 *   pending — against the budget as it stands, with the family's rules, and refuses it with a localized reason
 *   (FS-M1: a treacherous surface asks its Agility roll first). A GM whose move is refused may confirm an
 *   override: the move is made again with the override granted for that token, once;
 * - on the active GM (issue 12: the mover's client may skip its own check and send any numbers), every change of
 *   a fighting token's position is paid for once, whether it came as a movement (`moveToken`, and `updateToken`
 *   with the movement in its options) or as a bare `x`/`y`/`elevation` update: the GM measures it itself with
 *   core's `TokenDocument#measureMovementPath`, from the position it last saw the token at (its own record, not
 *   the movement's `origin`) through the movement's waypoints to the position the document now has; a waypoint's
 *   cost is what the GM measured (a client's higher figure, e.g. difficult terrain, is kept: it only costs the
 *   mover more). A player's teleport ("displace", "blink", any action core does not measure) is paid as a walk;
 *   only a GM's is free. What the budget refuses is not spent: the GM puts the token back where it stood (its own
 *   "displace" move) and tells the mover why, in the mover's language (net/notices.ts). The GM's own moves are
 *   spent with the GM's override, as before, and never put back. How the move ended (FS-M5/FS-M6 a jump cut
 *   short: prone or a fall) is applied by the spend.
 * Fray prices movement actions itself (the family rules double climbing, crawl at half Speed…), so each action's
 * core cost is the plain terrain cost.
 */
import type { MovementWaypoint } from "../rules/budget/movement-stretches";
import { movementStretches } from "../rules/budget/movement-stretches";
import { cutShortLanding } from "../rules/budget/jump-landing";
import { refusalKey, type Outcome, type Refusal } from "../rules/outcome";
import { locHtml } from "../utils/loc";
import { inFightLock } from "../net/gm-requests";
import { notify, type Notice } from "../net/notices";
import { planMove, spendForMove, type MoveSpend } from "./budget-spend";
import { activeCombatFor, combatantFor, roundStateOf } from "./combat-api";
import { moveFactsOf } from "./move-facts";
import { levelAfter, levelField, moveWaypointFields, positionKeys } from "../compat/levels";

/** A measured waypoint as v13 gives it (only the fields the budgets read; v14 adds its Scene Level). */
interface MeasuredWaypoint {
  readonly x?: number;
  readonly y?: number;
  readonly action?: string;
  readonly cost?: number;
  readonly elevation?: number;
  readonly level?: string;
}

interface MovementSection {
  readonly waypoints?: readonly MeasuredWaypoint[];
}

/** The parts of v13's (pre-)movement operation the budgets read. */
export interface TokenMovement {
  readonly id?: string;
  /** The earlier movement ids this one continues (a move split at checkpoints). */
  readonly chain?: readonly string[];
  readonly origin?: {
    readonly x?: number;
    readonly y?: number;
    readonly elevation?: number;
    readonly level?: string;
  };
  /** Where the movement ends (`TokenDocument#movement`, v13 and v14; v14 adds its Scene Level). */
  readonly destination?: {
    readonly x?: number;
    readonly y?: number;
    readonly elevation?: number;
    readonly level?: string;
  };
  readonly passed?: MovementSection;
  readonly pending?: MovementSection;
  readonly method?: string;
}

/** What v13's `TokenDocument#measureMovementPath` answers (GridMeasurePathResult), the fields read here. */
interface MeasuredPath {
  readonly segments?: readonly { readonly cost?: number }[];
  readonly waypoints?: readonly { readonly cost?: number }[];
}

export interface MovingToken {
  readonly id: string | null;
  readonly uuid?: string | null;
  readonly actor: Actor.Implementation | null;
  readonly x?: number;
  readonly y?: number;
  readonly elevation?: number;
  /** v14: the Scene Level it stands on. */
  readonly level?: string | null;
  /** The token's current movement (v13 and v14, foundryvtt#12240). */
  readonly movement?: TokenMovement | null;
  move?(waypoints: unknown, options?: Record<string, unknown>): Promise<unknown>;
  measureMovementPath?(waypoints: readonly Record<string, unknown>[], options?: object): MeasuredPath;
}

/**
 * Where a token stands: its top-left corner (pixels), its elevation (grid units) and, on v14, its Scene Level (null
 * on v13: src/compat/levels.ts).
 */
export interface TokenPosition {
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  readonly level: string | null;
}

const num = (value: unknown, fallback: number) => {
  const n = Number(value);
  return value !== null && value !== undefined && value !== "" && Number.isFinite(n) ? n : fallback;
};

/** The document's position, with what an update changed taking precedence (`updateToken` may run before). */
function positionOf(token: MovingToken, changed?: Record<string, unknown>): TokenPosition {
  return {
    x: num(changed?.x, num(token.x, 0)),
    y: num(changed?.y, num(token.y, 0)),
    elevation: num(changed?.elevation, num(token.elevation, 0)),
    level: levelAfter(token, changed),
  };
}

/** Same place: x, y and elevation, and the same level where both are known (a level-only change is a move). */
const samePosition = (a: TokenPosition, b: TokenPosition) =>
  Math.abs(a.x - b.x) < 0.5 &&
  Math.abs(a.y - b.y) < 0.5 &&
  Math.abs(a.elevation - b.elevation) < 1e-6 &&
  (a.level === null || b.level === null || a.level === b.level);

/** The waypoints of some sections, as the budgets read them. */
export function waypointsOf(...sections: (MovementSection | undefined)[]): MovementWaypoint[] {
  const out: MovementWaypoint[] = [];
  for (const section of sections)
    for (const w of section?.waypoints ?? [])
      out.push({
        action: typeof w.action === "string" ? w.action : "walk",
        cost: Number.isFinite(w.cost) ? Math.max(0, Number(w.cost)) : 0,
        elevation: Number(w.elevation ?? 0) || 0,
      });
  return out;
}

/** Core's teleporting actions, and any action core does not measure: none of them is the creature's own walk. */
const TELEPORTS = new Set(["displace", "blink"]);

interface ActionConfig {
  readonly teleport?: boolean;
  readonly measure?: boolean;
}

function actionConfig(action: string): ActionConfig | undefined {
  const actions = (CONFIG as { Token?: { movement?: { actions?: Record<string, ActionConfig> } } }).Token
    ?.movement?.actions;
  return actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
}

function isTeleport(action: string): boolean {
  const config = actionConfig(action);
  return TELEPORTS.has(action) || config?.teleport === true || config?.measure === false;
}

/** One stretch of a move as it is paid: where it ends, the action it is paid as, what the mover's client said. */
interface Leg {
  readonly to: TokenPosition;
  readonly action: string;
  readonly claimed: number;
}

/**
 * The legs of a move from `from` through `sections`' waypoints (a waypoint's missing coordinates are the
 * previous one's), ending at `to` when given (the document's position: a last waypoint elsewhere is followed by
 * a walk to where the token really is). A player's teleport is paid as a walk.
 */
function legsOf(
  from: TokenPosition,
  sections: readonly (MovementSection | undefined)[],
  gm: boolean,
  to?: TokenPosition,
): Leg[] {
  const legs: Leg[] = [];
  let at = from;
  for (const section of sections)
    for (const w of section?.waypoints ?? []) {
      const next = {
        x: num(w.x, at.x),
        y: num(w.y, at.y),
        elevation: num(w.elevation, at.elevation),
        level: typeof w.level === "string" && w.level ? levelAfter({}, { level: w.level }) : at.level,
      };
      const raw = typeof w.action === "string" && w.action ? w.action : "walk";
      const action = !gm && isTeleport(raw) ? "walk" : raw;
      legs.push({ to: next, action, claimed: num(w.cost, 0) });
      at = next;
    }
  if (to && !samePosition(at, to)) legs.push({ to, action: "walk", claimed: 0 });
  return legs;
}

/** Straight-line grid units between two positions (only when core's measurement gives no figure). */
function straightLine(token: MovingToken, a: TokenPosition, b: TokenPosition): number {
  const grid = (token as { parent?: { grid?: { size?: number; distance?: number } } | null }).parent?.grid;
  const size = num(grid?.size, 100) || 100;
  const distance = num(grid?.distance, 1);
  const dx = ((b.x - a.x) / size) * distance;
  const dy = ((b.y - a.y) / size) * distance;
  return Math.hypot(dx, dy, b.elevation - a.elevation);
}

/**
 * The legs as the budgets read them, each costed by core's measurement on this client
 * (`TokenDocument#measureMovementPath`, through every leg in one call so diagonal rules stay consistent; no
 * predetermined cost, no terrain the mover sent) — or the client's figure when that is higher.
 */
function measured(token: MovingToken, from: TokenPosition, legs: readonly Leg[]): MovementWaypoint[] {
  if (!legs.length) return [];
  // v14: each point on its Scene Level (the GM measures after the update: a point without one would take the
  // token's new level as its source); v13's measured waypoint has no level.
  const path = [
    { x: from.x, y: from.y, elevation: from.elevation, ...levelField(from.level) },
    ...legs.map((l) => ({
      x: l.to.x,
      y: l.to.y,
      elevation: l.to.elevation,
      ...levelField(l.to.level),
      // An action core does not know (none is configured in a bare test world) is measured as walking.
      action: actionConfig("walk") && !actionConfig(l.action) ? "walk" : l.action,
    })),
  ];
  const result = typeof token.measureMovementPath === "function" ? token.measureMovementPath(path, {}) : null;
  let before = 0;
  return legs.map((leg, i) => {
    const previous = i === 0 ? from : legs[i - 1]!.to;
    let cost = num(result?.segments?.[i]?.cost, NaN);
    if (!Number.isFinite(cost)) {
      const total = num(result?.waypoints?.[i + 1]?.cost, NaN);
      cost = Number.isFinite(total) ? total - before : NaN;
    }
    if (!Number.isFinite(cost)) cost = isTeleport(leg.action) ? 0 : straightLine(token, previous, leg.to);
    before += cost;
    return { action: leg.action, cost: Math.max(0, cost, leg.claimed), elevation: leg.to.elevation };
  });
}

/** The fight and combatant a token moves as, when its fight has begun. */
function fighterOf(token: MovingToken) {
  const combat = activeCombatFor(token.actor, { id: token.id });
  if (!combat || roundStateOf(combat).round === 0) return null;
  const combatant = combatantFor(combat, { actorId: token.actor?.id ?? null, tokenId: token.id });
  return combatant ? { combat, combatant } : null;
}

/** Tokens whose next move the GM confirmed past a refusal (this client only, one move each). */
const overrides = new Set<string>();
/** The movements that override was granted to: their continuations (after a checkpoint) go through too. */
const overridden = new Set<string>();

/** Hooks the refusal flows reach (the balance roll, the GM's confirm); set by the applications layer. */
export interface MoveRefusalHandlers {
  /** FS-M1: the mover's client asks the Agility roll for the surface. */
  balanceRoll(token: MovingToken, combat: Combat.Implementation, combatant: Combatant.Implementation): void;
  /** A GM's move was refused: ask whether to override; resolves true to move anyway. */
  confirmOverride(reason: Outcome<unknown>): Promise<boolean>;
}

let handlers: MoveRefusalHandlers | null = null;

export function setMoveRefusalHandlers(h: MoveRefusalHandlers): void {
  handlers = h;
}

/**
 * The measured waypoints again as `TokenDocument#move` takes them (v13 TokenMovementWaypoint; v14 adds `level`
 * and `depth`, so a stair move is replayed onto its level: src/compat/levels.ts); intermediate waypoints are left
 * out. Not `cost`: v13's move has no predetermined cost (only `measureMovementPath` takes one), so core measures
 * the replayed path again — the same path with the same actions, hence the same cost.
 */
function replayable(...sections: (MovementSection | undefined)[]): Record<string, unknown>[] {
  const fields = moveWaypointFields();
  const out: Record<string, unknown>[] = [];
  for (const section of sections)
    for (const w of (section?.waypoints ?? []) as readonly Record<string, unknown>[]) {
      if (w.intermediate === true) continue;
      out.push(Object.fromEntries(fields.filter((k) => k in w).map((k) => [k, w[k]])));
    }
  return out;
}

/** `preMoveToken`: false refuses the move (with a localized warning); anything else lets it go. */
export function onPreMoveToken(token: MovingToken, movement: TokenMovement): false | void {
  const fighter = fighterOf(token);
  if (!fighter) return;
  const id = token.id ?? "";
  if (overrides.delete(id)) {
    if (movement.id) overridden.add(movement.id);
    return;
  }
  if (movement.chain?.some((m) => overridden.has(m))) return;
  // v13's undo (Ctrl+Z) is decided on the GM's side: free back to where the token stood, a move otherwise.
  if (movement.method === "undo") return;
  const gm = game.user?.isGM === true;
  const from = positionOf(token);
  const legs = legsOf(from, [movement.passed, movement.pending], gm);
  // A GM's teleport (a token put back, a rider carried, a flyer brought down) is free and never refused.
  if (gm && legs.length && legs.every((l) => isTeleport(l.action))) return;
  const stretches = movementStretches(measured(token, from, legs), from.elevation);
  const plan = planMove(fighter.combat, fighter.combatant, stretches, moveFactsOf(fighter.combatant));
  if (plan.ok) return;
  const reason = plan;
  if (gm && handlers) {
    const waypoints = replayable(movement.passed, movement.pending);
    void handlers.confirmOverride(reason).then(async (yes) => {
      if (!yes || typeof token.move !== "function") return;
      overrides.add(id);
      await token.move(waypoints, movement.method ? { method: movement.method } : {});
    });
    return false;
  }
  ui.notifications?.warn(locHtml(refusalKey(reason.reason), reason.data ?? {}));
  if (reason.reason === "balanceRollNeeded") handlers?.balanceRoll(token, fighter.combat, fighter.combatant);
  return false;
}

// --- the GM's side (issue 12) --------------------------------------------------------------------------------

/** Where each token stood when a GM client last saw it (by uuid): the start of its next move. */
const positions = new Map<string, TokenPosition>();
/** Where each token stood before its last move (by uuid): where v13's undo takes it back to. */
const previous = new Map<string, TokenPosition>();
/** The movements reported once on this client, and where each took its token (the most recent `REPORTED_KEPT`). */
const reported = new Map<string, TokenPosition>();
const REPORTED_KEPT = 1000;
/** Per token, bumped when the GM puts it back: moves seen before that are not paid any more. */
const putBacks = new Map<string, number>();
/** The movement ids this client has seen reported (the most recent `REPORTED_KEPT`): never taken up again. */
const claimed = new Set<string>();

const keyOf = (token: MovingToken) => String(token.uuid ?? token.id ?? "");

/** The position a GM client keeps for `token` (for tests and diagnostics). */
export function recordedPosition(token: MovingToken): TokenPosition | null {
  return positions.get(keyOf(token)) ?? null;
}

/** A GM client notes where a fight's tokens stand, for those it has not seen yet (the start of their moves). */
export function recordFightTokens(combat: Combat.Implementation | null | undefined): void {
  if (!game.user?.isGM || !combat) return;
  for (const combatant of combat.combatants?.values() ?? []) {
    const token = (combatant as { token?: MovingToken | null }).token;
    if (!token) continue;
    const key = keyOf(token);
    if (key && !positions.has(key)) positions.set(key, positionOf(token));
  }
}

type Mover = { readonly id?: string | null; readonly isGM: boolean; readonly name?: string | null } | null;

/**
 * A token's position changed (as the document now has it, `to`): on a GM client, note it; on the active GM, pay
 * for the change once — the first of `updateToken`/`moveToken` to report it claims it — from the position noted
 * before. Resolves with the spend (null when there is nothing to pay).
 */
async function positionChanged(
  token: MovingToken,
  to: TokenPosition,
  movement: TokenMovement | null,
  user: Mover,
): Promise<Outcome<MoveSpend> | null> {
  if (!game.user?.isGM) return null;
  const key = keyOf(token);
  if (!key) return null;
  // `updateToken` and `moveToken` both report a movement: the first pays. The second may come after the GM has
  // already moved the token on (put back, or brought down where a jump ran out), so it is known by its id.
  // A second report is skipped once, and only for the same destination (an id sent again later is a new move).
  if (movement?.id) {
    const first = reported.get(movement.id);
    if (first && samePosition(first, to)) {
      reported.delete(movement.id);
      return null;
    }
    reported.set(movement.id, to);
    if (reported.size > REPORTED_KEPT) reported.delete(reported.keys().next().value as string);
    claimed.add(movement.id);
    if (claimed.size > REPORTED_KEPT) claimed.delete(claimed.values().next().value as string);
  }
  const known = positions.get(key);
  positions.set(key, to);
  if (known && samePosition(known, to)) return null;
  const earlier = previous.get(key);
  if (known) previous.set(key, known);
  if (!game.user.isActiveGM) return null;
  // v13's undo (Ctrl+Z) takes a token back to where it stood before its last move: that move stays paid (nothing
  // is given back) and the way back costs nothing. An "undo" anywhere else is paid like any move.
  if (movement?.method === "undo" && known && earlier && samePosition(earlier, to)) return null;
  // A token the GM never saw before (none of its fights was seen): where the mover says it began.
  const origin = movement?.origin;
  const from =
    known ??
    (origin
      ? {
          x: num(origin.x, to.x),
          y: num(origin.y, to.y),
          elevation: num(origin.elevation, to.elevation),
          level: levelAfter({ level: to.level }, origin),
        }
      : null);
  if (!from) return null;
  const fighter = fighterOf(token);
  if (!fighter) return null;
  const gm = user?.isGM === true;
  // A GM placing a token by hand (no movement) or teleporting it pays nothing.
  if (gm && !movement) return null;
  const legs = legsOf(from, [movement?.passed], gm, to);
  if (gm && legs.every((l) => isTeleport(l.action))) return null;
  const generation = putBacks.get(key) ?? 0;
  return inFightLock(fighter.combat, async () => {
    // Put back meanwhile: this move was undone with it.
    if ((putBacks.get(key) ?? 0) !== generation) return null;
    const costed = measured(token, from, legs);
    const stretches = movementStretches(costed, from.elevation);
    const facts = { ...moveFactsOf(fighter.combatant), override: gm };
    const out = await spendForMove(fighter.combat, fighter.combatant, stretches, facts);
    if (out.ok) {
      // FS-M5/FS-M6: a player's jump cut short by the move comes down where the move ran out, not at the end of
      // the path it was dragged along.
      const placed = costed.map((w, i) => ({ ...w, x: legs[i]!.to.x, y: legs[i]!.to.y }));
      const down = gm ? null : cutShortLanding(from, placed, stretches, out.value.jumps);
      const landing = down ? { ...down, level: landingLevel(down, from, legs) } : null;
      if (landing && !samePosition(landing, to))
        relocate(token, key, landing, user, "FRAY.Movement.cutShort", fighter.combatant.name ?? "");
      return out;
    }
    const name = foundry.utils.escapeHTML(fighter.combatant.name ?? "");
    ui.notifications?.warn(`${name}: ${locHtml(refusalKey(out.reason), out.data ?? {})}`);
    if (!gm) putBack(token, key, from, user, fighter.combatant.name ?? "", out);
    return out;
  });
}

/**
 * The Scene Level a cut-short jump comes down on (v14; null on v13): it lands at the height it jumped from, so on
 * the level of the nearest point of the path at that height (the level it jumped from).
 */
function landingLevel(
  landing: { x: number; y: number; elevation: number },
  from: TokenPosition,
  legs: readonly Leg[],
): string | null {
  let best = from;
  let bestDistance = Infinity;
  for (const at of [from, ...legs.map((l) => l.to)]) {
    if (Math.abs(at.elevation - landing.elevation) > 1e-6) continue;
    const d = Math.hypot(at.x - landing.x, at.y - landing.y);
    if (d < bestDistance) [best, bestDistance] = [at, d];
  }
  return best.level;
}

/** The active GM puts a player's refused move back: its own "displace" move, and a notice to the mover. */
function putBack(
  token: MovingToken,
  key: string,
  from: TokenPosition,
  user: Mover,
  name: string,
  refusal: Refusal,
): void {
  relocate(token, key, from, user, "FRAY.Movement.putBack", name, {
    key: refusalKey(refusal.reason),
    data: { ...(refusal.data ?? {}) },
  });
}

/**
 * The active GM moves a player's token to `place` (its own "displace" move: free, never refused) and tells the
 * mover why, with the notice `noticeKey`; moves seen before it are not paid any more.
 */
function relocate(
  token: MovingToken,
  key: string,
  place: TokenPosition,
  user: Mover,
  noticeKey: string,
  name: string,
  reason?: Notice["reason"],
): void {
  // Token coordinates are whole pixels; v14: back onto the recorded level too (a refused stair move).
  const to = {
    x: Math.round(place.x),
    y: Math.round(place.y),
    elevation: place.elevation,
    level: place.level,
  };
  putBacks.set(key, (putBacks.get(key) ?? 0) + 1);
  positions.set(key, to);
  // A move of the GM's own, with the "displace" action (not `revertRecordedMovement`: a raw update has no
  // recorded movement to revert, and v13's revert does not use "displace", foundryvtt#13724).
  if (typeof token.move === "function")
    void token
      .move([{ x: to.x, y: to.y, elevation: to.elevation, ...levelField(to.level), action: "displace" }], {
        autoRotate: false,
        showRuler: false,
      })
      .catch((error: unknown) => console.error("fray | could not put a token back", error));
  const mover = user?.id ? game.users?.get(user.id) : null;
  void notify(mover, { key: noticeKey, data: { name }, ...(reason ? { reason } : {}) });
}

/** `moveToken` (every client; GM clients note it, the active GM pays for it). */
export function onMoveToken(
  token: MovingToken,
  movement: TokenMovement,
  user: Mover,
): Promise<Outcome<MoveSpend> | null> {
  return positionChanged(token, positionOf(token), movement ?? null, user);
}

/**
 * The token's own current movement (`TokenDocument#movement`, v13 and v14) when it is the one that brought the token
 * to `to` and no hook reported it on this client yet; else null (a movement from before, already paid).
 */
function currentMovementTo(token: MovingToken, to: TokenPosition): TokenMovement | null {
  const movement = token.movement;
  const end = movement?.destination;
  if (!movement?.id || !end || claimed.has(movement.id)) return null;
  const at = {
    x: num(end.x, NaN),
    y: num(end.y, NaN),
    elevation: num(end.elevation, NaN),
    level: typeof end.level === "string" && end.level ? levelAfter({}, { level: end.level }) : null,
  };
  return samePosition(at, to) ? movement : null;
}

/** One task later: a `moveToken` fired by the same update runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `updateToken` (every client): a position change. A movement carries its data in the update's options
 * (`options._movement[id]`, as `moveToken` gets it); a bare `x`/`y`/`elevation` (v14: `level`) update carries
 * none and is paid as a walk. Whichever of this and `moveToken` comes first pays; the other finds the position
 * already noted. That every client's `updateToken` gets `_movement` is documented on neither v13 nor v14: without
 * it, the token's own `movement` is taken when it ends here and is not paid yet; failing that, the bare walk waits
 * one task, so that a `moveToken` with the movement (climb, fly, jump…) pays first, and is dropped if the token's
 * recorded position changed meanwhile (that movement paid, or the GM put the token back).
 */
export async function onUpdateToken(
  token: MovingToken,
  changed: Record<string, unknown> | null | undefined,
  options: { _movement?: Record<string, TokenMovement | undefined> } | null | undefined,
  userId: string,
): Promise<Outcome<MoveSpend> | null> {
  if (!changed || !positionKeys().some((k) => k in changed)) return null;
  const to = positionOf(token, changed);
  const user = (game.users?.get(userId) as Mover | undefined) ?? null;
  const movement = options?._movement?.[token.id ?? ""] ?? currentMovementTo(token, to);
  if (movement) return positionChanged(token, to, movement, user);
  const key = keyOf(token);
  const noted = positions.get(key);
  const putBack = putBacks.get(key) ?? 0;
  await nextTask();
  if (positions.get(key) !== noted || (putBacks.get(key) ?? 0) !== putBack) return null;
  return positionChanged(token, to, null, user);
}
