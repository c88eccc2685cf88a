/**
 * phased-round structure (PR-P1…PR-P11, PR-B3): every combatant passes through the same eleven phases each
 * round «Séquence d'un round de bataille», then the end of round. Declaration phases (spells PR-P1, missiles
 * (A) PR-P4, movement PR-P6, missiles (B) PR-P7, melee PR-P9) list who may declare and refuse what the rules
 * forbid (the checks are budget.ts's `mayDeclare`, PR-B2; the GM may override); resolution phases (PR-P2,
 * PR-P5, PR-P8) list who resolves; orientation phases (PR-P3, PR-P11) record d100 rolls on the combatant for
 * the rest of the round; melee resolution (PR-P10) plays the strikes one at a time (melee-sequence.ts).
 * Everything declared, the orientation results and the melee initiative reset when the next round starts.
 */
import { refuse, type Refusal } from "../../outcome";
import type { RoundDraft } from "../../turns/round-draft";
import type { RoundEvent } from "../../turns/round-event";
import type { PhasedSheet, TurnCombatant } from "../../turns/round-state";
import type { PhaseDefinition, RoundReader, RoundStructure } from "../../turns/round-structure";
import {
  DEFAULT_WEAPON_COSTS,
  mayDeclare,
  phasedBudgetFromSheet,
  spendPhased,
  type PhasedBudget,
  type PhasedContext,
  type PhasedEvent,
  type WeaponCosts,
} from "./budget";
import { meleeSequence } from "./melee-sequence";
import {
  COMPROMISED_STATE_KEY,
  compromiseAhead,
  compromisePenalty,
  compromiseState,
  DEFAULT_ORIENTATION_LOW,
  lowOrientation,
  MAX_COMPROMISE_PENALTY,
  orientationLeavesUnable,
  orientationResult,
  type OrientationLowReading,
} from "./orientation";

/** The eleven phases in order (PR-P1…PR-P11); the i18n keys are FRAY.Combat.Phase.<id>. */
export const PHASED_ROUND_PHASES = [
  { id: "spellDeclaration", policy: "declare" },
  { id: "spellResolution", policy: "resolve" },
  { id: "spellOrientation", policy: "declare" },
  { id: "missileDeclarationA", policy: "declare" },
  { id: "missileResolutionA", policy: "resolve" },
  { id: "movement", policy: "declare" },
  { id: "missileFireB", policy: "declare" },
  { id: "missileResolutionB", policy: "resolve" },
  { id: "melee", policy: "declare" },
  { id: "meleeResolution", policy: "sequence" },
  { id: "finalOrientation", policy: "declare" },
] as const satisfies readonly { id: string; policy: PhaseDefinition["policy"] }[];

export type PhasedRoundPhase = (typeof PHASED_ROUND_PHASES)[number]["id"];

/** What budget.ts is told of each phase: its PR-P1…PR-P11 number, the one declarations are held to (PR-B2). */
const PHASE_CONTEXTS: ReadonlyMap<string, PhasedContext> = new Map(
  // Stryker disable next-line ObjectLiteral: contextOf only feeds mayDeclare's phase check, which never fires: slotOf lets each declaration in only in its own phase, and every probe names its own phase
  PHASED_ROUND_PHASES.map((p, i) => [p.id, Object.freeze({ phase: i + 1 })]),
);
/** The end of round: no declaration belongs to it. */
// Stryker disable next-line ObjectLiteral: NO_PHASE (the end of round) never reaches mayDeclare: nothing is declared there and no probe exists for it
const NO_PHASE: PhasedContext = Object.freeze({ phase: 0 });

// Stryker disable next-line BlockStatement: without a context mayDeclare skips its phase check, which never fires here (slotOf and the probes keep every event in its own phase)
function contextOf(phaseId: string): PhasedContext {
  return PHASE_CONTEXTS.get(phaseId) ?? NO_PHASE;
}

const FRESH: PhasedSheet = Object.freeze({
  spell: null,
  missileA: null,
  missileB: null,
  movement: null,
  melee: null,
  spellOrientation: null,
  finalOrientation: null,
  unableToAct: false,
});

const NO_KEYS: readonly number[] = Object.freeze([]);

