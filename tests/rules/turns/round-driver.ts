/**
 * A random driver for the round engine's property tests: abstract commands (fast-check generates them) are
 * turned into events against the current state, so that most events are meaningful (existing ids, the
 * declaration the current phase expects) while refusals stay possible. Every accepted state is deep-frozen,
 * so a reducer that mutated its input would throw.
 */
import fc from "fast-check";
import { roundStructureFor, type RoundStructureOptions } from "../../../src/rules/families/round-structures";
import type { FamilyId } from "../../../src/rules/families/ids";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import type { RoundStructure } from "../../../src/rules/turns/round-structure";
import { describeRound } from "../../../src/rules/turns/turn-view";

export interface Command {
  readonly kind: number;
  readonly a: number;
  readonly b: number;
  readonly flag: boolean;
}

/** Command kinds. The `force*` ones carry the GM override. */
export const KIND = {
  takeTurn: 0,
  endTurn: 1,
  pass: 2,
  chooseSpeed: 3,
  advance: 4,
  endRound: 5,
  add: 6,
  remove: 7,
  defeat: 8,
  rollOff: 9,
  setInitiative: 10,
  declare: 11,
  countAction: 12,
  addState: 13,
  forceAdvance: 14,
  forceEndRound: 15,
  forceTurn: 16,
  reorder: 17,
  /** Plays the current phase out by the rules (through the tracker view), then advances. */
  settle: 18,
} as const;

export const OVERRIDE_KINDS: readonly number[] = [
  KIND.forceAdvance,
  KIND.forceEndRound,
  KIND.forceTurn,
  KIND.reorder,
];

export function commands(options: { overrides: boolean; reorder?: boolean; max?: number; settle?: number }) {
  const kinds = Object.values(KIND).filter(
    (k) => (options.overrides || !OVERRIDE_KINDS.includes(k)) && (options.reorder || k !== KIND.reorder),
  );
  // Turn-taking commands are weighted up so that rounds actually complete.
  const weighted = [
    ...kinds,
    KIND.takeTurn,
    KIND.endTurn,
    KIND.endTurn,
    KIND.advance,
    KIND.declare,
    ...Array.from({ length: options.settle ?? 2 }, () => KIND.settle),
  ];
  return fc.array(
    fc.record({
      kind: fc.constantFrom(...weighted),
      a: fc.nat({ max: 1000 }),
      b: fc.nat({ max: 100_000 }),
      flag: fc.boolean(),
    }),
    { minLength: 1, maxLength: options.max ?? 60, size: "max" },
  );
}

/** 1–6 starting combatants: side, initiative total, Dexterity, the roll-off face that settles ties. */
export const roster = fc.array(
  fc.record({
    players: fc.boolean(),
    total: fc.integer({ min: 1, max: 12 }),
    dex: fc.integer({ min: -1, max: 2 }),
  }),
  { minLength: 1, maxLength: 6 },
);

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

export function structureOf(family: FamilyId, options: RoundStructureOptions = {}): RoundStructure {
  return roundStructureFor(family, { odInitiativeTies: "random", ...options });
}

/** FS-R2/FS-R3: both readings of the fast-slow turn order. */
export const FS_TURN_ORDERS = ["perPart", "playersFirst"] as const;

/** A started combat with the roster (initiative where the family uses it). */
export function startedCombat(
  structure: RoundStructure,
  people: readonly { players: boolean; total: number; dex: number }[],
): RoundState {
  let s = emptyRoundState(structure.family);
  const events: RoundEvent[] = people.map((p, i) => ({
    type: "addCombatant",
    combatant: {
      id: `c${i}`,
      side: p.players ? "players" : "gm",
      ...(structure.initiative === "combat"
        ? { initiative: { total: p.total, dexterity: p.dex, natural: p.total } }
        : {}),
    },
  }));
  events.push({ type: "startCombat" });
  for (const e of events) {
    const out = reduce(structure, s, e);
    if (!out.ok) throw new Error(`setup refused: ${out.reason}`);
    s = out.value;
  }
  return deepFreeze(s);
}

