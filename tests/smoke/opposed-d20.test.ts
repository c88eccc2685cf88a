/**
 * opposed-d20, one round (src/self-test/scenarios/opposed-d20.ts: OD-I2, OD-I3, OD-A1, OD-A2, OD-R5), played by the
 * self-test through the GM's settings menu, with Alice (in the family's seed language, "es") on her own page.
 */
import { describe, expect, it } from "vitest";
import { checkThroughMenu, expectWorldAsFound } from "./check";

describe("smoke: opposed-d20, one round with two clients", () => {
  it("plays the round through the settings menu and leaves the world as it found it", async () => {
    const run = await checkThroughMenu({ families: ["opposed-d20"], aliceLang: "es" });
    expectWorldAsFound(run);
    // Alice's part was played on her page.
    expect(run.writesBy(run.alice!)).toContain("update User");
    expect(run.steps.filter((s) => s.label.startsWith("alice")).length).toBeGreaterThan(5);
  });
});
