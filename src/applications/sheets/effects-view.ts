/**
 * What the sheets show of a creature's effects (the actor sheet's Effects tab) and an item's (its sheet):
 * - the ActiveEffects that apply to it — its own and those its items transfer — with icon, name, source,
 *   what remains (or that core expired it, v14), whether it is off; an effect that only carries a token status is
 *   shown with the statuses;
 * - the token statuses it shows (prone, immobilized «immobilisé», mounted, hidden «caché», concentrating…);
 * - the round engine's timed states it holds in its fight: Defend (FS-A5), Help (FS-A8), concentration
 *   (FS-A3, AD-M6), all-out attack and defense (AD-T1), with when each ends; and the feint and aim its
 *   active-defense budget carries into its next turn (AD-M1, AD-M5).
 * Plain data for the templates; names stay strings the templates escape. The view of the sheet's own
 * effect controls (toggle, edit, delete) is the template's, for owners.
 */
import { nameAt } from "../../documents/lookup";
import { combatLinkOf } from "../../chat/combat-link";
import { partyOf } from "../../chat/parties";
import {
  effectChanges,
  effectIsExpired,
  effectRemaining,
  statusEffectById,
  type EffectFacts,
} from "../../compat/effect-facts";
import { budgetOf } from "../../documents/budget-store";
import { familyOf, timedStatesOf } from "../../documents/combat-api";
import type { ActiveDefenseBudget } from "../../rules/families/active-defense-3d6/budget";
import { statusNameKey } from "../../documents/statuses";
import type { RoundTimedState } from "../../rules/turns/round-state";
import { loc } from "../../utils/loc";
import { stateLabel } from "../combat/tracker-view";

export interface EffectLike extends EffectFacts {
  readonly id: string | null;
  readonly uuid?: string;
  readonly name?: string | null;
  readonly img?: string | null;
  readonly origin?: string | null;
  readonly statuses?: Iterable<string>;
  readonly parent?: { readonly name?: string | null; readonly documentName?: string } | null;
}

export interface EffectRow {
  readonly uuid: string;
  readonly id: string;
  readonly name: string;
  readonly img: string;
  /** Where it comes from: the item that carries it, or the document its origin names. */
  readonly source: string | null;
  /** What core says remains ("2 rounds"), or null for an effect with no time running (or expired). */
  readonly remaining: string | null;
  readonly disabled: boolean;
  /** Its duration ran out and core keeps it without applying it (v14). */
  readonly expired: boolean;
  /** On and not expired, but something else (an item that is not equipped…) keeps it from applying. */
  readonly suppressed: boolean;
  /** The statuses it carries, by name. */
  readonly statuses: readonly string[];
}

export interface StatusRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
}

export interface TimedRow {
  readonly key: string;
  readonly labelKey: string;
  /** What it is about: the effect concentrated on, the helper… */
  readonly detail: string | null;
  /** `FRAY.Sheet.Effects.until.<kind>`, with `{round}` for the end of a round. */
  readonly untilKey: string;
  readonly round: number | null;
  /** A state of the round engine (a GM may end it); the budget's feint and aim are not. */
  readonly removable: boolean;
}

export interface ActorEffectsView {
  readonly effects: readonly EffectRow[];
  readonly statuses: readonly StatusRow[];
  readonly timed: readonly TimedRow[];
  /** The fight the timed states are held in (for the GM's "end" button). */
  readonly combatId: string | null;
  readonly combatantId: string | null;
  readonly empty: boolean;
}

/** The name of status `id`: its definition's (core keys are localized), else Fray's own key. */
export function statusName(id: string): string {
  const def = statusEffectById(id);
  if (def) return loc(def.name);
  const key = statusNameKey(id);
  return game.i18n?.has?.(key) ? loc(key) : id;
}

function setOf(values: Iterable<string> | undefined): Set<string> {
  return new Set(values ? [...values] : []);
}

/** One effect as a row; `owner` is the document the sheet shows (the actor, or the item). */
export function effectRow(effect: EffectLike, owner: unknown): EffectRow {
  const parent = effect.parent ?? null;
  const fromOther = parent !== null && parent !== owner;
  const source = fromOther ? (parent?.name ?? null) : (nameAt(effect.origin) ?? null);
  const left = effectRemaining(effect);
  const disabled = effect.disabled === true;
  const expired = !disabled && effectIsExpired(effect);
  return {
    uuid: String(effect.uuid ?? effect.id ?? ""),
    id: String(effect.id ?? ""),
    name: String(effect.name ?? ""),
    img: String(effect.img ?? "icons/svg/aura.svg"),
    source,
    remaining: left?.kind === "left" ? left.label : null,
    disabled,
    expired,
    suppressed: !disabled && !expired && effect.isSuppressed === true,
    statuses: [...setOf(effect.statuses)].map(statusName),
  };
}

interface ActorLike {
  readonly effects?: Iterable<EffectLike> | { readonly contents?: readonly EffectLike[] } | null;
  readonly statuses?: Iterable<string>;
  allApplicableEffects?(): Iterable<EffectLike>;
}

function contentsOf(list: unknown): EffectLike[] {
  if (!list) return [];
  const contents = (list as { contents?: readonly EffectLike[] }).contents;
  if (contents && Array.isArray(contents)) return [...(contents as readonly EffectLike[])];
  if (typeof (list as Iterable<EffectLike>)[Symbol.iterator] === "function")
    return [...(list as Iterable<EffectLike>)];
  return [];
}

