/**
 * The action budgets' wiring, called once from the init hook (`registerBudgets`): Fray's movement actions and
 * their costs, the CD-A5 status, the token-movement hooks (check before, spend after), the budget panels'
 * click listener on the tracker and the actor sheets, their re-render when a budget changes, and the FS-M4
 * watch over flying creatures. The GM requests register themselves at import (net/gm-requests.ts).
 */
import { addStatusEffect } from "../../compat";
import { checkFlyers } from "../../chat/flyer-falls";
import { STANDARD_ONLY_STATUS } from "../../documents/budget-store";
import { asFray } from "../../documents/combat-api";
import { actorOfEffect, statusNameKey } from "../../documents/statuses";
import {
  onMoveToken,
  onPreMoveToken,
  onUpdateToken,
  recordFightTokens,
  setMoveRefusalHandlers,
  type MovingToken,
  type TokenMovement,
} from "../../documents/token-movement";
import { listenToNotices } from "../../net/notices";
import { BALANCE_ACTION, CRAWL_NARROW_ACTION } from "../../rules/budget/movement-stretches";
import { attachBudgetListener } from "./budget-actions";
import { confirmOverride } from "./override-confirm";
import { askTraversalRoll } from "./traversal-rolls";
import { onHook } from "../../compat/hooks";
import {
  inheritedActionFields,
  setActionCost,
  type CostFunctionFactory,
} from "../../compat/movement-actions";

/**
 * The movement actions the budgets price themselves (FS-M1…FS-M6 double climbing and balance, crawl at half
 * Speed, count jumps…): each is measured as walking is — terrain included, no action surcharge of its own —
 * and Fray adds FS-M1's "balance" (a treacherous surface: difficult terrain and an Agility roll) and FS-M3's
 * "crawlNarrow" (crawling through a narrow passage: half the crawl again).
 */
const PRICED_ACTIONS = ["walk", "crawl", "climb", "swim", "fly", "burrow", "jump"] as const;

/** The terrain difficulty of Fray's own actions in a region: none added (the action is the terrain, FS-M1/FS-M3). */
const ownTerrain = () => 1;

export function registerMovementActions(): void {
  const movement = CONFIG.Token?.movement;
  // Read and written as plain records: on v14 these are descriptors, which the v13 types do not know.
  const actions = movement?.actions as unknown as
    Record<string, Record<string, unknown> | undefined> | undefined;
  const walk = actions?.walk;
  if (!actions || !walk) return;
  // Walking's own cost function when core gives one (terrain included), else the cost as measured. On v14 the
  // walk descriptor may have none yet: the measured cost is then walking's (walk carries no surcharge).
  const walkCost = (
    typeof walk.getCostFunction === "function" ? walk.getCostFunction : null
  ) as CostFunctionFactory | null;
  const cost: CostFunctionFactory = walkCost ?? (() => (baseCost: number) => baseCost);
  for (const id of PRICED_ACTIONS) {
    const action = actions[id];
    if (action && id !== "walk") setActionCost(action, cost);
  }
  // Fray's own actions, built field by field (a spread would copy core's price, costMultiplier on v14, with the
  // rest). Each already is its terrain: FS-M1's treacherous surface is difficult terrain, and FS-M3's crawl is
  // slowed by difficult ground *or* a narrow passage, so a region's difficult terrain is not added on top
  // (difficulty 1, on v13 and v14 alike: v14 ignores `terrainAction` when `deriveTerrainDifficulty` is set).
  const fraysOwn = (base: Record<string, unknown>, fields: Record<string, unknown>) => {
    const action: Record<string, unknown> = {
      ...inheritedActionFields(base),
      teleport: false,
      measure: true,
      walls: base.walls ?? "move",
      visualize: base.visualize ?? true,
      deriveTerrainDifficulty: ownTerrain,
      ...fields,
    };
    setActionCost(action, cost);
    return action;
  };
  actions[BALANCE_ACTION] ??= fraysOwn(walk, {
    label: "FRAY.Movement.balance",
    icon: "fa-solid fa-person-falling",
    img: "icons/svg/falling.svg",
    order: Number(walk.order ?? 0) + 0.5,
  });
  const crawl = actions.crawl;
  if (crawl)
    actions[CRAWL_NARROW_ACTION] ??= fraysOwn(crawl, {
      label: "FRAY.Movement.crawlNarrow",
      ...(crawl.icon !== undefined ? { icon: crawl.icon } : {}),
      ...(crawl.img !== undefined ? { img: crawl.img } : {}),
      order: Number(crawl.order ?? 0) + 0.5,
    });
}

