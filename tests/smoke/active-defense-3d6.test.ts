/**
 * active-defense-3d6, one round (src/self-test/scenarios/active-defense-3d6.ts: AD-T2, AD-A1, AD-A2, AD-A4, AD-M6),
 * played by the self-test through the GM's settings menu, with Alice (in the family's seed language, "ja") on her
 * own page.
 */
import { describe, expect, it } from "vitest";
import { checkThroughMenu, expectWorldAsFound } from "./check";

describe("smoke: active-defense-3d6, one round with two clients", () => {
  it("plays the round through the settings menu and leaves the world as it found it", async () => {
    const run = await checkThroughMenu({ families: ["active-defense-3d6"], aliceLang: "ja" });
    expectWorldAsFound(run);
    // Alice's part was played on her page.
    expect(run.writesBy(run.alice!)).toContain("update User");
    expect(run.steps.filter((s) => s.label.startsWith("alice")).length).toBeGreaterThan(5);
  });
});