/** A round's blank sheet (shared and frozen: sheets are replaced, never changed in place). */
export function freshSheet(unableToAct = false): PhasedSheet {
  return unableToAct ? Object.freeze(withSlot(FRESH, "unableToAct", true)) : FRESH;
}

// Stryker disable next-line BlockStatement: isFresh is a shortcut: answering 'not fresh' only recomputes the same blank budget and resets an already blank combatant to the same values
function isFresh(sheet: PhasedSheet): boolean {
  return (
    // Stryker disable next-line LogicalOperator: isFresh is a shortcut: answering 'not fresh' for a fresh sheet only recomputes the same blank budget and resets a blank combatant to the same values
    sheet === FRESH ||
    (sheet.spell === null &&
      sheet.missileA === null &&
      sheet.missileB === null &&
      sheet.movement === null &&
      sheet.melee === null &&
      sheet.spellOrientation === null &&
      sheet.finalOrientation === null)
  );
}

/** One structure's conventions (PR-P6 weapon costs, PR-P3 low orientation rolls) and its cached blank budget. */
interface BudgetEnv {
  readonly costs: WeaponCosts;
  readonly orientationLow: OrientationLowReading;
  /** A blank sheet's budget in the latest round asked for (budgets are never changed, so one is shared). */
  blank: PhasedBudget;
}

/** The budget (budget.ts) of a sheet. Most declarations start from a blank sheet: its budget is reused. */
function budgetOf(env: BudgetEnv, sheet: PhasedSheet, round: number): PhasedBudget {
  if (!isFresh(sheet) || sheet.unableToAct) return phasedBudgetFromSheet(sheet, round, env.costs);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the cached blank budget differs only in its round, which mayDeclare and spendPhased never read
  if (env.blank.round !== round) env.blank = phasedBudgetFromSheet(FRESH, round, env.costs);
  return env.blank;
}

function sheetOf(c: TurnCombatant): PhasedSheet {
  return c.sheet ?? freshSheet();
}

/**
 * PR-P3: a roll of 05 or less leaves the combatant unable to act for the rest of the round (always, or as the GM
 * ruled under the "gm" reading); the GM may also mark it unable.
 */
function incapacitated(sheet: PhasedSheet): boolean {
  return (
    sheet.unableToAct ||
    orientationLeavesUnable(sheet.spellOrientation) ||
    orientationLeavesUnable(sheet.finalOrientation)
  );
}

/** The probe `mayDeclare` answers for "may `c` still declare in this phase?" (the most permissive choice). */
function probe(phaseId: string, sheet: PhasedSheet): PhasedEvent | null {
  switch (phaseId) {
    // Stryker disable next-line StringLiteral: in the spell phase an undeclared combatant's sheet is blank (unable-to-act is checked first): mayDeclare never refuses a spell, so no probe bars the same as this one
    case "spellDeclaration":
      // Stryker disable next-line ObjectLiteral,StringLiteral: in the spell phase an undeclared combatant's sheet is blank: mayDeclare never refuses a spell, whatever the probe
      return { type: "spell", spell: "prepare" };
    case "missileDeclarationA":
      return {
        type: "missile",
        phase: "A",
        // Stryker disable next-line StringLiteral: mayDeclare never reads the weapon of an (A) shot
        weapon: "selfReloading",
      };
    // Stryker disable next-line StringLiteral: nothing is moved before the movement phase (only a spell and (A) fire come before): mayDeclare never refuses a 0 % move, so no probe bars the same
    case "movement":
      // Stryker disable next-line ObjectLiteral,StringLiteral: before moving, mayDeclare never refuses a 0 % move (movement 0, activity never below 0, no later declaration yet)
      return { type: "move", percent: 0 };
    case "missileFireB":
      return {
        type: "missile",
        // Stryker disable next-line StringLiteral: mayDeclare treats every missile event that is not phase "A" as (B)
        phase: "B",
        weapon: sheet.missileA === "thrownPair" ? "thrownPair" : "selfReloading",
      };
    case "melee":
      return { type: "melee" };
    // Stryker disable next-line ConditionalExpression: without the default case probe returns undefined, which barred reads as null
    default:
      return null;
  }
}

