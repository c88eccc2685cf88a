/**
 * fast-slow, one round (src/self-test/scenarios/fast-slow.ts: FS-R1, FS-R2, FS-R3, FS-R6, FS-R7, FS-A3, FS-A4,
 * FS-A5, FS-MT1, FS-MT2, FS-MT7, FS-MT9), played by the self-test through the GM's settings menu, with Alice (in
 * the family's seed language, "fr") on her own page.
 */
import { describe, expect, it } from "vitest";
import { V14 } from "../harness/generation";
import { checkThroughMenu, expectWorldAsFound } from "./check";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

/** An effect as the GM's page held it when made: whose, its statuses, its changes (where its generation keeps them). */
interface EffectSeen {
  readonly actor: string;
  readonly statuses: string[];
  readonly changes: unknown;
}

describe("smoke: fast-slow, one round with two clients", () => {
  it("plays the round through the settings menu and leaves the world as it found it", async () => {
    const effects: EffectSeen[] = [];
    const run = await checkThroughMenu({
      families: ["fast-slow"],
      aliceLang: "fr",
      before: async (world) => {
        const gm = world.page("gm");
        gm.run(() =>
          (gm.globals.Hooks as Any).on("createActiveEffect", (effect: Any) =>
            effects.push({
              actor: String(effect.parent?.name),
              statuses: [...effect.statuses].map(String),
              // v13 keeps an effect's changes in `changes`, v14 in `system.changes`.
              changes: JSON.parse(JSON.stringify((V14 ? effect.system?.changes : effect.changes) ?? null)),
            }),
          ),
        );
        await Promise.resolve();
      },
      // FS-MT9: pinned under the horse, Hild cannot stand up: Alice's try from her Token HUD is refused on her
      // page, in French (the scenario's step checks it there too).
      warnings: ["alice was told (warn): Vous êtes coincé sous votre monture et ne pouvez pas vous relever."],
    });
    expectWorldAsFound(run);
    // Alice's part was played on her page.
    expect(run.writesBy(run.alice!)).toContain("update User");
    expect(run.steps.filter((s) => s.label.startsWith("alice")).length).toBeGreaterThan(5);
    // The horse's prone (the GM's Token HUD) is an effect in the running generation's shape.
    const horseProne = effects.filter((e) => e.actor === "Riding Horse" && e.statuses.includes("prone"));
    expect(horseProne).toEqual([{ actor: "Riding Horse", statuses: ["prone"], changes: [] }]);
  });
});
