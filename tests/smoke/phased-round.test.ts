/**
 * phased-round, one round (src/self-test/scenarios/phased-round.ts: PR-P6, PR-P9, PR-B3, PR-P10, PR-P11), played by
 * the self-test through the GM's settings menu, with Alice (in the family's seed language, "fr") on her own page.
 */
import { describe, expect, it } from "vitest";
import { checkThroughMenu, expectWorldAsFound } from "./check";

describe("smoke: phased-round, one round with two clients", () => {
  it("plays the round through the settings menu and leaves the world as it found it", async () => {
    const run = await checkThroughMenu({ families: ["phased-round"], aliceLang: "fr" });
    expectWorldAsFound(run);
    // Alice's part was played on her page.
    expect(run.writesBy(run.alice!)).toContain("update User");
    expect(run.steps.filter((s) => s.label.startsWith("alice")).length).toBeGreaterThan(5);
  });
});
