/**
 * `setStatus` (src/documents/statuses.ts), the one way Fray turns a status on or off (stun, concentration, mounts,
 * falls, hiding…), on the running generation: core's `toggleStatusEffect`, asked on while the status's own effect
 * is there but does not apply — turned off (v13, v14) or expired by core (v14) — answers `true` and changes nothing
 * (the harness does as core does); `setStatus` makes that effect apply again instead of leaving the status off, and
 * checks `actor.statuses`.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { alice, as, creature, gm } from "./chat/setup";
import "../harness/budget";
import { effectsOf, expireEffect, giveEffect, giveStatus } from "../harness/effects";
import { Hooks } from "../harness/core";
import { V14 } from "../harness/generation";
import { setStatus } from "../../src/documents/statuses";

type Toggle = { toggleStatusEffect(id: string, o?: object): Promise<unknown> };

const heard: { hook: string; changes?: unknown; user: string }[] = [];
const ids = (["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"] as const).map((hook) => ({
  hook,
  id: Hooks.on(hook, (_effect: unknown, ...rest: unknown[]) => {
    const user = (globalThis as unknown as { game: { user: { name: string } } }).game.user.name;
    if (user === "Gamemaster")
      heard.push({ hook, ...(hook === "updateActiveEffect" ? { changes: rest[0] } : {}), user });
  }),
}));

afterEach(() => {
  heard.length = 0;
});

describe("setStatus", () => {
  it("a status whose own effect is turned off: core's toggle leaves it off; setStatus turns that effect on (v13, v14)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const prone = giveStatus(hero.actor, "prone", { disabled: true });
    expect(hero.actor.statuses.has("prone")).toBe(false);
    // Core (and the harness): the status's effect exists, asked on → `true`, nothing written.
    expect(
      await as(gm, () => (hero.actor as unknown as Toggle).toggleStatusEffect("prone", { active: true })),
    ).toBe(true);
    expect(hero.actor.statuses.has("prone")).toBe(false);
    expect(heard).toEqual([]);

    await as(gm, () => setStatus(hero.actor as never, "prone", true));
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect(effectsOf(hero.actor).contents).toEqual([prone]);
    expect(prone.disabled).toBe(false);
    expect(heard.map((h) => h.hook)).toEqual(["updateActiveEffect"]);
    // Already on: nothing more.
    await as(gm, () => setStatus(hero.actor as never, "prone", true));
    expect(heard).toHaveLength(1);
  });

  it.runIf(V14)(
    "v14: a status whose own effect core expired is made to apply again (expiry cleared), not doubled",
    async () => {
      const hero = creature("Aldo", {}, [alice]);
      const stunned = giveStatus(hero.actor, "stunned", { duration: { value: 1, units: "rounds" } });
      await expireEffect(stunned, { action: "update", by: alice });
      expect(hero.actor.statuses.has("stunned")).toBe(false);
      heard.length = 0;
      await as(gm, () => setStatus(hero.actor as never, "stunned", true));
      expect(hero.actor.statuses.has("stunned")).toBe(true);
      expect(effectsOf(hero.actor).contents).toEqual([stunned]);
      expect(stunned.duration).toMatchObject({ expired: false, value: 1, units: "rounds" });
      expect(heard).toEqual([
        {
          hook: "updateActiveEffect",
          // Its clock started anew (no fight running: the world time only), or core would expire it again.
          changes: {
            disabled: false,
            duration: { expired: false },
            start: { time: 0, combat: null, combatant: null, initiative: null, round: null, turn: null },
          },
          user: "Gamemaster",
        },
      ]);
    },
  );

  it("an effect carrying the status among others does not count as the status's own: a new one is made", async () => {
    const hero = creature("Aldo", {}, [alice]);
    giveEffect(hero.actor, null, "Knocked down and dazed", { statuses: ["prone", "dazed"], disabled: true });
    await as(gm, () => setStatus(hero.actor as never, "prone", true));
    expect(hero.actor.statuses.has("prone")).toBe(true);
    expect(hero.actor.statuses.has("dazed")).toBe(false);
    expect(heard.map((h) => h.hook)).toEqual(["createActiveEffect"]);
    expect(effectsOf(hero.actor).contents.map((e) => [e.name, e.disabled])).toEqual([
      ["Knocked down and dazed", true],
      ["EFFECT.StatusProne", false],
    ]);
  });

  it("off deletes the status's effect; a status core does not define throws (core: Invalid status ID)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    giveStatus(hero.actor, "hidden");
    await as(gm, () => setStatus(hero.actor as never, "hidden", false));
    expect(hero.actor.statuses.has("hidden")).toBe(false);
    expect(effectsOf(hero.actor).size).toBe(0);
    await expect(as(gm, () => setStatus(hero.actor as never, "nonsense" as never, true))).rejects.toThrow(
      /Invalid status ID "nonsense"/,
    );
  });
});

afterAll(() => {
  for (const { hook, id } of ids) Hooks.off(hook, id);
});