function barred(env: BudgetEnv, d: RoundReader, c: TurnCombatant, phase: PhaseDefinition): string | null {
  const sheet = sheetOf(c);
  if (phase.id === "spellOrientation" || phase.id === "finalOrientation") return null;
  if (incapacitated(sheet)) return "unableToAct";
  const event = probe(phase.id, sheet);
  if (!event) return null;
  return mayDeclare(budgetOf(env, sheet, d.round), event, contextOf(phase.id))?.reason ?? null;
}

function declared(_d: RoundReader, c: TurnCombatant, phase: PhaseDefinition): boolean {
  const sheet = sheetOf(c);
  switch (phase.id) {
    case "spellDeclaration":
    case "spellResolution":
      return sheet.spell !== null;
    case "spellOrientation":
      return sheet.spellOrientation !== null;
    case "missileDeclarationA":
    case "missileResolutionA":
      return sheet.missileA !== null;
    case "movement":
      return sheet.movement !== null;
    case "missileFireB":
    case "missileResolutionB":
      return sheet.missileB !== null;
    case "melee":
      return sheet.melee !== null;
    case "finalOrientation":
      return sheet.finalOrientation !== null;
    default:
      return false;
  }
}

type Declaration = Extract<
  RoundEvent,
  { type: "declareSpell" | "declareMissile" | "declareMovement" | "declareMelee" }
>;

/** The phase numbers (PR-P1…PR-P11) of each declaration, for the refusal's message. */
const DECLARED_IN: Record<Declaration["type"], string> = {
  declareSpell: "1",
  declareMissile: "4 / 7",
  declareMovement: "6",
  declareMelee: "9",
};

/** Which sheet slot each declaration fills, and in which phase (PR-P1, PR-P4, PR-P6, PR-P7, PR-P9). */
function slotOf(type: Declaration["type"], phaseId: string): keyof PhasedSheet | null {
  switch (type) {
    case "declareSpell":
      return phaseId === "spellDeclaration" ? "spell" : null;
    case "declareMissile":
      return phaseId === "missileDeclarationA" ? "missileA" : phaseId === "missileFireB" ? "missileB" : null;
    case "declareMovement":
      return phaseId === "movement" ? "movement" : null;
    case "declareMelee":
      return phaseId === "melee" ? "melee" : null;
  }
}

/** The sheet with `slot` set (every field listed: one object shape for every sheet, cheap to copy). */
function withSlot(sheet: PhasedSheet, slot: keyof PhasedSheet, value: unknown): PhasedSheet {
  const next = {
    spell: sheet.spell,
    missileA: sheet.missileA,
    missileB: sheet.missileB,
    movement: sheet.movement,
    melee: sheet.melee,
    spellOrientation: sheet.spellOrientation,
    finalOrientation: sheet.finalOrientation,
    unableToAct: sheet.unableToAct,
  };
  switch (slot) {
    case "spell":
      next.spell = value as PhasedSheet["spell"];
      break;
    case "missileA":
      next.missileA = value as PhasedSheet["missileA"];
      break;
    case "missileB":
      next.missileB = value as PhasedSheet["missileB"];
      break;
    case "movement":
      next.movement = value as PhasedSheet["movement"];
      break;
    case "melee":
      next.melee = value as PhasedSheet["melee"];
      break;
    case "spellOrientation":
      next.spellOrientation = value as PhasedSheet["spellOrientation"];
      break;
    case "finalOrientation":
      next.finalOrientation = value as PhasedSheet["finalOrientation"];
      break;
    case "unableToAct":
      next.unableToAct = value === true;
      break;
  }
  return next;
}

/** PR-B2: the first of the declaration's budget events the rules refuse, in order, or null. */
function check(
  budget: PhasedBudget,
  events: PhasedEvent | readonly PhasedEvent[],
  ctx: PhasedContext,
): Refusal | null {
  if (!Array.isArray(events)) return mayDeclare(budget, events as PhasedEvent, ctx);
  let state = budget;
  for (const event of events as readonly PhasedEvent[]) {
    const spent = spendPhased(state, event, ctx);
    if (!spent.ok) return spent;
    state = spent.value;
  }
  return null;
}

/** What a declaration writes in its slot and what it asks of the budget (no events: a withdrawal). */
interface Made {
  readonly refusal: Refusal | null;
  readonly value: unknown;
  readonly events: PhasedEvent | PhasedEvent[] | null;
}

