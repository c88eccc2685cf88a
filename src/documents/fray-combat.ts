/**
 * Fray's Combat: a thin adapter between Foundry's Combat and the round engine (DESIGN.md). The fight's
 * family and conventions are recorded at creation and never change; the engine state in `system.engine`
 * is the truth, and Foundry's `turns`/`turn`/`combatant` are derived from it on every client, so a reload or
 * a reconnect resumes from the stored state alone. Core's turn controls route to engine events, through the
 * active GM (combat-requests.ts).
 */
import { activeFamily } from "../applications/active-family";
import { announceCombatStart } from "../compat/combat-expiry";
import { isUpdateOperator } from "../compat/update-operators";
import { getSetting } from "../config/settings";
import { compareByRank, turnRanks } from "../data/combat/turn-order";
import { refuse, type Outcome } from "../rules/outcome";
import type { RoundEvent } from "../rules/turns/round-event";
import { isFamilyId } from "../rules/families/ids";
import { coreTurnOf, reduceOn, roundStateOf } from "./combat-api";
import { endTurnRequest, gmEventsRequest } from "./combat-requests";
import { rollInitiatives } from "./initiative-rolls";
import { notifyRefusal as reportRefusal } from "../applications/notify";
import { liveCombatant } from "./live-combatant";

/** The conventions recorded with the family at creation (FS-R2/FS-R3, CD-I3, OD-I3, OD-I4, PR-B3, PR-P3, PR-P6, AD-T2). */
export function recordedOptions() {
  return {
    fsTurnOrder: getSetting("fsTurnOrder"),
    cdInitiativeTies: getSetting("cdInitiativeTies"),
    odInitiativeTies: getSetting("odInitiativeTies"),
    odCriticalOn: getSetting("odCriticalOn"),
    prInitiativeFormula: getSetting("prInitiativeFormula"),
    prDrawCost: getSetting("prDrawCost"),
    prChangeCost: getSetting("prChangeCost"),
    prOrientationLow: getSetting("prOrientationLow"),
    adSpeedScore: getSetting("adSpeedScore"),
  };
}

/** GM events on `combat`, asked of the active GM (directly when this client is it). */
export async function sendGmEvents(
  combat: Combat.Implementation,
  events: RoundEvent[],
): Promise<Outcome<true>> {
  if (!game.user?.isGM) return refuse("gmOnly");
  return gmEventsRequest.send({ combatId: combat.id ?? "", events });
}

/** Core's hooks that fire on the initiating client before a turn control's write. */
type TurnHook = "combatStart" | "combatTurn" | "combatRound";

/**
 * Core fires `combatStart(combat, updateData)`, `combatTurn` and `combatRound(combat, updateData, updateOptions)`
 * on the client that uses startCombat / nextTurn / nextRound, before the write, with the `round` and `turn` the
 * write will give. Fray's write is the engine's, made by the active GM: this client reduces the same events on
 * its copy of the state to know them, and fires nothing when the engine (or the GM) would refuse. As core's
 * nextTurn calls nextRound after the last turn, a turn control that starts a new round fires `combatRound`.
 * Modules may mutate `updateData`; the engine's write does not read it back.
 */
function announce(
  combat: Combat.Implementation,
  hook: TurnHook,
  events: RoundEvent[],
  allowed: boolean,
): void {
  if (!allowed) return;
  const { out } = reduceOn(combat, events);
  if (!out.ok) return;
  const updateData = coreTurnOf(combat, out.value);
  const callAll = Hooks.callAll.bind(Hooks) as (name: string, ...args: unknown[]) => boolean;
  if (hook === "combatStart") {
    callAll(hook, combat, updateData);
    return;
  }
  // v13 names the time advanced `advanceTime`, v14 `worldTime.delta`: the engine's write advances none.
  const updateOptions = { direction: 1, advanceTime: 0, worldTime: { delta: 0 } };
  callAll(updateData.round > combat.round ? "combatRound" : hook, combat, updateData, updateOptions);
}

