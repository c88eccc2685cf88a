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
  mayDeclare,
  phasedBudgetFromSheet,
  spendPhased,
  type PhasedBudget,
  type PhasedEvent,
} from "./budget";
import { meleeSequence } from "./melee-sequence";
import { orientationResult } from "./orientation";

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

/** PR-P1…PR-P11 numbering, as budget.ts counts phases. */
function phaseNumber(id: string): number {
  return PHASED_ROUND_PHASES.findIndex((p) => p.id === id) + 1;
}

export function freshSheet(unableToAct = false): PhasedSheet {
  return {
    spell: null,
    missileA: null,
    missileB: null,
    movement: null,
    melee: null,
    spellOrientation: null,
    finalOrientation: null,
    unableToAct,
  };
}

function sheetOf(c: TurnCombatant): PhasedSheet {
  return c.sheet ?? freshSheet();
}

/** PR-P3: a roll of 05 or less leaves the combatant unable to act for the rest of the round. */
function incapacitated(sheet: PhasedSheet): boolean {
  return (
    sheet.unableToAct ||
    sheet.spellOrientation?.band === "incapacitated" ||
    sheet.finalOrientation?.band === "incapacitated"
  );
}

/** The probe `mayDeclare` answers for "may `c` still declare in this phase?" (the most permissive choice). */
function probe(phaseId: string, sheet: PhasedSheet): PhasedEvent | null {
  switch (phaseId) {
    case "spellDeclaration":
      return { type: "spell", spell: "prepare" };
    case "missileDeclarationA":
      return { type: "missile", phase: "A", weapon: "selfReloading" };
    case "movement":
      return { type: "move", percent: 0 };
    case "missileFireB":
      return {
        type: "missile",
        phase: "B",
        weapon: sheet.missileA === "thrownPair" ? "thrownPair" : "selfReloading",
      };
    case "melee":
      return { type: "melee" };
    default:
      return null;
  }
}

function barred(d: RoundReader, c: TurnCombatant, phase: PhaseDefinition): string | null {
  const sheet = sheetOf(c);
  if (phase.id === "spellOrientation" || phase.id === "finalOrientation") return null;
  if (incapacitated(sheet)) return "unableToAct";
  const event = probe(phase.id, sheet);
  if (!event) return null;
  return (
    mayDeclare(phasedBudgetFromSheet(sheet, d.round), event, { phase: phaseNumber(phase.id) })?.reason ?? null
  );
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

const DECLARATION_PHASES: Record<Declaration["type"], readonly string[]> = {
  declareSpell: ["spellDeclaration"],
  declareMissile: ["missileDeclarationA", "missileFireB"],
  declareMovement: ["movement"],
  declareMelee: ["melee"],
};

/** The sheet without this phase's own declaration, so declaring again in the same phase replaces it. */
function withoutPhase(sheet: PhasedSheet, phaseId: string): PhasedSheet {
  switch (phaseId) {
    case "spellDeclaration":
      return { ...sheet, spell: null };
    case "missileDeclarationA":
      return { ...sheet, missileA: null };
    case "movement":
      return { ...sheet, movement: null };
    case "missileFireB":
      return { ...sheet, missileB: null };
    default:
      return { ...sheet, melee: null };
  }
}

/** PR-B2: checks the declaration's budget events in order; the GM's override lets them through. */
function check(
  budget: PhasedBudget,
  events: readonly PhasedEvent[],
  phase: number,
  override: boolean,
): Refusal | null {
  let state = budget;
  for (const event of events) {
    const spent = spendPhased(state, override ? { ...event, override: true } : event, { phase });
    if (!spent.ok) return spent;
    state = spent.value;
  }
  return null;
}

function declare(d: RoundDraft, e: Declaration): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  const phase = d.phaseDef;
  if (!DECLARATION_PHASES[e.type].includes(phase.id)) return refuse("notThisPhase");
  if (c.defeated) return refuse("defeated");
  const override = e.gmOverride === true;
  const base = withoutPhase(sheetOf(c), phase.id);
  const number = phaseNumber(phase.id);
  let next: PhasedSheet;
  let events: PhasedEvent[] = [];
  switch (e.type) {
    case "declareSpell":
      next = { ...base, spell: e.spell };
      if (e.spell) events = [{ type: "spell", spell: e.spell }];
      break;
    case "declareMissile": {
      const slot = phase.id === "missileDeclarationA" ? "A" : "B";
      next = slot === "A" ? { ...base, missileA: e.weapon } : { ...base, missileB: e.weapon };
      if (e.weapon) events = [{ type: "missile", phase: slot, weapon: e.weapon }];
      break;
    }
    case "declareMovement": {
      const m = e.movement;
      if (m && (!Number.isFinite(m.percent) || m.percent < 0 || m.percent > 100))
        return refuse("invalidValue");
      const manoeuvre = m?.manoeuvre ?? "none";
      next = {
        ...base,
        movement: m
          ? { percent: m.percent, manoeuvre, draw: m.draw === true, change: m.change === true }
          : null,
      };
      if (m) {
        events = [
          manoeuvre === "none"
            ? { type: "move", percent: m.percent }
            : { type: "move", percent: m.percent, manoeuvre },
        ];
        if (m.draw) events.push({ type: "draw" });
        if (m.change) events.push({ type: "change" });
      }
      break;
    }
    case "declareMelee": {
      const m = e.melee;
      if (m && (typeof m.group !== "string" || !m.group)) return refuse("invalidValue");
      const extra = m?.extraWeapons ?? 0;
      if (!Number.isInteger(extra) || extra < 0) return refuse("invalidValue");
      if (m?.initiative !== undefined && !Number.isFinite(m.initiative)) return refuse("invalidRoll");
      next = { ...base, melee: m ? { group: m.group, extraWeapons: extra } : null };
      if (m) events = [{ type: "melee" }];
      break;
    }
  }
  if (events.length) {
    // PR-P3: 05 or less on the orientation roll: unable to act for the rest of the round.
    if (incapacitated(base) && !override) return refuse("unableToAct");
    const refusal = check(phasedBudgetFromSheet(base, d.round), events, number, override);
    if (refusal) return refusal;
  }
  const patch: Partial<TurnCombatant> = { sheet: next };
  if (e.type === "declareMelee" && e.melee?.initiative !== undefined) {
    Object.assign(patch, { initiative: e.melee.initiative, tieKeys: [], rollOff: [], placedByGm: false });
  }
  d.update(e.id, patch);
  return null;
}