const made = (value: unknown, events: PhasedEvent | PhasedEvent[] | null): Made => ({
  refusal: null,
  value,
  events,
});
const invalid = (reason: string): Made => ({ refusal: refuse(reason), value: null, events: null });

/** The values each declaration may name (PR-P1, PR-P4/PR-P7, PR-P6): anything else is refused, never stored. */
const SPELLS: readonly unknown[] = ["cast", "prepare"];
const MISSILES: readonly unknown[] = ["selfReloading", "single", "thrownPair"];
const MANOEUVRES: readonly unknown[] = ["none", "succeeded", "failed"];

function declaration(e: Declaration, slot: keyof PhasedSheet): Made {
  switch (e.type) {
    case "declareSpell":
      if (e.spell !== null && !SPELLS.includes(e.spell)) return invalid("invalidValue");
      // Stryker disable next-line ObjectLiteral,StringLiteral: a spell is declared on a blank sheet in the spell phase (unable-to-act checked first): mayDeclare never refuses it, so the event's content is never observable
      return made(e.spell, e.spell ? { type: "spell", spell: e.spell } : null);
    case "declareMissile":
      if (e.weapon !== null && !MISSILES.includes(e.weapon)) return invalid("invalidValue");
      return made(
        e.weapon,
        e.weapon ? { type: "missile", phase: slot === "missileA" ? "A" : "B", weapon: e.weapon } : null,
      );
    case "declareMovement": {
      const m = e.movement;
      if (!m) return made(null, null);
      if (!Number.isFinite(m.percent) || m.percent < 0 || m.percent > 100) return invalid("invalidValue");
      const manoeuvre = m.manoeuvre ?? "none";
      if (!MANOEUVRES.includes(manoeuvre)) return invalid("invalidValue");
      const move: PhasedEvent =
        // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the move event only feeds the check, and neither mayDeclare nor the draw/change checks read its manoeuvre
        manoeuvre === "none"
          ? { type: "move", percent: m.percent }
          : { type: "move", percent: m.percent, manoeuvre };
      const draw = m.draw === true;
      const change = m.change === true;
      let events: PhasedEvent | PhasedEvent[] = move;
      if (draw || change) {
        events = [move];
        if (draw) events.push({ type: "draw" });
        if (change) events.push({ type: "change" });
      }
      return made({ percent: m.percent, manoeuvre, draw, change }, events);
    }
    case "declareMelee": {
      const m = e.melee;
      if (!m) return made(null, null);
      if (typeof m.group !== "string" || !m.group) return invalid("invalidValue");
      const extra = m.extraWeapons ?? 0;
      if (!Number.isInteger(extra) || extra < 0) return invalid("invalidValue");
      if (m.initiative !== undefined && !Number.isFinite(m.initiative)) return invalid("invalidRoll");
      return made({ group: m.group, extraWeapons: extra }, { type: "melee" });
    }
  }
}

function declare(env: BudgetEnv, d: RoundDraft, e: Declaration): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const i = d.indexOf(e.id);
  if (i < 0) return refuse("unknownCombatant", { id: e.id });
  const c = d.combatants[i] as TurnCombatant;
  const phaseId = d.phaseDef.id;
  const slot = slotOf(e.type, phaseId);
  if (!slot) return refuse("notThisPhase", { phase: DECLARED_IN[e.type] });
  if (c.defeated) return refuse("defeated");
  const declared = declaration(e, slot);
  if (declared.refusal) return declared.refusal;
  const sheet = sheetOf(c);
  // Declaring again in the same phase replaces the earlier declaration: check against the sheet without it.
  const base = sheet[slot] === null ? sheet : withSlot(sheet, slot, null);
  // The GM's override lets a forbidden declaration through (PR-B2).
  if (declared.events && e.gmOverride !== true) {
    // PR-P3: 05 or less on the orientation roll: unable to act for the rest of the round.
    if (incapacitated(base)) return refuse("unableToAct");
    const refusal = check(budgetOf(env, base, d.round), declared.events, contextOf(phaseId));
    if (refusal) return refusal;
  }
  const own = d.own(i);
  own.sheet = withSlot(base, slot, declared.value);
  if (e.type === "declareMelee" && e.melee?.initiative !== undefined) {
    // PR-B3: the melee initiative total rolled with the declaration.
    own.initiative = e.melee.initiative;
    own.tieKeys = NO_KEYS;
    own.rollOff = NO_KEYS;
    own.placedByGm = false;
  }
  return null;
}

