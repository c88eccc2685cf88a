/**
 * Token movement spends the mover's budget (issue: "moving a token spends it"), on Foundry v13's movement
 * operations. Each measured waypoint carries the movement action used to reach it (walk, crawl, climb, fly,
 * jump, Fray's balance, displace, blink…), its cost in metres (terrain included) and its elevation:
 * - `preMoveToken` (only on the mover's client) checks the whole move — what is passed now and what is still
 *   pending — against the budget as it stands, with the family's rules, and refuses it with a localized reason
 *   (FS-M1: a treacherous surface asks its Agility roll first). A GM whose move is refused may confirm an
 *   override: the move is made again with the override granted for that token, once;
 * - `moveToken` (every client; the active GM acts) spends what was actually passed, and applies how the move
 *   ended (FS-M5/FS-M6 a jump cut short: prone or a fall).
 * Being pushed or teleported ("displace", "blink") costs nothing. Fray prices movement actions itself (the
 * family rules double climbing, crawl at half Speed…), so each action's core cost is the plain terrain cost.
 */
import type { MovementStretch, MovementWaypoint } from "../rules/budget/movement-stretches";
import { movementStretches } from "../rules/budget/movement-stretches";
import { refusalKey, type Outcome } from "../rules/outcome";
import { locHtml } from "../utils/loc";
import { inFightLock } from "../net/gm-requests";
import { planMove, spendForMove, type MoveSpend } from "./budget-spend";
import { activeCombatFor, combatantFor, roundStateOf } from "./combat-api";
import { moveFactsOf } from "./move-facts";

/** A measured waypoint as v13 gives it (only the fields the budgets read). */
interface MeasuredWaypoint {
  readonly action?: string;
  readonly cost?: number;
  readonly elevation?: number;
}

interface MovementSection {
  readonly waypoints?: readonly MeasuredWaypoint[];
}

/** The parts of v13's (pre-)movement operation the budgets read. */
export interface TokenMovement {
  readonly id?: string;
  /** The earlier movement ids this one continues (a move split at checkpoints). */
  readonly chain?: readonly string[];
  readonly origin?: { readonly elevation?: number };
  readonly passed?: MovementSection;
  readonly pending?: MovementSection;
  readonly method?: string;
}

export interface MovingToken {
  readonly id: string | null;
  readonly actor: Actor.Implementation | null;
  move?(waypoints: unknown, options?: Record<string, unknown>): Promise<unknown>;
}

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

function stretchesOf(
  movement: TokenMovement,
  ...sections: (MovementSection | undefined)[]
): MovementStretch[] {
  return movementStretches(waypointsOf(...sections), Number(movement.origin?.elevation ?? 0) || 0);
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
 * The fields of a measured waypoint that `TokenDocument#move` takes again (v13 TokenMovementWaypoint); intermediate
 * waypoints are left out. Not `cost`: v13's move has no predetermined cost (only `measureMovementPath` takes one),
 * so core measures the replayed path again — the same path with the same actions, hence the same cost.
 */
const WAYPOINT_FIELDS = [
  "x",
  "y",
  "elevation",
  "width",
  "height",
  "shape",
  "action",
  "snapped",
  "explicit",
  "checkpoint",
];

function replayable(...sections: (MovementSection | undefined)[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const section of sections)
    for (const w of (section?.waypoints ?? []) as readonly Record<string, unknown>[]) {
      if (w.intermediate === true) continue;
      out.push(Object.fromEntries(WAYPOINT_FIELDS.filter((k) => k in w).map((k) => [k, w[k]])));
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
  const stretches = stretchesOf(movement, movement.passed, movement.pending);
  const plan = planMove(fighter.combat, fighter.combatant, stretches, moveFactsOf(fighter.combatant));
  if (plan.ok) return;
  const reason = plan;
  if (game.user?.isGM && handlers) {
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

/** `moveToken` on the active GM: spends what the token passed. */
export async function onMoveToken(
  token: MovingToken,
  movement: TokenMovement,
  user: { readonly isGM: boolean; readonly name?: string | null } | null,
): Promise<Outcome<MoveSpend> | null> {
  if (!game.user?.isActiveGM) return null;
  const fighter = fighterOf(token);
  if (!fighter) return null;
  const stretches = stretchesOf(movement, movement.passed);
  const facts = { ...moveFactsOf(fighter.combatant), override: user?.isGM === true };
  // In the fight's request lock: a budget request handled meanwhile neither loses this spend nor is lost by it.
  const out = await inFightLock(fighter.combat, () =>
    spendForMove(fighter.combat, fighter.combatant, stretches, facts),
  );
  if (!out.ok) {
    // The mover's client let it through on an older budget: the GM is told; nothing is spent.
    const name = foundry.utils.escapeHTML(fighter.combatant.name ?? "");
    ui.notifications?.warn(`${name}: ${locHtml(refusalKey(out.reason), out.data ?? {})}`);
  }
  return out;
}