function recordOrientation(
  d: RoundDraft,
  e: Extract<RoundEvent, { type: "recordOrientation" }>,
): Refusal | null {
  if (d.round === 0) return refuse("notStarted");
  const c = d.find(e.id);
  if (!c) return refuse("unknownCombatant", { id: e.id });
  const phase = d.phaseDef.id;
  if (phase !== "spellOrientation" && phase !== "finalOrientation") return refuse("notThisPhase");
  if (!Number.isInteger(e.roll) || e.roll < 1 || e.roll > 100) return refuse("invalidRoll");
  const result = orientationResult(e.roll, e.failed === true);
  const sheet = sheetOf(c);
  d.update(e.id, {
    sheet:
      phase === "spellOrientation"
        ? { ...sheet, spellOrientation: result }
        : { ...sheet, finalOrientation: result },
  });
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
  const strike = d.current === c.id ? d.queue[d.cursor] : undefined;
  if (strike && d.phaseDef.policy === "sequence") notes.pass = strike.pass;
  return notes;
}

export function phasedRoundStructure(): RoundStructure {
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
      for (const c of d.combatants) {
        d.update(c.id, {
          sheet: freshSheet(c.sheet?.unableToAct ?? false),
          initiative: null,
          tieKeys: [],
          rollOff: [],
          placedByGm: false,
        });
      }
    },
    enterPhase(d, phase) {
      if (phase.id !== "meleeResolution") return null;
      // PR-P10 orders strikers by initiative: every one needs its PR-B3 total.
      const missing = d.combatants.filter(
        (c) => !c.defeated && c.sheet?.melee && c.initiative === null,
      ).length;
      return missing ? refuse("initiativeMissing", { count: missing }) : null;
    },
    barred,
    declared,
    sequence: (d) => meleeSequence(d.combatants),
    handle(d, e) {
      switch (e.type) {
        case "declareSpell":
        case "declareMissile":
        case "declareMovement":
        case "declareMelee":
          return declare(d, e);
        case "recordOrientation":
          return recordOrientation(d, e);
        case "setUnableToAct": {
          const c = d.find(e.id);
          if (!c) return refuse("unknownCombatant", { id: e.id });
          // PR-P7, PR-P9: bars (B) fire and melee; PR-P10 skips the strikes still to come.
          d.update(e.id, { sheet: { ...sheetOf(c), unableToAct: e.unable } });
          return null;
        }
        default:
          return undefined;
      }
    },
    notes,
  };
}
