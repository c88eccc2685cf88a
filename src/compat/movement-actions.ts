/**
 * `CONFIG.Token.movement.actions` at init. v13 holds resolved `TokenMovementActionConfig`s (every field present,
 * `getCostFunction` among them). v14 holds `TokenMovementActionConfigDescriptor`s, which core resolves later: the
 * descriptor may price an action with the shorthand `costMultiplier` instead of `getCostFunction`, take
 * `terrainAction` for its terrain and `speedMultiplier` for its animation; `getCostFunction` is still honoured.
 * Whether core composes a `costMultiplier` with a `getCostFunction` set on the same entry is not documented, so
 * wherever Fray sets `getCostFunction` on v14 it also sets `costMultiplier: 1`: one price, Fray's, on either reading.
 * Evidence: E-movement §E1 (v13/v14 TokenMovementActionConfig, the v14 descriptor, crucible#1357, dnd5e@965ad2d
 * module/documents/token.mjs:119-141 setting `getCostFunction` at init on 13 and 14).
 */
import { generation } from "./index";

type Entry = Record<string, unknown>;

/** An action's cost function (`(token, options) => (baseCost, from, to, distance, segment) => cost`). */
export type CostFunctionFactory = (...args: never[]) => unknown;

/** Prices `action` with `getCostFunction` only (v14: with `costMultiplier: 1`, so core adds no multiplier). */
export function setActionCost(action: Entry, getCostFunction: CostFunctionFactory): void {
  action.getCostFunction = getCostFunction;
  if (generation() >= 14) action.costMultiplier = 1;
}

/**
 * The fields an action Fray adds copies from the core action it is a kind of (`walk` for balance, `crawl` for a
 * narrow crawl), named one by one rather than spread: who may select it, its walls and its animation (v14
 * descriptors add `speedMultiplier`). Not its price (`costMultiplier` on v14: Fray sets the price,
 * `setActionCost`) nor its terrain (`deriveTerrainDifficulty`, v14's `terrainAction`: Fray's actions set their own).
 * Fields the base lacks are left out (a v14 descriptor's defaults then apply).
 */
export function inheritedActionFields(base: Entry): Entry {
  const keys = ["canSelect", "walls", "visualize", "getAnimationOptions"];
  if (generation() >= 14) keys.push("speedMultiplier");
  return Object.fromEntries(keys.filter((k) => base[k] !== undefined).map((k) => [k, base[k]]));
}
