/**
 * The GM's confirm-and-override (issue: "the GM can override"): a rule's refusal offers the GM to push the spend
 * through; a refusal no override can get past (a missing weapon or spell, nothing of one's own to dismiss, a
 * stale budget…) is only reported — the GM is not offered an override that would fail the same way.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { as, budgetWorld, gm, world } from "./setup";
import { sendWithOverride } from "../../../src/applications/budget/override-confirm";
import { refuse } from "../../../src/rules/outcome";

describe("GM confirm-and-override", () => {
  beforeEach(() => {
    budgetWorld.reset();
    world.warnings.length = 0;
  });

  it("FS-R5 a rule's refusal asks the GM whether to override, and sends again with the override when confirmed", async () => {
    const asked: boolean[] = [];
    budgetWorld.confirms.push(true);
    const out = await as(gm, () =>
      sendWithOverride(async (override) => {
        asked.push(override);
        return override ? { ok: true, value: true } : refuse("actionUsed");
      }),
    );
    expect(out).toBe(true);
    expect(asked).toEqual([false, true]);
    expect(budgetWorld.dialogs).toHaveLength(1);
  });

  it("FS-A6 FS-A1 a refusal no override gets past (unknown weapon or spell, nothing to dismiss) is reported, not offered", async () => {
    for (const reason of ["unknownWeapon", "unknownSpell", "nothingToDismiss"]) {
      const asked: boolean[] = [];
      const out = await as(gm, () =>
        sendWithOverride(async (override) => {
          asked.push(override);
          return refuse(reason, { name: "Mira" });
        }),
      );
      expect(out).toBe(false);
      expect(asked).toEqual([false]);
    }
    expect(budgetWorld.dialogs).toEqual([]);
    expect(world.warnings).toHaveLength(3);
  });
});
