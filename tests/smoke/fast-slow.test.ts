/**
 * fast-slow, one round (src/self-test/scenarios/fast-slow.ts: FS-R1, FS-R2, FS-R3, FS-R6, FS-R7, FS-A3, FS-A4, FS-A5, FS-MT1, FS-MT2, FS-MT7, FS-MT9), played by the self-test through the GM's
 * settings menu, with Alice (in the family's seed language, "fr") on her own page.
 */
import { describe, expect, it } from "vitest";
import { checkThroughMenu, expectWorldAsFound } from "./check";

describe("smoke: fast-slow, one round with two clients", () => {
  it("plays the round through the settings menu and leaves the world as it found it", async () => {
    const run = await checkThroughMenu({ families: ["fast-slow"], aliceLang: "fr" });
    expectWorldAsFound(run);
    // Alice's part was played on her page.
    expect(run.writesBy(run.alice!)).toContain("update User");
    expect(run.steps.filter((s) => s.label.startsWith("alice")).length).toBeGreaterThan(5);
  });
});