/** Round 1 begins (GM; `force` pushes past a missing initiative), after core's `combatStart`. */
export async function startCombatOf(combat: Combat.Implementation, force = false): Promise<Outcome<true>> {
  const events: RoundEvent[] = [{ type: "startCombat", ...(force ? { gmOverride: true } : {}) }];
  announce(combat, "combatStart", events, game.user?.isGM === true);
  const out = await sendGmEvents(combat, events);
  // As core's startCombat after its write: v14 ends the effects that last until the fight starts.
  if (out.ok) await announceCombatStart(combat);
  return out;
}

/** `combatantId`'s turn ends (its owner or the GM), after core's `combatTurn` (or `combatRound`). */
export function endTurnOf(combat: Combat.Implementation, combatantId: string): Promise<Outcome<true>> {
  const owner = game.user?.isGM === true || combat.combatants.get(combatantId)?.isOwner === true;
  announce(combat, "combatTurn", [{ type: "endTurn", id: combatantId }], owner);
  return endTurnRequest.send({ combatId: combat.id ?? "", combatantId });
}

/** GM: the next phase, after core's `combatTurn` (or `combatRound` when it is the next round). */
export function advancePhaseOf(combat: Combat.Implementation, force = false): Promise<Outcome<true>> {
  const events: RoundEvent[] = [{ type: "advancePhase", ...(force ? { gmOverride: true } : {}) }];
  announce(combat, "combatTurn", events, game.user?.isGM === true);
  return sendGmEvents(combat, events);
}

/** GM: the end-of-round step and the next round, after core's `combatRound`. */
export function endRoundOf(combat: Combat.Implementation, force = false): Promise<Outcome<true>> {
  const events: RoundEvent[] = [{ type: "endRound", ...(force ? { gmOverride: true } : {}) }];
  announce(combat, "combatRound", events, game.user?.isGM === true);
  return sendGmEvents(combat, events);
}

/**
 * `round` the engine's; `turns` in the engine's order (turn-order.ts); `turn` at its current combatant, null while
 * nobody acts. Issue 24: a player may write the Combat's `round` and `turn` (core allows it), so no client shows
 * the stored ones — the active GM puts them back (applications/combat/register.ts). A function, not a private
 * method: core prepares data inside its constructor, before a subclass's private methods exist.
 */
function followEngine(combat: Combat.Implementation): void {
  // Core builds `turns` on its first preparation; until then there is nothing to order.
  if (!Array.isArray(combat.turns) || !combat.combatants) return;
  const state = roundStateOf(combat);
  combat.round = state.round;
  const ranks = turnRanks(state);
  const turns = [...combat.combatants.values()].sort((a, b) => compareByRank(ranks, a.id ?? "", b.id ?? ""));
  combat.turns = turns;
  const i = state.current === null ? -1 : turns.findIndex((c) => c.id === state.current);
  combat.turn = i >= 0 ? i : null;
}

/** Core's state of the turn (`current`, `combatTurnChange`) from `round`, `turns` and `turn`. */
function turnState(combat: Combat.Implementation): Combat.HistoryData {
  const combatant = combat.turn === null ? undefined : combat.turns[combat.turn];
  return {
    round: combat.round,
    turn: combat.turn,
    combatantId: combatant?.id ?? null,
    tokenId: combatant?.tokenId ?? null,
  } as Combat.HistoryData;
}