/** Re-draws the open sheets of a fight's creatures (their budget panel follows the fight). */
function rerenderSheets(combat: Combat.Implementation | undefined, ids?: readonly string[]): void {
  if (!combat) return;
  for (const c of combat.combatants.values()) {
    if (ids && !ids.includes(c.id ?? "")) continue;
    const sheet = c.actor?.sheet as { rendered?: boolean; render?: () => unknown } | null | undefined;
    if (sheet?.rendered) void sheet.render?.();
  }
}

export function registerBudgets(): void {
  registerMovementActions();
  // CD-A5: named like Fray's other statuses (statuses.ts).
  addStatusEffect({
    id: STANDARD_ONLY_STATUS,
    name: statusNameKey(STANDARD_ONLY_STATUS),
    img: "icons/svg/downgrade.svg",
  });
  setMoveRefusalHandlers({
    balanceRoll: (_token, combat, combatant) =>
      void askTraversalRoll(combat.id ?? "", combatant.id ?? "", "balance", true),
    confirmOverride,
  });
  const on = onHook;
  on("preMoveToken", (token: MovingToken, movement: TokenMovement) => onPreMoveToken(token, movement));
  on(
    "moveToken",
    (token: MovingToken, movement: TokenMovement, _operation: unknown, user: User.Implementation) =>
      void onMoveToken(token, movement, user),
  );
  // Issue 12: the GM pays for every position change, a bare x/y update too (once per change), from where it
  // last saw the token: GM clients note where a fight's tokens stand when they first see the fight.
  on(
    "updateToken",
    (token: MovingToken, changed: Record<string, unknown>, options: Record<string, never>, userId: string) =>
      void onUpdateToken(token, changed, options, userId),
  );
  const record = (combat: Combat.Implementation | null | undefined) => recordFightTokens(combat);
  on("updateCombat", record);
  on("createCombatant", (c: Combatant.Implementation) => record(c.parent));
  on("ready", () => {
    for (const combat of game.combats?.values() ?? []) record(combat as Combat.Implementation);
  });
  // A move the GM put back is told to its mover (net/notices.ts).
  listenToNotices();
  const listen = (_app: unknown, html: HTMLElement) => attachBudgetListener(html);
  on("renderCombatTracker", listen);
  on("renderActorSheetV2", listen);
  on("updateCombatant", (c: Combatant.Implementation, changes: { system?: Record<string, unknown> }) => {
    const system = changes?.system;
    if (system && ("budget" in system || "==budget" in system))
      rerenderSheets(asFray(c.parent), [c.id ?? ""]);
  });
  on("updateCombat", (combat: Combat.Implementation, changes: { system?: unknown }) => {
    if (changes?.system) rerenderSheets(asFray(combat));
  });
  // FS-M4: knocked prone, unable to act, or Speed 0 while flying: the creature falls. Its statuses are read
  // after any change to its effects (their own or its items'): one made, deleted, or updated — turned on or
  // off, or expired by core (v14) — whichever hook brings it.
  const effectChanged = (effect: { parent?: unknown }) => {
    const actor = actorOfEffect(effect);
    if (actor) void checkFlyers(actor);
  };
  on("createActiveEffect", effectChanged);
  on("updateActiveEffect", effectChanged);
  on("deleteActiveEffect", effectChanged);
  on("updateActor", (actor: Actor.Implementation, changes: { system?: { speed?: unknown } }) => {
    if (changes?.system && "speed" in changes.system) void checkFlyers(actor);
  });
}