function pick(state: RoundState, n: number): string | undefined {
  const list = state.combatants;
  return list.length ? (list[n % list.length] as { id: string }).id : undefined;
}

/** The event a command means in this state (undefined when it means nothing here). */
export function toEvent(
  structure: RoundStructure,
  state: RoundState,
  cmd: Command,
  fresh: () => string,
): RoundEvent | undefined {
  const id = pick(state, cmd.a);
  const phase = structure.phases[state.phase]?.id ?? "";
  switch (cmd.kind) {
    case KIND.takeTurn:
      return id === undefined ? undefined : { type: "takeTurn", id };
    case KIND.forceTurn:
      return id === undefined ? undefined : { type: "takeTurn", id, gmOverride: true };
    case KIND.endTurn:
      return { type: "endTurn" };
    case KIND.pass:
      return id === undefined ? undefined : { type: "pass", id };
    case KIND.chooseSpeed:
      return id === undefined ? undefined : { type: "chooseSpeed", id, speed: cmd.flag ? "fast" : "slow" };
    case KIND.advance:
      return { type: "advancePhase" };
    case KIND.forceAdvance:
      return { type: "advancePhase", gmOverride: true };
    case KIND.endRound:
      return { type: "endRound" };
    case KIND.forceEndRound:
      return { type: "endRound", gmOverride: true };
    case KIND.add:
      return {
        type: "addCombatant",
        combatant: {
          id: fresh(),
          side: cmd.flag ? "players" : "gm",
          ...(structure.initiative === "combat"
            ? { initiative: { total: cmd.b % 12, dexterity: (cmd.b >> 4) % 3, natural: cmd.b % 20 } }
            : {}),
        },
      };
    case KIND.remove:
      return id === undefined ? undefined : { type: "removeCombatant", id };
    case KIND.defeat:
      return id === undefined ? undefined : { type: "setDefeated", id, defeated: cmd.flag };
    case KIND.rollOff: {
      const other = pick(state, cmd.a + 1);
      if (id === undefined || other === undefined) return undefined;
      const faces: Record<string, number> = { [id]: (cmd.b % 6) + 1 };
      if (other !== id) faces[other] = ((cmd.b >> 3) % 6) + 1;
      return { type: "rollOff", faces };
    }
    case KIND.setInitiative:
      return id === undefined
        ? undefined
        : {
            type: "setInitiative",
            id,
            roll: { total: cmd.b % 15, dexterity: (cmd.b >> 4) % 3, natural: cmd.b % 20 },
          };
    case KIND.countAction:
      return id === undefined
        ? undefined
        : { type: "countAction", id, kind: cmd.flag ? "active" : "passive", limit: 3 };
    case KIND.addState:
      return id === undefined
        ? undefined
        : {
            type: "addTimedState",
            state: {
              key: `s${cmd.b % 4}`,
              holder: id,
              expiry:
                cmd.b % 3 === 0
                  ? { kind: "holderNextTurn" }
                  : cmd.b % 3 === 1
                    ? { kind: "endOfRound", round: Math.max(state.round, 0) + ((cmd.b >> 2) % 3) }
                    : { kind: "manual" },
              ...(cmd.flag ? { triggers: ["roundStart", "roundEnd"] as const } : {}),
            },
          };
    case KIND.reorder: {
      const ids = state.order.filter((_, i) => (cmd.b >> i) % 2 === 1);
      return { type: "reorder", ids: cmd.flag ? [...ids].reverse() : ids, gmOverride: true };
    }
    case KIND.declare:
      return id === undefined ? undefined : declaration(phase, id, cmd);
    default:
      return undefined;
  }
}

