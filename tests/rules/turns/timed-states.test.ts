import { describe, expect, it } from "vitest";
import {
  endOfRoundAfter,
  endsAtRoundEnd,
  sortForResolution,
  splitAtRoundEnd,
  splitAtTurnStart,
  triggeredAt,
  type TimedState,
} from "../../../src/rules/turns/timed-states";

const state = (key: string, holder: string, extra: Partial<TimedState> = {}): TimedState => ({
  key,
  holder,
  createdRound: 1,
  expiry: { kind: "manual" },
  ...extra,
});

describe("timed states (FS-R7, FS-R8, OD-R1, OD-R5, AD-T1)", () => {
  it("FS-R8 an effect lasting 1 round created in round N ends at the end of round N + 1", () => {
    const s = state("blessed", "ann", { expiry: endOfRoundAfter(4, 1) });
    expect([endsAtRoundEnd(s, 4), endsAtRoundEnd(s, 5)]).toEqual([false, true]);
    expect(endOfRoundAfter(4, 0)).toEqual({ kind: "endOfRound", round: 4 });
    expect(endOfRoundAfter(4, -2)).toEqual({ kind: "endOfRound", round: 4 });
    expect(endsAtRoundEnd(state("x", "ann"), 99)).toBe(false);
  });

  it("FS-R7 expired effects resolve the players' first, then the GM's, each side in creation order", () => {
    const list = [
      state("g1", "orc", { side: "gm", expiry: endOfRoundAfter(2, 0) }),
      state("p1", "ann", { side: "players", expiry: endOfRoundAfter(2, 0) }),
      state("kept", "ann", { side: "players", expiry: endOfRoundAfter(2, 1) }),
      state("g2", "orc", { side: "gm", expiry: endOfRoundAfter(1, 1) }),
      state("p2", "bob", { side: "players", expiry: endOfRoundAfter(2, 0) }),
    ];
    const { expired, kept } = splitAtRoundEnd(list, 2);
    expect(expired.map((s) => s.key)).toEqual(["p1", "p2", "g1", "g2"]);
    expect(kept.map((s) => s.key)).toEqual(["kept"]);
  });

  it("FS-R7 a state that does not say whose it is takes its holder's side when the caller can tell", () => {
    const list = [
      state("a", "orc", { expiry: endOfRoundAfter(1, 0) }),
      state("b", "ann", { expiry: endOfRoundAfter(1, 0) }),
    ];
    const sides: Record<string, "players" | "gm"> = { orc: "gm", ann: "players" };
    expect(splitAtRoundEnd(list, 1, (s) => sides[s.holder]).expired.map((s) => s.key)).toEqual(["b", "a"]);
    // Without the holder's side it counts as the players' (unchanged order).
    expect(splitAtRoundEnd(list, 1).expired.map((s) => s.key)).toEqual(["a", "b"]);
    expect(sortForResolution([...list], (s) => sides[s.holder]).map((s) => s.key)).toEqual(["b", "a"]);
  });

  it("OD-R1 OD-R5 effects that apply at the start or end of each round are listed there, players' side first", () => {
    const list = [
      state("poison", "orc", { side: "gm", triggers: ["roundEnd"] }),
      state("regrow", "ann", { side: "players", triggers: ["roundStart", "roundEnd"] }),
      state("plain", "ann"),
    ];
    expect(triggeredAt(list, "roundStart").map((s) => s.key)).toEqual(["regrow"]);
    expect(triggeredAt(list, "roundEnd").map((s) => s.key)).toEqual(["regrow", "poison"]);
  });

  it("AD-T1 'until your next turn' states end when their holder's turn starts, no one else's", () => {
    const list = [
      state("allOutAttack", "ann", { expiry: { kind: "holderNextTurn" } }),
      state("feint", "orc", { expiry: { kind: "holderNextTurn" } }),
      state("defend", "ann", { expiry: endOfRoundAfter(1, 0) }),
    ];
    const { expired, kept } = splitAtTurnStart(list, "ann");
    expect(expired.map((s) => s.key)).toEqual(["allOutAttack"]);
    expect(kept.map((s) => s.key)).toEqual(["feint", "defend"]);
  });
});
