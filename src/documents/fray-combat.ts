/**
 * Fray's Combat: a thin adapter between Foundry's Combat and the round engine (DESIGN.md). The fight's
 * family and conventions are recorded at creation and never change; the engine state in `system.engine`
 * is the truth, and Foundry's `turns`/`turn`/`combatant` are derived from it on every client, so a reload or
 * a reconnect resumes from the stored state alone. Core's turn controls route to engine events, through the
 * active GM (combat-requests.ts).
 */
import { activeFamily } from "../applications/active-family";
import { getSetting } from "../config/settings";
import { compareByRank, turnRanks } from "../data/combat/turn-order";
import { refuse, type Outcome } from "../rules/outcome";
import type { RoundEvent } from "../rules/turns/round-event";
import { isFamilyId } from "../rules/families/ids";
import { roundStateOf } from "./combat-api";
import { endTurnRequest, gmEventsRequest } from "./combat-requests";
import { rollInitiatives } from "./initiative-rolls";
import { notifyRefusal as reportRefusal } from "../applications/notify";
import { liveCombatant } from "./live-combatant";

/** The conventions recorded with the family at creation (CD-I3, OD-I3, OD-I4, PR-B3, AD-T2). */
export function recordedOptions() {
  return {
    cdInitiativeTies: getSetting("cdInitiativeTies"),
    odInitiativeTies: getSetting("odInitiativeTies"),
    odCriticalOn: getSetting("odCriticalOn"),
    prInitiativeFormula: getSetting("prInitiativeFormula"),
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
    } as never);
    return allowed;
  }

  /** Neither the family nor its conventions change after creation (a running fight is never re-ruled). */
  protected override async _preUpdate(
    ...args: Parameters<Combat["_preUpdate"]>
  ): ReturnType<Combat["_preUpdate"]> {
    const [changed] = args;
    const system = (changed as { system?: Record<string, unknown> }).system;
    if (system) {
      delete system.family;
      delete system.options;
    }
    return super._preUpdate(...args);
  }

  /**
   * Core builds `turns`; Fray orders them as the engine does (turn-order.ts) and points `turn` and `current`
   * at the engine's current combatant — null while nobody is acting (claim parts, declaration phases).
   */
  override setupTurns(): Combatant.Implementation[] {
    super.setupTurns();
    const state = roundStateOf(this);
    const ranks = turnRanks(state);
    const turns = [...this.combatants.values()].sort((a, b) => compareByRank(ranks, a.id ?? "", b.id ?? ""));
    this.turns = turns;
    // The engine is the truth: before the fight starts, and between turns, nobody is acting.
    const i = state.current === null ? -1 : turns.findIndex((c) => c.id === state.current);
    const combatant = i >= 0 ? turns[i] : undefined;
    this.turn = i >= 0 ? i : null;
    this.current = {
      round: this.round,
      turn: this.turn,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    } as typeof this.current;
    return turns;
  }

  override async startCombat(): Promise<this> {
    const out = await sendGmEvents(this, [{ type: "startCombat" }]);
    if (out.ok) Hooks.callAll("combatStart", this, { round: this.round, turn: this.turn ?? 0 } as never);
    reportRefusal(out);
    return this;
  }

  /** The acting combatant's turn ends (its owner or the GM); with nobody acting, the GM moves the phase on. */
  override async nextTurn(): Promise<this> {
    const current = roundStateOf(this).current;
    const out =
      current !== null
        ? await endTurnRequest.send({ combatId: this.id ?? "", combatantId: current })
        : await sendGmEvents(this, [{ type: "advancePhase" }]);
    reportRefusal(out);
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
    reportRefusal(await sendGmEvents(this, [{ type: "endRound", gmOverride: true }]));
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