function declaration(phase: string, id: string, cmd: Command): RoundEvent | undefined {
  const weapons = ["selfReloading", "single", "thrownPair"] as const;
  switch (phase) {
    case "spellDeclaration":
      return {
        type: "declareSpell",
        id,
        spell: cmd.b % 3 === 0 ? "cast" : cmd.b % 3 === 1 ? "prepare" : null,
      };
    case "missileDeclarationA":
    case "missileFireB":
      return { type: "declareMissile", id, weapon: weapons[cmd.b % 3] as (typeof weapons)[number] };
    case "movement":
      return {
        type: "declareMovement",
        id,
        movement: {
          percent: cmd.b % 101,
          manoeuvre: (["none", "succeeded", "failed"] as const)[(cmd.b >> 7) % 3] as "none",
          draw: cmd.flag,
        },
      };
    case "melee":
      return {
        type: "declareMelee",
        id,
        melee: {
          group: `g${cmd.b % 3}`,
          extraWeapons: (cmd.b >> 2) % 2,
          ...(cmd.flag && cmd.b % 4 === 0 ? {} : { initiative: (cmd.b >> 3) % 12 }),
        },
      };
    case "spellOrientation":
    case "finalOrientation":
      return { type: "recordOrientation", id, roll: (cmd.b % 100) + 1, failed: cmd.flag };
    default:
      return undefined;
  }
}

export interface Step {
  readonly before: RoundState;
  readonly event: RoundEvent;
  readonly after: RoundState;
}

/** Runs the commands; calls `onStep` for every accepted event. Returns the final state. */
export function drive(
  structure: RoundStructure,
  start: RoundState,
  cmds: readonly Command[],
  onStep: (step: Step) => void,
): RoundState {
  let state = start;
  let made = 0;
  const fresh = () => `n${made++}`;
  const apply = (event: RoundEvent): boolean => {
    const out = reduce(structure, state, event);
    if (!out.ok) return false;
    const after = deepFreeze(out.value);
    onStep({ before: state, event, after });
    state = after;
    return true;
  };
  for (const cmd of cmds) {
    if (cmd.kind === KIND.settle) {
      settle(structure, () => state, apply, cmd);
      continue;
    }
    const event = toEvent(structure, state, cmd, fresh);
    if (event) apply(event);
  }
  return state;
}

/** A cheap integer hash, so that each combatant's choices in each phase look independent. */
function mix(...parts: number[]): number {
  let h = 2166136261;
  for (const p of parts) h = Math.imul(h ^ (p & 0xffffffff), 16777619) >>> 0;
  return h >>> 8;
}

/** Plays the current phase to its end the way a table would, then advances (no GM override). */
function settle(
  structure: RoundStructure,
  state: () => RoundState,
  apply: (e: RoundEvent) => boolean,
  cmd: Command,
): void {
  for (let guard = 0; guard < 200; guard++) {
    const s = state();
    if (s.current !== null) {
      apply({ type: "endTurn" });
      continue;
    }
    const view = describeRound(structure, s);
    if (view.complete) {
      // Declaration phases: some of those who may declare do (PR-P1…PR-P11), then the phase ends.
      const phase = structure.phases[s.phase]?.id ?? "";
      view.entries.forEach((entry, i) => {
        const b = mix(cmd.b, i, s.phase, s.round);
        if (entry.status !== "ready" || b % 3 === 0) return;
        const event = declaration(phase, entry.id, { ...cmd, b, flag: false });
        if (event) apply(event);
      });
      apply({ type: "advancePhase" });
      return;
    }
    const ready = view.entries.find((e) => e.status === "ready");
    const waiting = view.entries.find((e) => e.status === "waiting");
    const next = ready ?? waiting;
    if (!next) return;
    if (!apply(ready ? { type: "takeTurn", id: next.id } : { type: "pass", id: next.id })) return;
  }
}

export const FAMILIES: readonly FamilyId[] = [
  "fast-slow",
  "classic-d20",
  "opposed-d20",
  "phased-round",
  "active-defense-3d6",
];
