// Issue 11, defect 2: registerCombat wired its hooks through a detached `Hooks.on`, which throws in Foundry and
// leaves the init hook half done (no Combat classes, no tracker). The harness's Hooks uses `this` as Foundry's does.
import { describe, expect, it } from "vitest";
import "../../harness/combat";
import { Hooks } from "../../harness/core";
import { registerCombat } from "../../../src/applications/combat/register";

describe("registerCombat", () => {
  it("wires its hooks through Hooks.on and sets the Combat classes and the tracker", () => {
    const count = (name: string) => Hooks.events[name]?.length ?? 0;
    const before = ["createCombatant", "deleteCombatant", "updateCombatant", "ready"].map(count);
    expect(() => registerCombat()).not.toThrow();
    const after = ["createCombatant", "deleteCombatant", "updateCombatant", "ready"].map(count);
    after.forEach((n, i) => expect(n).toBe(before[i]! + 1));
    const config = (globalThis as unknown as { CONFIG: Record<string, Record<string, unknown>> }).CONFIG;
    expect((config.Combat!.documentClass as { name: string }).name).toBe("FrayCombat");
    expect((config.ui!.combat as { name: string }).name).toBe("FrayCombatTracker");
  });
});