export class FrayCombat extends Combat {
  /** The family is recorded now, from the world setting, and never changes afterwards. */
  protected override async _preCreate(
    ...args: Parameters<Combat["_preCreate"]>
  ): ReturnType<Combat["_preCreate"]> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data] = args;
    const given = (data as { system?: { family?: unknown } }).system?.family;
    this.updateSource({
      type: "base",
      system: {
        family: isFamilyId(given) ? given : activeFamily(),
        options: recordedOptions(),
        engine: null,
      },
    });
    return allowed;
  }

  /**
   * Neither the family nor its conventions change after creation (a running fight is never re-ruled). A v14
   * operator standing for the whole of `system` (`system: _replace({...})`, which would drop them) is taken out of
   * the change: Fray never writes `system` whole, and the operator's inner value is not read (C-documents-combat
   * §1.4: its accessor is not documented).
   */
  protected override async _preUpdate(
    ...args: Parameters<Combat["_preUpdate"]>
  ): ReturnType<Combat["_preUpdate"]> {
    const [changed] = args;
    const holder = changed as { system?: Record<string, unknown> };
    const system = holder.system;
    if (isUpdateOperator(system)) delete holder.system;
    else if (system) {
      delete system.family;
      delete system.options;
    }
    return super._preUpdate(...args);
  }

  /**
   * Core sorts `turns` and clamps `turn` only when the turns are first built and when combatants change, not
   * after an update of the Combat itself; the engine state lives in the Combat's system data, so every client
   * puts `turns` in the engine's order and `turn` at the engine's current combatant each time the data is
   * prepared — before core's `_onUpdate` reads them (`current`, `combatTurnChange`). `current` is left to core.
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    followEngine(this);
  }

  /** Core builds `turns` (a combatant came, went or changed); Fray orders them as the engine does. */
  override setupTurns(): Combatant.Implementation[] {
    super.setupTurns();
    followEngine(this);
    this.current = turnState(this);
    return this.turns;
  }

  /**
   * An engine write can change the acting combatant while `round` and `turn` keep their stored values (the one
   * acting leaves and the next takes its index), and core's update diff then drops both: core does not see a
   * turn change. Every client catches it here, records it as core does (`previous`, `current`) and runs core's
   * own turn-event workflow, `_manageTurnEvents` — on the active GM core's turn events (v14 adds effect expiry
   * and the movement-history clearing to them), then `combatTurnChange(combat, prior, current)` on every client
   * (foundryvtt#9664: the hook belongs to that workflow), exactly as for a change core saw. When core did see it,
   * `current` is already right and nothing more happens.
   */
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    super._onUpdate(...args);
    const now = turnState(this);
    const prior = this.current;
    if (
      prior &&
      prior.round === now.round &&
      prior.turn === now.turn &&
      prior.combatantId === now.combatantId &&
      prior.tokenId === now.tokenId
    )
      return;
    this.previous = prior;
    this.current = now;
    const [, options] = args;
    if ((options as { turnEvents?: boolean } | undefined)?.turnEvents === false) return;
    this._manageTurnEvents().catch((error: unknown) => {
      console.error(`fray | the turn events of combat ${this.id ?? ""} failed`, error);
    });
  }

  override async startCombat(): Promise<this> {
    reportRefusal(await startCombatOf(this));
    return this;
  }

  /** The acting combatant's turn ends (its owner or the GM); with nobody acting, the GM moves the phase on. */
  override async nextTurn(): Promise<this> {
    const current = roundStateOf(this).current;
    reportRefusal(current !== null ? await endTurnOf(this, current) : await advancePhaseOf(this));
    return this;
  }

  /** The round engine keeps no undo: a turn taken stays taken (FS-R4). The GM forces turns instead. */
  override async previousTurn(): Promise<this> {
    reportRefusal(refuse("noGoingBack"));
    return this;
  }

  override async previousRound(): Promise<this> {
    reportRefusal(refuse("noGoingBack"));
    return this;
  }

  /** GM: to the end-of-round step and into the next round (FS-R7, OD-R5, OD-R1), forcing what is left. */
  override async nextRound(): Promise<this> {
    reportRefusal(await endRoundOf(this, true));
    return this;
  }

  /** Initiative by the family's rule (CD-I1, OD-I2, PR-B3, AD-T2); fast-slow has none. */
  override async rollInitiative(
    ids: string | string[],
    options: Combat.InitiativeOptions = {},
  ): Promise<this> {
    reportRefusal(await rollInitiatives(this, typeof ids === "string" ? [ids] : ids, options));
    return this;
  }

  /**
   * Before the fight starts, clears every initiative (each combatant leaves and joins the engine again);
   * once it has started the order is fixed (CD-I3), so this is refused.
   */
  override async resetAll(): Promise<this> {
    const state = roundStateOf(this);
    if (state.round > 0) {
      reportRefusal(refuse("alreadyStarted"));
      return this;
    }
    const events: RoundEvent[] = [];
    for (const c of this.combatants.values()) {
      const id = c.id ?? "";
      events.push({ type: "removeCombatant", id });
      events.push({ type: "addCombatant", combatant: liveCombatant(this, c, { rolled: false }) });
    }
    if (events.length) reportRefusal(await sendGmEvents(this, events));
    return this;
  }
}
