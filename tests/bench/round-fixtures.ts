/**
 * One whole round for N combatants in each family, as the event list a tracker would send, plus the same
 * combatants as plain rows for the "plain initiative sort" floor. Deterministic (a small LCG, no Math.random).
 */
import { roundStructureFor } from "../../src/rules/families/round-structures";
import type { FamilyId } from "../../src/rules/families/ids";
import { reduceAll } from "../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../src/rules/turns/round-state";
import type { RoundStructure } from "../../src/rules/turns/round-structure";

export interface RoundFixture {
  readonly structure: RoundStructure;
  /** The combat before it starts: everyone added, initiative rolled. */
  readonly before: RoundState;
  /** Start, every turn (or declaration, or strike) of round 1, its end-of-round step. */
  readonly round: readonly RoundEvent[];
  /** The same combatants as plain rows. */
  readonly rows: readonly { readonly id: string; readonly initiative: number }[];
}

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

function ok(structure: RoundStructure, state: RoundState, events: readonly RoundEvent[]): RoundState {
  const out = reduceAll(structure, state, events);
  if (!out.ok) throw new Error(`fixture refused: ${out.reason} ${JSON.stringify(out.data)}`);
  return out.value;
}

export function roundFixture(family: FamilyId, n: number, options: { heavy?: boolean } = {}): RoundFixture {
  const structure = roundStructureFor(family, { odInitiativeTies: "random" });
  const random = lcg(n * 7919 + family.length);
  const d = (sides: number) => 1 + Math.floor(random() * sides);
  const ids = Array.from(
    { length: n },
    (_, i) => `c${i.toString(36).padStart(4, "0")}${d(1e6).toString(36)}`,
  );
  const sideOf = (i: number): "players" | "gm" => (i % 3 === 0 ? "players" : "gm");
  const rows = ids.map((id) => ({ id, initiative: d(20) + d(6) }));
  const setup: RoundEvent[] = [];
  const round: RoundEvent[] = [{ type: "startCombat" }];
  ids.forEach((id, i) => {
    const initiative =
      family === "fast-slow" || family === "phased-round"
        ? undefined
        : { total: (rows[i] as { initiative: number }).initiative, dexterity: d(5) - 1, natural: d(20) };
    setup.push({
      type: "addCombatant",
      combatant: { id, side: sideOf(i), ...(initiative ? { initiative } : {}) },
    });
  });

  switch (family) {
    case "fast-slow": {
      const fast = ids.filter((_, i) => i % 2 === 0);
      const slow = ids.filter((_, i) => i % 2 === 1);
      for (const id of slow) round.push({ type: "chooseSpeed", id, speed: "slow" });
      // FS-R2, FS-R3: in each part the players' characters first, then the GM's creatures.
      const side = new Map(ids.map((id, i) => [id, sideOf(i)]));
      const byPlayers = (list: string[]) => [
        ...list.filter((id) => side.get(id) === "players"),
        ...list.filter((id) => side.get(id) === "gm"),
      ];
      for (const id of byPlayers(fast)) round.push({ type: "takeTurn", id }, { type: "endTurn", id });
      round.push({ type: "advancePhase" });
      for (const id of byPlayers(slow)) round.push({ type: "takeTurn", id }, { type: "endTurn", id });
      round.push({ type: "advancePhase" }, { type: "endRound" });
      break;
    }
    case "classic-d20":
    case "opposed-d20":
    case "active-defense-3d6": {
      if (family === "active-defense-3d6") {
        // AD-T1: half of them hold an all-out attack from earlier; it expires as their turn starts.
        ids.forEach((id, i) => {
          if (i % 2 === 0)
            setup.push({
              type: "addTimedState",
              state: { key: "allOutAttack", holder: id, expiry: { kind: "holderNextTurn" } },
            });
        });
      }
      if (family === "opposed-d20") {
        // OD-R3: everyone counts an active action on its turn and a passive one (a defense) at some point.
        for (let i = 0; i < n; i++) {
          round.push({ type: "countAction", id: ids[(i * 7) % n] as string, kind: "passive" });
        }
      }
      for (let i = 0; i < n; i++) round.push({ type: "endTurn" });
      round.push({ type: "advancePhase" }, { type: "endRound" });
      break;
    }
    case "phased-round": {
      // A battle round: 10 % cast or prepare a spell, 20 % shoot in (A) (the self-reloading half again in (B)),
      // 10 % only move, 60 % fight in melee — a third of them close in first (≤ 50 %), the others are already
      // engaged; a quarter of the fighters carry an extra weapon. With `heavy`, every fighter moves first.
      const advance: RoundEvent = { type: "advancePhase" };
      const groups = Math.max(1, Math.floor(n / 5));
      const role = (i: number) =>
        i % 10 === 0 ? "cast" : i % 10 < 3 ? "shoot" : i % 10 === 3 ? "move" : "melee";
      const casters = ids.filter((_, i) => role(i) === "cast");
      const shooters = ids.filter((_, i) => role(i) === "shoot");
      const selfReloading = shooters.filter((_, k) => k % 2 === 0);
      const movers = ids.filter((_, i) => role(i) === "move");
      const fighters = ids.filter((_, i) => role(i) === "melee");
      const closing = options.heavy ? fighters : fighters.filter((_, k) => k % 3 === 0);
      for (const id of casters) round.push({ type: "declareSpell", id, spell: i2s(ids.indexOf(id)) });
      round.push(advance, advance); // PR-P2 spell resolution
      for (const id of casters.filter((_, k) => k % 2 === 0))
        round.push({ type: "recordOrientation", id, roll: d(100) });
      round.push(advance);
      for (const id of shooters)
        round.push({
          type: "declareMissile",
          id,
          weapon: selfReloading.includes(id) ? "selfReloading" : "single",
        });
      round.push(advance, advance); // PR-P5 (A) resolution
      for (const id of movers) round.push({ type: "declareMovement", id, movement: { percent: 50 + d(50) } });
      for (const id of closing) round.push({ type: "declareMovement", id, movement: { percent: d(50) } });
      round.push(advance);
      for (const id of selfReloading) round.push({ type: "declareMissile", id, weapon: "selfReloading" });
      round.push(advance, advance); // PR-P8 (B) resolution
      let strikes = 0;
      fighters.forEach((id, k) => {
        const extra = k % 4 === 0 ? 1 : 0;
        strikes += 1 + extra;
        round.push({
          type: "declareMelee",
          id,
          melee: { group: `g${k % groups}`, extraWeapons: extra, initiative: d(10) + d(10) + d(5) },
        });
      });
      round.push(advance);
      for (let i = 0; i < strikes; i++) round.push({ type: "endTurn" });
      round.push(advance);
      for (const id of fighters.filter((_, k) => k % 10 === 0))
        round.push({ type: "recordOrientation", id, roll: d(100) });
      round.push(advance, { type: "endRound" });
      break;
    }
  }

  let before = ok(structure, emptyRoundState(family), setup);
  // Settle initiative ties before the round (CD-I3, OD-I3, AD-T2 roll-offs), as a table would.
  if (structure.initiative === "combat") {
    const faces: Record<string, number> = {};
    ids.forEach((id) => (faces[id] = d(1_000_000)));
    before = ok(structure, before, [{ type: "rollOff", faces }]);
  }
  // Make sure the round is legal from this state (a fixture bug shows here, not as a silent fast path).
  ok(structure, before, round);
  return { structure, before, round, rows };
}

function i2s(i: number): "cast" | "prepare" {
  return i % 20 === 0 ? "cast" : "prepare";
}

/** The floor: a plain initiative sort of the same combatants (high to low, then id). */
export function plainSort(rows: readonly { readonly id: string; readonly initiative: number }[]) {
  return rows.slice().sort((a, b) => b.initiative - a.initiative || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
