/**
 * Spending from a combatant's budget, on the active GM's client (the requests in budget-requests.ts and the
 * token-movement hook call these after their permission checks). Each operation reads the budget as it is
 * now, asks the rules, and writes only when they accept: a refused event changes nothing. Opposed-d20's counted
 * actions go to the round engine (its counts are the store, OD-R3); phased-round moves are declarations
 * (PR-P6) and go to the round engine too.
 */
import { applySpend, countedAction } from "../rules/budget/apply-spend";
import { attackSpend } from "../rules/budget/attack-spend";
import type { StoredBudget } from "../rules/budget/budget-lifecycle";
import type { MovementStretch } from "../rules/budget/movement-stretches";
import {
  activeDefenseMove,
  classicD20Move,
  fastSlowMove,
  phasedMoveDeclaration,
  type MoveResult,
} from "../rules/budget/movement-spend";
import type { SpendEvent } from "../rules/budget/spend-events";
import { statesLeftBy } from "../rules/budget/spend-states";
import { spendActiveDefense, type ActiveDefenseBudget } from "../rules/families/active-defense-3d6/budget";
import type { ClassicD20Budget } from "../rules/families/classic-d20/budget";
import type { FastSlowBudget } from "../rules/families/fast-slow/budget";
import type { OpposedD20Budget } from "../rules/families/opposed-d20/budget";
import { accept, refuse, type Outcome } from "../rules/outcome";
import { reduce } from "../rules/turns/round-engine";
import type { RoundEvent } from "../rules/turns/round-event";
import { phaseAt } from "../rules/turns/round-structure";
import {
  adWeaponOf,
  BOW_SKILLS,
  engineCombatant,
  isProne,
  storeBudget,
  storedBudgetOf,
} from "./budget-store";
import { PRONE_STATUS, setStatus } from "./statuses";
import { applyRoundEvents, familyOf, roundStateOf, structureOf } from "./combat-api";

/** A prone creature (FS-M3) lies down or gets up: the core "prone" status on its actor. */
export function setProne(actor: Actor.Implementation | null | undefined, prone: boolean): Promise<void> {
  return setStatus(actor, PRONE_STATUS, prone);
}

/** The engine's counter limit for `kind` (OD-R3), from the budget's round limits. */
function odLimit(state: StoredBudget, kind: "active" | "passive"): number {
  return (state as OpposedD20Budget).limits[kind];
}

/**
 * Applies a family event to the combatant's budget. OD: an accepted counted action is counted by the engine
 * first (it re-checks the limit); the budget's own record (reactions, intrusions, overrides) is stored after.
 */
export async function spendFor(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  spend: SpendEvent,
  base?: StoredBudget | null,
): Promise<Outcome<StoredBudget>> {
  if (!game.user?.isActiveGM) return refuse("notActiveGM");
  const state = base ?? storedBudgetOf(combat, combatant);
  if (!state) return refuse("notInThisFamily");
  const out = applySpend(spend, state, { prone: isProne(combatant.actor) });
  if (!out.ok) return out;
  const counter = countedAction(spend);
  if (counter) {
    const counted = await applyRoundEvents(combat, [
      {
        type: "countAction",
        id: combatant.id ?? "",
        kind: counter,
        limit: odLimit(state, counter),
        ...(spend.event.override ? { gmOverride: true } : {}),
      },
    ]);
    if (!counted.ok) return counted;
  }
  const stored = await storeBudget(combat, combatant, out.value);
  if (!stored.ok) return stored;
  // FS-A5 Defend, AD-M2/AD-M3 all-out attack and defense: the state every card and the tracker read.
  const states = statesLeftBy(spend, combatant.id ?? "", roundStateOf(combat).round);
  if (states.length) {
    const added = await applyRoundEvents(
      combat,
      states.map((state) => ({ type: "addTimedState", state })),
    );
    if (!added.ok) return added;
  }
  // FS-M3: dropping prone is free; standing up ends it.
  if (spend.family === "fast-slow" && spend.event.type === "dropProne") await setProne(combatant.actor, true);
  if (spend.family === "fast-slow" && spend.event.type === "standUp") await setProne(combatant.actor, false);
  return out;
}

interface WeaponSystem {
  kind?: string;
  skill?: string;
}