/** Every effect that applies to the actor: its own and those its items transfer (core's own list). */
export function applicableEffects(actor: ActorLike): EffectLike[] {
  if (typeof actor.allApplicableEffects === "function") return [...actor.allApplicableEffects()];
  return contentsOf(actor.effects);
}

/** A status toggled on the token: an effect of the actor's own with statuses and no changes. */
function isStatusOnly(effect: EffectLike, actor: unknown, shown: ReadonlySet<string>): boolean {
  const statuses = setOf(effect.statuses);
  if ((effect.parent ?? actor) !== actor || !statuses.size) return false;
  return effectChanges(effect).length === 0 && [...statuses].every((s) => shown.has(s));
}

function untilOf(state: RoundTimedState): { untilKey: string; round: number | null } {
  const expiry = state.expiry;
  if (expiry.kind === "endOfRound")
    return { untilKey: "FRAY.Sheet.Effects.until.endOfRound", round: expiry.round };
  if (expiry.kind === "holderNextTurn")
    return { untilKey: "FRAY.Sheet.Effects.until.holderNextTurn", round: null };
  return { untilKey: "FRAY.Sheet.Effects.until.manual", round: null };
}

function detailOf(state: RoundTimedState, combat: Combat.Implementation): string | null {
  const data = (state.data ?? {}) as {
    effectId?: string;
    spellId?: string;
    helper?: string;
    option?: string;
  };
  if (state.key === "concentration") return nameAt(data.effectId ?? data.spellId) ?? null;
  if (state.key === "help" && data.helper) {
    const name = combat.combatants.get(data.helper)?.name;
    return name ? loc("FRAY.Sheet.Effects.helpFrom", { name }) : null;
  }
  if (state.key === "allOutAttack" && data.option) return loc(`FRAY.Attack.AllOut.${data.option}`);
  return null;
}

/**
 * AD-M1 feint and AD-M5 aim, kept in the active-defense budget: made on turn T, they count on turn T + 1 (the
 * budget's `earlierFeint`/`shotAim`), so they are shown from T to the end of T + 1.
 */
function carriedManeuvers(combat: Combat.Implementation, combatant: Combatant.Implementation): TimedRow[] {
  if (familyOf(combat) !== "active-defense-3d6") return [];
  const state = budgetOf(combat, combatant)?.state as ActiveDefenseBudget | undefined;
  if (!state) return [];
  const rows: TimedRow[] = [];
  const until = (turn: number) =>
    turn === state.turnNumber
      ? "FRAY.Sheet.Effects.until.nextTurnOver"
      : turn === state.turnNumber - 1 && state.inTurn
        ? "FRAY.Sheet.Effects.until.thisTurnOver"
        : null;
  const feint = state.feint;
  const feintUntil = feint ? until(feint.turn) : null;
  if (feint && feintUntil)
    rows.push({
      key: "feint",
      labelKey: stateLabel("feint"),
      detail: loc("FRAY.Sheet.Effects.feintDetail", {
        name: combat.combatants.get(feint.target)?.name ?? "",
        effect: feint.effect,
      }),
      untilKey: feintUntil,
      round: null,
      removable: false,
    });
  const aim = state.aim;
  const aimUntil = aim ? until(aim.turn) : null;
  if (aim && aimUntil) {
    const weapon = (
      combatant.actor?.items as { get?(id: string): { name?: string | null } | undefined } | undefined
    )?.get?.(aim.weaponId);
    rows.push({
      key: "aim",
      labelKey: stateLabel("aim"),
      detail: loc("FRAY.Sheet.Effects.aimDetail", { weapon: weapon?.name ?? "", margin: aim.margin }),
      untilKey: aimUntil,
      round: null,
      removable: false,
    });
  }
  return rows;
}

/** The actor sheet's Effects tab. */
export function actorEffectsView(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation | null,
): ActorEffectsView {
  const a: ActorLike = actor;
  const shown = setOf(a.statuses);
  const all = applicableEffects(a);
  const effects = all.filter((e) => !isStatusOnly(e, actor, shown)).map((e) => effectRow(e, actor));
  const statuses = [...shown].map((id) => {
    const carrier = all.find((e) => setOf(e.statuses).has(id));
    return {
      id,
      name: statusName(id),
      img: statusEffectById(id)?.img || String(carrier?.img ?? "icons/svg/aura.svg"),
    };
  });
  const link = combatLinkOf(partyOf(actor, token));
  const timed: TimedRow[] = link
    ? [
        ...timedStatesOf(link.combat, link.id).map((s) => ({
          key: s.key,
          labelKey: stateLabel(s.key),
          detail: detailOf(s, link.combat),
          ...untilOf(s),
          removable: true,
        })),
        ...carriedManeuvers(link.combat, link.combatant),
      ]
    : [];
  return {
    effects,
    statuses,
    timed,
    combatId: link?.combat.id ?? null,
    combatantId: link?.id ?? null,
    empty: !effects.length && !statuses.length && !timed.length,
  };
}

/** An item's own effects (its sheet lists them; on an owned item, those it transfers to the creature). */
export function itemEffectRows(item: { readonly effects?: unknown }): EffectRow[] {
  return contentsOf(item.effects).map((e) => effectRow(e, item));
}
