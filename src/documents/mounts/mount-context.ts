/**
 * What the mount flows read about a token: its creature, Size and Speed, the fight it is in, the fast-slow
 * turn budget it spends from (FS-MT2 the move, FS-MT10 the action), and how to put it somewhere (a
 * "displace" move: being carried or falling is never the creature's own movement).
 */
import { combatLinkOf, type CombatLink } from "../../chat/combat-link";
import { partyOf } from "../../chat/parties";
import { actorSystemOf } from "../../data/system-of";
import type { FastSlowBudget } from "../../rules/families/fast-slow/budget";
import { FALL_OFF_DISTANCE, fallOffLanding } from "../../rules/families/fast-slow/mount-falls";
import type { Point } from "../../rules/families/fast-slow/mounts";
import { accept, type Outcome } from "../../rules/outcome";
import { combatantData, familyOf, roundStateOf, updateCombatantData } from "../combat-api";
import { levelField, tokenLevel } from "../../compat/levels";
import { sceneTokens } from "./mount-store";
import { centrePx, gridOf, occupied, radiusMetres, toMetres, toPixels, topLeftFor } from "./token-geometry";

type TokenLike = TokenDocument.Implementation;

export function actorOf(token: TokenLike | null | undefined): Actor.Implementation | null {
  return token?.actor ?? null;
}

/** Size as a number (1/2 = 0.5), FS-MT1. */
export function sizeOf(token: TokenLike | null | undefined): number {
  const actor = actorOf(token);
  const size = Number(actor ? actorSystemOf(actor).size : undefined);
  return Number.isFinite(size) && size > 0 ? size : 1;
}

export function speedOf(token: TokenLike | null | undefined): number {
  const actor = actorOf(token);
  const speed = Number(actor ? actorSystemOf(actor).speed : undefined);
  return Number.isFinite(speed) && speed > 0 ? speed : 0;
}

export function nameOf(token: TokenLike | null | undefined): string {
  return token?.name || actorOf(token)?.name || "";
}

/** A creature flagged "accepts a rider" (FS-MT1). */
export function acceptsRiders(token: TokenLike | null | undefined): boolean {
  const actor = actorOf(token);
  return actor ? actorSystemOf(actor).mount === true : false;
}

/** The fight the token's creature is in, if any. */
export function linkOf(token: TokenLike): CombatLink | null {
  const actor = actorOf(token);
  return actor ? combatLinkOf(partyOf(actor, token)) : null;
}

export interface BudgetSpend {
  /** Writes the spent budget (nothing outside a fast-slow fight or before its budget exists). */
  apply(): Promise<void>;
}

const NO_SPEND: BudgetSpend = { apply: async () => undefined };

/**
 * FS-MT2, FS-MT10: what the creature spends from its fast-slow turn budget, checked now and written by
 * `apply()`. Outside a fast-slow fight (or before the fight stores a budget) there is nothing to spend.
 * A GM forces it (`override`): the budget records the refusal it bypassed.
 */
export function budgetSpend(
  token: TokenLike,
  spend: (budget: FastSlowBudget, override: boolean) => Outcome<FastSlowBudget>,
  override: boolean,
): Outcome<BudgetSpend> {
  const link = linkOf(token);
  if (!link || familyOf(link.combat) !== "fast-slow" || roundStateOf(link.combat).round === 0)
    return accept(NO_SPEND);
  const budget = combatantData(link.combatant)?.budget as FastSlowBudget | null | undefined;
  if (!budget || typeof budget !== "object" || !("turn" in budget)) return accept(NO_SPEND);
  const out = spend(budget, override);
  if (!out.ok) return out;
  return accept({
    apply: async () => {
      await updateCombatantData(link.combatant, { budget: out.value });
    },
  });
}

/**
 * Puts a token at `topLeft` (pixels) as a "displace" move: carried, thrown or falling, never walking. `beside` is the
 * token it is put by (the mount): it lands at that token's elevation and, on v14, on its Scene Level.
 */
export async function displace(token: TokenLike, topLeft: Point, beside?: TokenLike): Promise<void> {
  const position = {
    x: topLeft.x,
    y: topLeft.y,
    ...(beside ? { elevation: Number(beside.elevation ?? 0), ...levelField(tokenLevel(beside)) } : {}),
  };
  if (typeof token.move === "function") {
    await token.move([{ ...position, action: "displace" }], { autoRotate: false, showRuler: false });
    return;
  }
  await token.update(position);
}

/** FS-MT3: the rider's token centred on the mount's, at its elevation, on its level. */
export async function seatRider(rider: TokenLike, mount: TokenLike): Promise<void> {
  await displace(rider, topLeftFor(rider, centrePx(mount), false), mount);
}

const TURNS = [0, 45, -45, 90, -90, 135, -135, 180];

function rotate(v: Point, degrees: number): Point {
  const r = (degrees * Math.PI) / 180;
  return { x: v.x * Math.cos(r) - v.y * Math.sin(r), y: v.x * Math.sin(r) + v.y * Math.cos(r) };
}

/**
 * FS-MT8 (and dismounting, FS-MT2): where the rider lands — 1 m from the mount's edge on the side away from
 * `source` (pixels; null: no known origin), on the grid, in the first free space turning away from that side
 * by 45° steps. Returns the rider's top-left corner.
 */
export function landingFor(rider: TokenLike, mount: TokenLike, source: Point | null): Point {
  const grid = gridOf(mount);
  const centre = toMetres(centrePx(mount), grid);
  const from = source ? toMetres(source, grid) : centre;
  let away = { x: centre.x - from.x, y: centre.y - from.y };
  if (Math.hypot(away.x, away.y) < 1e-9) away = { x: 1, y: 0 };
  const others = sceneTokens(mount).filter((t) => t.id !== rider.id && t.id !== mount.id);
  let first: Point | null = null;
  for (const turn of TURNS) {
    const dir = rotate(away, turn);
    const landing = fallOffLanding({
      mountCentre: centre,
      source: { x: centre.x - dir.x, y: centre.y - dir.y },
      mountRadius: radiusMetres(mount),
      distance: FALL_OFF_DISTANCE,
    });
    const at = topLeftFor(rider, toPixels(landing, grid), true);
    first ??= at;
    if (!occupied(rider, at, others)) return at;
  }
  return first as Point;
}
