import { describe, expect, it } from "vitest";
import { consumeHelp, helpState } from "../../../src/rules/families/fast-slow/help";
import { splitAtRoundEnd, type TimedState } from "../../../src/rules/turns/timed-states";

const defend: TimedState = {
  key: "defend",
  holder: "bob",
  createdRound: 3,
  expiry: { kind: "endOfRound", round: 3 },
};

describe("fast-slow Help (FS-A8)", () => {
  it("FS-A8 a successful Help puts 1 boon on the target, kept as the saved 'help' state until the end of the round", () => {
    expect(helpState({ target: "bob", helper: "ann", round: 3 })).toEqual({
      key: "help",
      holder: "bob",
      createdRound: 3,
      expiry: { kind: "endOfRound", round: 3 },
      data: { helper: "ann", boons: 1 },
    });
    expect(helpState({ target: "bob", helper: "ann", round: 3, side: "players" }).side).toBe("players");
  });

  it("FS-A8 the target's next roll uses its Help and leaves every other state alone, its own included", () => {
    const help = helpState({ target: "bob", helper: "ann", round: 3 });
    const othersHelp = helpState({ target: "cid", helper: "ann", round: 3 });
    const used = consumeHelp([defend, help, othersHelp], "bob");
    expect(used).toEqual({ boons: 1, states: [defend, othersHelp] });
    expect(consumeHelp([defend], "bob")).toEqual({ boons: 0, states: [defend] });
  });

  it("FS-A8 two helpers each give their boon to the same next roll", () => {
    const states = [
      helpState({ target: "bob", helper: "ann", round: 3 }),
      helpState({ target: "bob", helper: "dee", round: 3 }),
    ];
    expect(consumeHelp(states, "bob")).toEqual({ boons: 2, states: [] });
  });

  it("FS-A8 a Help state saved without its boon count still gives its 1 boon", () => {
    const bare: TimedState = {
      key: "help",
      holder: "bob",
      createdRound: 3,
      expiry: { kind: "endOfRound", round: 3 },
    };
    expect(consumeHelp([bare], "bob")).toEqual({ boons: 1, states: [] });
    expect(consumeHelp([{ ...bare, data: { helper: "ann" } }], "bob").boons).toBe(1);
    expect(splitAtRoundEnd([bare], 3).kept).toEqual([]);
  });
});
