/**
 * Classic-d20, one round (src/self-test/scenarios/classic-d20.ts), played by the self-test through the GM's settings
 * menu, with Alice (in Polish, the family's seed language) on her own page: each side's initiative from its tracker
 * (CD-I1, CD-I2), Maren's move and longsword attack (CD-A1, CD-AT1), the Bandit's dagger, the end of the round, and
 * Maren's standard action taken as a second move action (CD-A2).
 */
import { describe, expect, it } from "vitest";
import { checkThroughMenu, expectWorldAsFound } from "./check";

describe("smoke: classic-d20, one round with two clients", () => {
  it("plays the round through the settings menu and leaves the world as it found it", async () => {
    const run = await checkThroughMenu({ families: ["classic-d20"], aliceLang: "pl" });
    expectWorldAsFound(run);
    // Alice's part was played on her page: she rolled from her tracker, moved her token, posted nothing else.
    expect(run.writesBy(run.alice!)).toEqual(expect.arrayContaining(["update User", "update Token"]));
    expect(run.steps.filter((s) => s.label.startsWith("alice")).length).toBeGreaterThan(10);
  });
});
