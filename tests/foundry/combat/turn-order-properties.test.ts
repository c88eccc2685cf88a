/**
 * DESIGN.md asks for property tests of the turn engine's invariants; this one holds at the Foundry layer:
 * whatever the events (the rules driver's random commands, combatants created and deleted as documents, core's
 * turn controls), after each one core's view — `round`, `turns`, `turn`, `combatant`, `current` — equals the
 * engine's on the GM's client and on a player's own copy, every `combatTurnChange` carried the engine's state
 * of that moment, and every `combatStart`/`combatTurn`/`combatRound` fired before the write with what it gave.
 */
import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import { HarnessActor, observe, type HarnessUser } from "../../harness/combat";
import { alice, fight, recorded, setSetting, settle } from "./setup";
import { expectAgrees, expectTurnChanges, hookCalls } from "./core-turns";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import { FAMILY_IDS } from "../../../src/rules/families/ids";
import { commands, KIND, roster, structureOf, toEvent } from "../../rules/turns/round-driver";

const gmUser = (globalThis as unknown as { game: { users: { activeGM: HarnessUser } } }).game.users.activeGM;
let made = 0;

function actor(players: boolean): HarnessActor {
  made += 1;
  return players
    ? new HarnessActor(`P${made}`, {}, [alice])
    : new HarnessActor(`G${made}`, {}, [], "creature");
}

describe("core's view of the fight equals the engine's after every event", () => {
  for (const family of FAMILY_IDS) {
    it(`${family}: random events, additions, removals and core's turn controls`, async () => {
      setSetting("odInitiativeTies", "random");
      const structure = structureOf(family);
      await fc.assert(
        fc.asyncProperty(
          roster,
          commands({ overrides: true, reorder: true, max: 25 }),
          async (people, cmds) => {
            recorded.reset();
            hookCalls.length = 0;
            const { combat, ids } = await fight(
              family,
              people.map((p) => actor(p.players)),
            );
            const seen = observe(combat, alice);
            if (structure.initiative === "combat") {
              await applyRoundEvents(
                combat,
                people.map((p, i) => ({
                  type: "setInitiative" as const,
                  id: ids[i] as string,
                  roll: { total: p.total, dexterity: p.dex, natural: p.total },
                })),
              );
            }
            await combat.startCombat();
            await settle();
            // Core's combatStart: once, before round 1 was written, with the round and turn written.
            const [start, ...more] = hookCalls.filter((c) => c.hook !== "combatTurnChange");
            expect(more).toEqual([]);
            expect(start).toMatchObject({ hook: "combatStart", at: { round: 0 } });
            expect(start?.args[0]).toEqual({ round: 1, turn: combat.turn });
            let fresh = 0;
            for (const [n, cmd] of cmds.entries()) {
              const when = `${family} step ${n} (kind ${cmd.kind})`;
              const state = roundStateOf(combat);
              const from = hookCalls.length;
              const round = combat.round;
              let control: "combatTurn" | "combatRound" | null = null;
              if (cmd.kind === KIND.add) {
                await combat.createEmbeddedDocuments("Combatant", [{ actor: actor(cmd.flag) }]);
              } else if (cmd.kind === KIND.remove) {
                const id = state.combatants[cmd.a % Math.max(state.combatants.length, 1)]?.id;
                if (id) await combat.deleteEmbeddedDocuments("Combatant", [id]);
              } else if (cmd.kind === KIND.endTurn && cmd.flag) {
                control = "combatTurn";
                await combat.nextTurn();
              } else if (cmd.kind === KIND.forceEndRound && cmd.flag) {
                control = "combatRound";
                await combat.nextRound();
              } else {
                const event = toEvent(structure, state, cmd, () => `x${fresh++}`);
                if (event && event.type !== "addCombatant" && event.type !== "removeCombatant")
                  await applyRoundEvents(combat, [event]);
              }
              await settle();
              expectAgrees(combat, `${when} (GM's client)`);
              expectAgrees(seen, `${when} (Alice's client)`);
              expectTurnChanges(combat, gmUser, `${when} (GM's client)`);
              expectTurnChanges(seen, alice, `${when} (Alice's client)`);
              const pre = hookCalls.slice(from).filter((c) => c.hook !== "combatTurnChange");
              // A turn control that moved the engine fired core's hook (a new round is a round change).
              if (control && roundStateOf(combat) !== state)
                expect(
                  pre.map((c) => c.hook),
                  when,
                ).toEqual([combat.round > round ? "combatRound" : control]);
              else expect(pre, when).toEqual([]);
              for (const call of pre) {
                expect(call.at.round, `${when}: ${call.hook} before the write`).toBe(round);
                expect(call.args[0], `${when}: ${call.hook} updateData`).toEqual({
                  round: combat.round,
                  turn: combat.turn,
                });
              }
            }
          },
        ),
        runs(8),
      );
    }, 120_000);
  }
});