function recordOrientation(
  env: BudgetEnv,
  d: RoundDraft,
  e: Extract<RoundEvent, { type: "recordOrientation" }>,
): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  const phase = d.phaseDef.id;
  if (phase !== "spellOrientation" && phase !== "finalOrientation")
    return refuse("notThisPhase", { phase: "3 / 11" });
  if (!Number.isInteger(e.roll) || e.roll < 1 || e.roll > 100) return refuse("invalidRoll");
  const sheet = sheetOf(c);
  const slot = phase === "spellOrientation" ? "spellOrientation" : "finalOrientation";
  const before = sheet[slot];
  // One roll a phase: only the GM records it again (its ruling on 06–95, or a correction).
  if (before && e.gmOverride !== true) return refuse("alreadyDeclared");
  // PR-P3: a compromised character's rolls this round take the GM's penalty.
  const penalty = compromisePenalty(d.statesOf(e.id), e.id, d.round);
  let result = orientationResult(e.roll, e.failed === true, { penalty, reading: env.orientationLow });
  // The GM's ruling on a low roll stands when the same roll is recorded again (ruled able, it is no failure).
  if (result.ruling && before?.roll === e.roll && before.ruling && before.band === result.band)
    result = { ...result, failed: before.ruling !== "able", ruling: before.ruling };
  d.update(e.id, { sheet: withSlot(sheet, slot, result) });
  return null;
}

/**
 * PR-P3 (the GM's, under the "gm" reading): whether this round's low orientation roll leaves `id` unable to act
 * for the rest of the round, and the penalty compromising its rolls in the next round (0 removes it). The latest
 * low result of the round is ruled (the final orientation's, else the spell orientation's). Under the "always
 * unable" reading there is nothing to rule: the low roll decides.
 */
function ruleOrientation(
  env: BudgetEnv,
  d: RoundDraft,
  e: Extract<RoundEvent, { type: "ruleOrientation" }>,
): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  const penalty = e.penalty;
  if (!Number.isInteger(penalty) || penalty < 0 || penalty > MAX_COMPROMISE_PENALTY)
    return refuse("invalidValue");
  const sheet = sheetOf(c);
  const low = env.orientationLow === "gm" ? lowOrientation(sheet) : null;
  if (!low) return refuse("nothingToRule");
  // Ruled able to act, the roll no longer counts as failed either (PR-P7/PR-P9 bar only a failed roll).
  const ruled = { ...low.result, failed: e.unable, ruling: e.unable ? "unable" : "able" } as const;
  d.update(e.id, { sheet: withSlot(sheet, low.slot, ruled) });
  // A new ruling replaces the compromise set earlier this round.
  const earlier = d
    .statesOf(e.id)
    .filter((s) => s.key === COMPROMISED_STATE_KEY && s.createdRound === d.round);
  if (earlier.length) d.dropTimed(earlier);
  if (penalty > 0)
    d.addTimed({ ...compromiseState({ holder: e.id, round: d.round, penalty }), side: c.side });
  return null;
}

function notes(d: RoundReader, c: TurnCombatant): Record<string, string | number | boolean> {
  const sheet = sheetOf(c);
  const notes: Record<string, string | number | boolean> = {};
  if (sheet.spell) notes.spell = sheet.spell;
  if (sheet.missileA) notes.missileA = sheet.missileA;
  if (sheet.missileB) notes.missileB = sheet.missileB;
  if (sheet.movement) {
    notes.movement = sheet.movement.percent;
    if (sheet.movement.manoeuvre !== "none") notes.manoeuvre = sheet.movement.manoeuvre;
  }
  if (sheet.melee) {
    notes.meleeGroup = sheet.melee.group;
    notes.strikes = 1 + sheet.melee.extraWeapons;
    // PR-P5: an (A) shooter melees at 50 % of its OB.
    if (sheet.missileA) notes.halfOb = true;
  }
  if (sheet.spellOrientation) notes.spellOrientation = sheet.spellOrientation.band;
  if (sheet.finalOrientation) notes.finalOrientation = sheet.finalOrientation.band;
  if (sheet.spellOrientation?.failed || sheet.finalOrientation?.failed) notes.orientationFailed = true;
  if (incapacitated(sheet)) notes.unableToAct = true;
  // PR-P3: a low roll the GM has yet to rule on; a compromise now, or ahead in the next round.
  if (sheet.spellOrientation?.ruling === "pending" || sheet.finalOrientation?.ruling === "pending")
    notes.orientationPending = true;
  const states = d.statesOf(c.id);
  const now = compromisePenalty(states, c.id, d.round);
  if (now) notes.compromised = now;
  const ahead = compromiseAhead(states, c.id, d.round);
  if (ahead) notes.compromisedNext = ahead;
  const strike = d.current === c.id ? d.queue[d.cursor] : undefined;
  if (strike && d.phaseDef.policy === "sequence") notes.pass = strike.pass;
  return notes;
}

