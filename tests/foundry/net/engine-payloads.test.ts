/**
 * A request may not leave the fight's engine state in a shape that does not read back: `roundStateOf` would
 * then find no valid state and the fight would start over from round 0 (nothing lost, DESIGN.md). PR-P1, PR-P4,
 * PR-P6, PR-P7, PR-P9 declarations take only the values the rules know; the GM side checks each field.
 */
import fc from "fast-check";
import { runs } from "../../property-runs";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { alice, as, creature, engineOf, events, gm, resetWorld, startedFight } from "../budget/setup";
import {
  declareRequest,
  setInitiativeRequest,
  gmEventsRequest,
} from "../../../src/documents/combat-requests";
import type { ChatUser } from "../../harness/chat";

const PHASE = {
  spellDeclaration: 0,
  missileDeclarationA: 3,
  movement: 5,
  missileFireB: 6,
  melee: 8,
} as const;

async function phasedFight(phase: number) {
  const mage = creature("Mage", {}, [alice]);
  const { fight, ids } = await startedFight("phased-round", mage, creature("Orc", {}));
  if (phase)
    await events(
      fight,
      Array.from({ length: phase }, () => ({ type: "advancePhase", gmOverride: true })),
    );
  return { fight, id: ids[0] as string };
}

function declare(user: ChatUser, fight: { id: string }, id: string, declaration: unknown, force = false) {
  return as(user, () =>
    declareRequest.send({ combatId: fight.id, combatantId: id, declaration, force } as never),
  );
}

describe("declarations the rules do not know leave the fight as it was", () => {
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    resetWorld();
    errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  // Refused by the rules, never by an exception on the GM's client (requestError).
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("PR-P1 a spell declaration that is neither cast nor prepare is refused; the round goes on", async () => {
    const { fight, id } = await phasedFight(PHASE.spellDeclaration);
    for (const spell of ["bogus", 7, { cast: true }, ["cast"]])
      expect(await declare(alice, fight, id, { kind: "spell", spell })).toMatchObject({
        ok: false,
        reason: "invalidValue",
      });
    expect(engineOf(fight)).toMatchObject({ round: 1, phase: PHASE.spellDeclaration });
    expect(await declare(alice, fight, id, { kind: "spell", spell: "cast" })).toMatchObject({ ok: true });
    expect(engineOf(fight).combatants.find((c) => c.id === id)?.sheet?.spell).toBe("cast");
  });

  it("PR-P4 PR-P7 a missile weapon the rules do not know is refused, even forced by the GM", async () => {
    const { fight, id } = await phasedFight(PHASE.missileDeclarationA);
    expect(await declare(alice, fight, id, { kind: "missile", weapon: "laser" })).toMatchObject({
      ok: false,
      reason: "invalidValue",
    });
    expect(await declare(gm, fight, id, { kind: "missile", weapon: { a: 1 } }, true)).toMatchObject({
      ok: false,
      reason: "invalidValue",
    });
    expect(engineOf(fight)).toMatchObject({ round: 1, phase: PHASE.missileDeclarationA });
  });

  it("PR-P6 a manoeuvre the rules do not know is refused", async () => {
    const { fight, id } = await phasedFight(PHASE.movement);
    const movement = { percent: 50, manoeuvre: "teleport" };
    expect(await declare(alice, fight, id, { kind: "movement", movement })).toMatchObject({
      ok: false,
      reason: "invalidValue",
    });
    expect(await declare(gm, fight, id, { kind: "movement", movement }, true)).toMatchObject({ ok: false });
    expect(engineOf(fight)).toMatchObject({ round: 1, phase: PHASE.movement });
  });

  it("OD-I4 an initiative's natural face that is not a number is refused", async () => {
    const hero = creature("Hero", {}, [alice]);
    const { fight, ids } = await startedFight("opposed-d20", hero, creature("Orc", {}));
    const before = engineOf(fight);
    const out = await as(gm, () =>
      setInitiativeRequest.send({
        combatId: fight.id,
        rolls: [{ combatantId: ids[0] as string, total: 14, natural: "twenty" as never }],
      }),
    );
    expect(out).toMatchObject({ ok: false, reason: "invalidRoll" });
    expect(engineOf(fight)).toEqual(before);
  });

  it("whatever a player or the GM declares, in any declaration phase, the fight keeps its round (property)", async () => {
    const { fight, id } = await phasedFight(PHASE.spellDeclaration);
    const phases = Object.values(PHASE);
    const declaration = fc.oneof(
      fc.record({ kind: fc.constant("spell"), spell: fc.anything() }),
      fc.record({ kind: fc.constant("missile"), weapon: fc.anything() }),
      fc.record({
        kind: fc.constant("movement"),
        movement: fc.record({ percent: fc.anything(), manoeuvre: fc.anything(), draw: fc.anything() }),
      }),
      fc.record({
        kind: fc.constant("melee"),
        melee: fc.record({ group: fc.anything(), extraWeapons: fc.anything(), initiative: fc.anything() }),
      }),
      fc.record({ kind: fc.constant("orientation"), roll: fc.anything(), failed: fc.anything() }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...phases), declaration, fc.boolean(), async (phase, d, asGm) => {
        const now = engineOf(fight).phase;
        if (now !== phase)
          await events(fight, [
            ...(now > phase ? [{ type: "endRound", gmOverride: true } as const] : []),
            ...Array.from({ length: phase - (now > phase ? 0 : now) }, () => ({
              type: "advancePhase" as const,
              gmOverride: true,
            })),
          ]);
        await declare(asGm ? gm : alice, fight, id, d, asGm);
        expect(engineOf(fight).round).toBeGreaterThanOrEqual(1);
        expect(engineOf(fight).combatants).toHaveLength(2);
      }),
      runs(120),
    );
  }, 60_000);

  it("a GM's events that would leave a state that does not read back are refused whole", async () => {
    const { fight, id } = await phasedFight(PHASE.spellDeclaration);
    const before = engineOf(fight);
    const out = await as(gm, () =>
      gmEventsRequest.send({
        combatId: fight.id,
        events: [
          { type: "advancePhase", gmOverride: true },
          { type: "addTimedState", state: { key: "x", holder: id, expiry: { kind: "someday" } } },
        ] as never,
      }),
    );
    expect(out).toMatchObject({ ok: false, reason: "invalidValue" });
    expect(engineOf(fight)).toEqual(before);
  });
});
