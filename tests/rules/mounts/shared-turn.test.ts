import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runs } from "../../property-runs";
import { fastSlowStructure } from "../../../src/rules/families/fast-slow/structure";
import { reduce } from "../../../src/rules/turns/round-engine";
import type { RoundState } from "../../../src/rules/turns/round-state";
import { combat, expectRefused, run } from "../turns/helpers";

const fs = fastSlowStructure();

/** A knight riding a GM-run horse, a player mage, an orc. */
function started(): RoundState {
  const s = combat(fs, [
    { id: "knight", side: "players" },
    { id: "mage", side: "players" },
    { id: "horse", side: "gm" },
    { id: "orc", side: "gm" },
  ]);
  return run(fs, s, { type: "startCombat" });
}

const acted = (s: RoundState, id: string) => s.combatants.find((c) => c.id === id)?.actedRound;

describe("the pair's shared turn in the round engine (FS-MT4)", () => {
  it("FS-MT4 when the rider takes its turn the mount takes it at the same time and cannot take another", () => {
    let s = run(
      fs,
      started(),
      { type: "takeTurn", id: "knight" },
      { type: "shareTurn", id: "horse", with: "knight" },
    );
    expect(acted(s, "horse")).toBe(1);
    expect(s.combatants.find((c) => c.id === "horse")?.speed).toBe("fast");
    s = run(fs, s, { type: "endTurn" });
    expectRefused(fs, s, { type: "takeTurn", id: "horse" }, "alreadyActed");
    expectRefused(fs, s, { type: "shareTurn", id: "horse", with: "knight" }, "alreadyActed");
  });

  it("FS-MT4 the mount shares the turn of the kind the rider took (FS-R1), in the slow part too", () => {
    let s = run(
      fs,
      started(),
      { type: "pass", id: "knight" },
      { type: "takeTurn", id: "mage" },
      { type: "endTurn" },
    );
    s = run(fs, s, { type: "advancePhase", gmOverride: true }, { type: "takeTurn", id: "knight" });
    s = run(fs, s, { type: "shareTurn", id: "horse", with: "knight" });
    expect(s.combatants.find((c) => c.id === "horse")).toMatchObject({ speed: "slow", actedRound: 1 });
  });

  it("FS-MT4 a GM mount marked acted no longer holds up the end of the part", () => {
    let s = run(fs, started(), { type: "chooseSpeed", id: "orc", speed: "slow" });
    s = run(fs, s, { type: "chooseSpeed", id: "mage", speed: "slow" });
    const alone = run(fs, s, { type: "takeTurn", id: "knight" }, { type: "endTurn" });
    expectRefused(fs, alone, { type: "advancePhase" }, "phaseNotFinished");
    s = run(fs, s, { type: "takeTurn", id: "knight" }, { type: "shareTurn", id: "horse", with: "knight" });
    s = run(fs, s, { type: "endTurn" });
    expect(reduce(fs, s, { type: "advancePhase" }).ok).toBe(true);
  });

  it("FS-MT4 the partner must be taking or have taken its turn; nobody shares a turn with itself", () => {
    const s = started();
    expectRefused(fs, s, { type: "shareTurn", id: "horse", with: "knight" }, "notCurrent");
    expectRefused(fs, s, { type: "shareTurn", id: "horse", with: "horse" }, "unknownCombatant");
    expectRefused(fs, s, { type: "shareTurn", id: "ghost", with: "knight" }, "unknownCombatant");
    const acting = run(fs, s, { type: "takeTurn", id: "knight" });
    expectRefused(fs, acting, { type: "shareTurn", id: "knight", with: "horse" }, "alreadyActing");
  });

  it("FS-MT4 the share may arrive after the rider's turn ended (the GM handles the notice late): the mount took that turn", () => {
    // Rider and mount take their turn at the same time, so the mount has had its turn this round even when the
    // GM's client marks it only after the rider pressed End turn; a creature that took no turn with anyone has not.
    let s = run(fs, started(), { type: "takeTurn", id: "knight" }, { type: "endTurn" });
    s = run(fs, s, { type: "shareTurn", id: "horse", with: "knight" });
    expect(acted(s, "horse")).toBe(1);
    expectRefused(fs, s, { type: "takeTurn", id: "horse" }, "alreadyActed");
    expectRefused(fs, s, { type: "shareTurn", id: "orc", with: "mage" }, "notCurrent");
  });

  it("FS-R4 with shared turns, nobody acts twice in a round, whatever the order of events", () => {
    const ids = ["knight", "mage", "horse", "orc"];
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ type: fc.constant("takeTurn" as const), id: fc.constantFrom(...ids) }),
            fc.constant({ type: "endTurn" as const }),
            fc.record({
              type: fc.constant("shareTurn" as const),
              id: fc.constantFrom(...ids),
              with: fc.constantFrom(...ids),
            }),
            fc.constant({ type: "advancePhase" as const, gmOverride: true }),
          ),
          { maxLength: 30 },
        ),
        (events) => {
          let s = started();
          const turns = new Map<string, number>();
          for (const event of events) {
            const out = reduce(fs, s, event);
            if (!out.ok) continue;
            const round = s.round;
            for (const c of out.value.combatants) {
              const before = s.combatants.find((b) => b.id === c.id)?.actedRound ?? 0;
              if (c.actedRound === round && before < round) turns.set(c.id, (turns.get(c.id) ?? 0) + 1);
            }
            s = out.value;
            if (s.round !== round) turns.clear();
          }
          for (const count of turns.values()) expect(count).toBe(1);
        },
      ),
      runs(1000),
    );
  });
});