/** What rolling an attack with `item` — a weapon, or an attack spell (FS-A1) — spends (attack-spend.ts), applied. */
export async function spendForAttack(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  item: { id: string | null; type?: string; system: unknown },
  override: boolean,
): Promise<Outcome<true>> {
  if (!game.user?.isActiveGM) return refuse("notActiveGM");
  const family = familyOf(combat);
  if (roundStateOf(combat).round === 0) return accept(true);
  const weapon = (item.system ?? {}) as WeaponSystem;
  const planned = attackSpend({
    family,
    fastSlow: family === "fast-slow" ? (storedBudgetOf(combat, combatant) as FastSlowBudget | null) : null,
    sheet: engineCombatant(combat, combatant.id ?? "")?.sheet ?? null,
    phase: family === "phased-round" ? phaseAt(structureOf(combat), roundStateOf(combat).phase).id : null,
    weaponId: item.id ?? "",
    melee: weapon.kind === "melee",
    bowOrCrossbow: BOW_SKILLS.has(weapon.skill ?? ""),
    spell: item.type === "spell",
    override,
  });
  if (!planned.ok) return planned;
  if (planned.value.family === "phased-round") return accept(true);
  let base = storedBudgetOf(combat, combatant);
  // AD-M4: a weapon the budget does not track yet (taken up since the turn began) is in hand, as combat finds it.
  if (family === "active-defense-3d6" && base && item.id && !(base as ActiveDefenseBudget).weapons[item.id]) {
    const known = spendActiveDefense(base as ActiveDefenseBudget, {
      type: "weapon",
      weaponId: item.id,
      ...adWeaponOf(item as { id: string; type: string; system: unknown }),
    });
    if (known.ok) base = known.value;
  }
  const out = await spendFor(combat, combatant, planned.value as SpendEvent, base);
  return out.ok ? accept(true) : out;
}

export interface MoveFacts {
  /** The mover asked the GM's override (a GM user only). */
  readonly override: boolean;
  /** FS-M5/FS-M6: the creature's Agility modifier. */
  readonly agilityModifier: number;
  /** PR-P6: metres of movement potential (100 %). */
  readonly potentialMetres: number;
}

export type MoveSpend = MoveResult<StoredBudget | null>;

const FREE_MOVE: MoveSpend = { state: null, checks: [], jumps: [], landing: "safe", noOpportunity: false };

/** PR-P6: the movement declaration a move makes (added to what was declared this round), or null. */
function phasedMoveEvent(
  combat: Combat.Implementation,
  id: string,
  stretches: readonly MovementStretch[],
  facts: MoveFacts,
): RoundEvent | null {
  const movement = phasedMoveDeclaration(
    engineCombatant(combat, id)?.sheet?.movement ?? null,
    stretches,
    facts.potentialMetres,
  );
  if (!movement) return null;
  return { type: "declareMovement", id, movement, ...(facts.override ? { gmOverride: true } : {}) };
}

/** What the move would spend, without writing (the mover's client checks it before the move, `preMoveToken`). */
export function planMove(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  stretches: readonly MovementStretch[],
  facts: MoveFacts,
): Outcome<MoveSpend> {
  const state = roundStateOf(combat);
  if (state.round === 0) return accept(FREE_MOVE);
  const family = familyOf(combat);
  const override = facts.override ? { override: true } : {};
  switch (family) {
    case "fast-slow":
      return fastSlowMove(storedBudgetOf(combat, combatant) as FastSlowBudget, stretches, {
        prone: isProne(combatant.actor),
        agilityModifier: facts.agilityModifier,
        ...override,
      });
    case "classic-d20":
      return classicD20Move(storedBudgetOf(combat, combatant) as ClassicD20Budget, stretches, override);
    case "active-defense-3d6":
      return activeDefenseMove(storedBudgetOf(combat, combatant) as ActiveDefenseBudget, stretches, override);
    case "phased-round": {
      const phase = structureOf(combat).phases[state.phase];
      if (phase?.id !== "movement") return facts.override ? accept(FREE_MOVE) : refuse("moveInMovementPhase");
      // PR-P2/PR-P6/PR-B2: the round engine's own check of the declaration this move makes.
      const event = phasedMoveEvent(combat, combatant.id ?? "", stretches, facts);
      if (!event) return accept(FREE_MOVE);
      const tried = reduce(structureOf(combat), state, event);
      return tried.ok ? accept(FREE_MOVE) : tried;
    }
    case "opposed-d20":
      return accept(FREE_MOVE);
  }
}

/**
 * Spends a token's move (active GM): the budget written, or PR-P6's declaration made in the round engine
 * (which checks PR-P2's caps, PR-B2, with the GM's override); a refusal writes nothing.
 */
export async function spendForMove(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  stretches: readonly MovementStretch[],
  facts: MoveFacts,
): Promise<Outcome<MoveSpend>> {
  if (!game.user?.isActiveGM) return refuse("notActiveGM");
  const planned = planMove(combat, combatant, stretches, facts);
  if (!planned.ok) return planned;
  const family = familyOf(combat);
  if (family === "phased-round") {
    const state = roundStateOf(combat);
    if (structureOf(combat).phases[state.phase]?.id !== "movement") return planned;
    const event = phasedMoveEvent(combat, combatant.id ?? "", stretches, facts);
    if (!event) return planned;
    const out = await applyRoundEvents(combat, [event]);
    return out.ok ? planned : out;
  }
  const next = planned.value.state;
  if (next) {
    const stored = await storeBudget(combat, combatant, next);
    if (!stored.ok) return stored;
  }
  // FS-M5/FS-M6: a jump cut short lands prone; a fall ends prone too.
  if (planned.value.landing !== "safe") await setProne(combatant.actor, true);
  return planned;
}
