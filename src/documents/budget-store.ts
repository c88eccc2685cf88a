/**
 * Where each family's action budget lives and how the Foundry layer reads it (one source of truth each):
 * - fast-slow, classic-d20, active-defense-3d6: `combatant.system.budget`, written whole by the active GM;
 * - opposed-d20: `combatant.system.budget` for the limits, turn stage, reactions and intrusive actions, while
 *   the OD-R3 counts are the round engine's (`TurnCombatant.actions`), laid over it on every read;
 * - phased-round: nothing stored — the round engine's declaration sheet is the budget (PR-B1), rebuilt with
 *   `phasedBudgetFromSheet`.
 * The actor gives what a round or turn needs: Speed (FS-R5/FS-R6, FS-MT6 the mount's for a rider, CD move
 * action), the FS-R1 turn kind from
 * the engine, CD-A5's standard-only status, the OD-R3 counters, the AD-M4 weapons it carries.
 */
import { getSetting } from "../config/settings";
import { actorSystemOf, type FrayActorSystem } from "../data/system-of";
import { FAMILY_DATA_KEYS, type FamilyId } from "../rules/families/ids";
import { readBudget, type BudgetInput, type StoredBudget } from "../rules/budget/budget-lifecycle";
import { withEngineCounts, type OpposedD20Budget } from "../rules/families/opposed-d20/budget";
import {
  CHANGE_WEAPON_ACTIVITY,
  DRAW_ACTIVITY,
  phasedBudgetFromSheet,
  type PhasedBudget,
} from "../rules/families/phased-round/budget";
import type { AdWeaponSpec, AdWeaponStatus } from "../rules/families/active-defense-3d6/readiness";
import type { TurnCombatant } from "../rules/turns/round-state";
import { accept, type Outcome } from "../rules/outcome";
import { combatantData, combatOptionsOf, familyOf, roundStateOf, updateCombatantData } from "./combat-api";
import { hasStatusNow, PRONE_STATUS } from "./statuses";
import { movementSpeedOf } from "./mounts/mount-turns";

/** CD-A5: the status that limits a combatant to a standard action on its turn (Fray's own, token HUD). */
export const STANDARD_ONLY_STATUS = "standardOnly";

type Item = { id: string | null; type: string; system: unknown };

interface WeaponSystem {
  equipped?: boolean;
  skill?: string;
  readyTurns?: number;
  properties?: { unbalanced?: boolean };
}

/** AD-M5: the skills of bows and crossbows, which shoot at the start of the turn. */
export const BOW_SKILLS: ReadonlySet<string> = new Set(["bow", "crossbow"]);

/** AD-M4: a weapon item as the budget tracks it (an equipped weapon is in hand, ready; others sheathed). */
export function adWeaponOf(item: Item): { spec: AdWeaponSpec; status: AdWeaponStatus } {
  const system = (item.system ?? {}) as WeaponSystem;
  return {
    spec: {
      unbalanced: system.properties?.unbalanced === true,
      missile: BOW_SKILLS.has(system.skill ?? ""),
      readyTurns: Math.max(0, Number(system.readyTurns ?? 0) || 0),
    },
    status: system.equipped ? "ready" : "sheathed",
  };
}

/** The actor's own statistics the budgets read. */
function actorSystem(actor: Actor.Implementation | null | undefined): FrayActorSystem | undefined {
  return actor ? actorSystemOf(actor) : undefined;
}

/** The engine's record of the combatant. */
export function engineCombatant(combat: Combat.Implementation, id: string): TurnCombatant | undefined {
  return roundStateOf(combat).combatants.find((c) => c.id === id);
}

/** What the combatant's round and turn start need, read from its actor and the engine. */
export function budgetInputOf(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
): BudgetInput {
  const actor = combatant.actor;
  const system = actorSystem(actor);
  const family = familyOf(combat);
  const token = combatant.token ?? null;
  // FS-MT6: a rider moves with its mount's Speed.
  const speed =
    family === "fast-slow" && token ? movementSpeedOf(token) : Math.max(0, Number(system?.speed ?? 0) || 0);
  const engine = engineCombatant(combat, combatant.id ?? "");
  const input: { -readonly [K in keyof BudgetInput]: BudgetInput[K] } = { speed };
  if (family === "fast-slow") {
    input.kind = engine?.speed ?? "slow";
    // FS-A17: how many more minor activities a turn that gives up its move or action allows (a convention).
    input.minorBonus = getSetting("fsMinorBonus");
  }
  if (family === "classic-d20") input.standardOnly = hasStatusNow(actor, STANDARD_ONLY_STATUS);
  if (family === "opposed-d20") {
    const od = system?.[FAMILY_DATA_KEYS["opposed-d20"]];
    input.limits = {
      active: Math.max(0, Number(od?.actions?.active ?? 0) || 0),
      passive: Math.max(0, Number(od?.actions?.passive ?? 0) || 0),
    };
  }
  if (family === "active-defense-3d6") {
    const weapons: Record<string, { spec: AdWeaponSpec; status: AdWeaponStatus }> = {};
    for (const item of (actor?.items ?? []) as Iterable<Item>)
      if (item.type === "weapon" && item.id) weapons[item.id] = adWeaponOf(item);
    input.weapons = weapons;
  }
  return input;
}

/** The budget of a family that stores one, as it stands now (OD with the engine's counts laid over it). */
export function storedBudgetOf(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
): StoredBudget | null {
  const family = familyOf(combat);
  if (family === "phased-round") return null;
  const round = roundStateOf(combat).round;
  const state = readBudget(family, combatantData(combatant).budget, round, budgetInputOf(combat, combatant));
  if (family === "opposed-d20" && state) {
    return withEngineCounts(
      state as OpposedD20Budget,
      engineCombatant(combat, combatant.id ?? "")?.actions ?? null,
    );
  }
  return state;
}

/** PR-B1: the phased-round budget, rebuilt from the round engine's declarations. */
export function phasedBudgetOf(combat: Combat.Implementation, combatantId: string): PhasedBudget | null {
  const c = engineCombatant(combat, combatantId);
  if (!c?.sheet) return null;
  const o = combatOptionsOf(combat);
  // PR-P6: the weapon costs the fight was created with.
  const costs = { draw: o.prDrawCost ?? DRAW_ACTIVITY, change: o.prChangeCost ?? CHANGE_WEAPON_ACTIVITY };
  return phasedBudgetFromSheet(c.sheet, roundStateOf(combat).round, costs);
}

/** Any family's budget: what the sheet and tracker show. */
export function budgetOf(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
): { family: FamilyId; state: StoredBudget | PhasedBudget } | null {
  const family = familyOf(combat);
  const state =
    family === "phased-round"
      ? phasedBudgetOf(combat, combatant.id ?? "")
      : storedBudgetOf(combat, combatant);
  return state ? { family, state } : null;
}

/** Writes a stored budget (active GM only). Opposed-d20's counts are the engine's: they are not stored. */
export async function storeBudget(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  state: StoredBudget,
): Promise<Outcome<true>> {
  const family = familyOf(combat);
  const stored =
    family === "opposed-d20" ? { ...(state as OpposedD20Budget), counts: { active: 0, passive: 0 } } : state;
  const out = await updateCombatantData(combatant, { budget: stored });
  return out.ok ? accept(true) : out;
}

/** FS-M3: the creature is prone. */
export function isProne(actor: Actor.Implementation | null | undefined): boolean {
  return hasStatusNow(actor, PRONE_STATUS);
}