/**
 * PR-P6's weapon costs and PR-P3's reading of a low orientation roll are the table's (`weaponCosts`,
 * `orientationLow`, recorded on the Combat; by default the seed's 20 %/50 % and "always unable").
 */
export function phasedRoundStructure(
  options: { readonly weaponCosts?: WeaponCosts; readonly orientationLow?: OrientationLowReading } = {},
): RoundStructure {
  const costs = options.weaponCosts ?? DEFAULT_WEAPON_COSTS;
  const env: BudgetEnv = {
    costs,
    orientationLow: options.orientationLow ?? DEFAULT_ORIENTATION_LOW,
    blank: phasedBudgetFromSheet(FRESH, 0, costs),
  };
  return {
    family: "phased-round",
    phases: [
      ...PHASED_ROUND_PHASES.map((p) => ({ id: p.id, policy: p.policy, label: `FRAY.Combat.Phase.${p.id}` })),
      { id: "endOfRound", policy: "endOfRound", label: "FRAY.Combat.Phase.endOfRound" },
    ],
    initiative: "round",
    ties: "rollOff",
    readInitiative: () => ({ ok: true, value: { tieKeys: [], critical: false } }),
    newCombatant: () => ({ speed: null, actions: null, sheet: freshSheet() }),
    startRound(d) {
      // Declarations, orientation results and the melee initiative are for one round only.
      const list = d.combatants;
      for (let i = 0; i < list.length; i++) {
        const c = list[i] as TurnCombatant;
        const sheet = c.sheet ?? FRESH;
        const blank = isFresh(sheet) && c.initiative === null && !c.rollOff.length && !c.tieKeys.length;
        // Stryker disable next-line BooleanLiteral: placedByGm is never true in this family (no initiative order to reorder; every initiative write clears it), so the blank case resets the same values
        if (blank && !c.placedByGm) continue;
        const own = d.own(i);
        own.sheet = freshSheet(sheet.unableToAct);
        own.initiative = null;
        own.tieKeys = NO_KEYS;
        own.rollOff = NO_KEYS;
        own.placedByGm = false;
      }
    },
    enterPhase(d, phase) {
      if (phase.id !== "meleeResolution") return null;
      // PR-P10 orders strikers by initiative: every one needs its PR-B3 total.
      let missing = 0;
      // Stryker disable next-line OptionalChaining: every phased-round combatant has a sheet (newCombatant gives one)
      for (const c of d.combatants) if (!c.defeated && c.sheet?.melee && c.initiative === null) missing++;
      return missing ? refuse("initiativeMissing", { count: missing }) : null;
    },
    barred: (d, c, phase) => barred(env, d, c, phase),
    declared,
    sequence: (d) => meleeSequence(d.combatants),
    handle(d, e) {
      switch (e.type) {
        case "declareSpell":
        case "declareMissile":
        case "declareMovement":
        case "declareMelee":
          return declare(env, d, e);
        case "recordOrientation":
          return recordOrientation(env, d, e);
        case "ruleOrientation":
          return ruleOrientation(env, d, e);
        case "setUnableToAct": {
          const c = d.find(e.id);
          if (!c) return refuse("unknownCombatant", { id: e.id });
          // PR-P7, PR-P9: bars (B) fire and melee; PR-P10 skips the strikes still to come.
          d.update(e.id, { sheet: withSlot(sheetOf(c), "unableToAct", e.unable) });
          return null;
        }
        // Stryker disable next-line ConditionalExpression: without the default case handle still returns undefined for events that are not this family's
        default:
          return undefined;
      }
    },
    notes,
  };
}
