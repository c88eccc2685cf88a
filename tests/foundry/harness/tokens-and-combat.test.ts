/**
 * Token moves, active tokens and the viewed combat in the chat/mounted harnesses, as v13 has them:
 * - `TokenDocument#move` (mounted.ts) takes v13 waypoint fields only, runs `preMoveToken` on the mover (false
 *   refuses), updates the token, then `moveToken(token, movement, options, user)` on every client — it used to
 *   update the token with no check and no move hook;
 * - `Actor#getActiveTokens(linked, document)` keeps linked tokens when asked, and has no placeables to give;
 * - `game.combat` is the active encounter, not whichever combat was made first.
 */
import { afterEach, describe, expect, it } from "vitest";
import { alice, as, bob, creature, fightWith, gm } from "../chat/setup";
import { clearScene, place } from "../../harness/mounted";
import { Hooks } from "../../harness/core";
import type { TokenDoc } from "../../harness/chat";

type Moving = TokenDoc & {
  x: number;
  y: number;
  actorLink: boolean;
  move(w: unknown, o?: object): Promise<boolean>;
};
const game = () => (globalThis as unknown as { game: { combat: unknown; user: { name: string } } }).game;
const hooks: [string, number][] = [];
const listen = (hook: string, fn: (...a: unknown[]) => unknown) => hooks.push([hook, Hooks.on(hook, fn)]);

afterEach(() => {
  for (const [hook, id] of hooks.splice(0)) Hooks.off(hook, id);
  clearScene();
});

describe("TokenDocument#move (mounted harness)", () => {
  it("refuses a field v13's waypoint lacks (cost is core's to measure)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const token = place(hero.token, 1, 1) as Moving;
    await expect(as(alice, () => token.move([{ x: 300, y: 100, cost: 3 }]))).rejects.toThrow(/"cost"/);
    expect(token.x).toBe(100);
  });

  it("preMoveToken on the mover may refuse; then the update, and moveToken on every client with the measure", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const token = place(hero.token, 1, 1) as Moving;
    const heard: unknown[][] = [];
    listen(
      "moveToken",
      (t, movement, _options, user) => void heard.push([game().user.name, t, movement, user]),
    );
    listen("preMoveToken", () => false);
    expect(await as(alice, () => token.move([{ x: 400, y: 100, action: "walk" }]))).toBe(false);
    expect(token.x).toBe(100);
    expect(heard).toEqual([]);
    for (const [hook, id] of hooks.splice(1)) Hooks.off(hook, id);
    expect(await as(alice, () => token.move([{ x: 400, y: 100, action: "walk" }]))).toBe(true);
    expect(token.x).toBe(400);
    expect(heard.map((h) => h[0])).toEqual(["Gamemaster", "Alice", "Bob"]);
    const movement = heard[0]?.[2] as { passed: { waypoints: { cost: number; action: string }[] } };
    // Three squares of 1.5 m.
    expect(movement.passed.waypoints).toMatchObject([{ x: 400, y: 100, action: "walk", cost: 4.5 }]);
    expect(heard[0]?.[3]).toBe(alice);
  });

  it("preMoveToken's movement is final: its waypoints cannot be changed, autoRotate and showRuler can (#12011)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const token = place(hero.token, 1, 1) as Moving;
    const tries: Record<string, boolean> = {};
    listen("preMoveToken", (_t, movement) => {
      const m = movement as { autoRotate?: boolean; passed: { waypoints: { x: number }[] }; method: string };
      const attempt = (name: string, write: () => void) => {
        try {
          write();
          tries[name] = true;
        } catch {
          tries[name] = false;
        }
      };
      attempt("waypoint", () => (m.passed.waypoints[0]!.x = 900));
      attempt("method", () => (m.method = "undo"));
      attempt("autoRotate", () => (m.autoRotate = false));
    });
    expect(await as(alice, () => token.move([{ x: 400, y: 100, action: "walk" }]))).toBe(true);
    expect(tries).toEqual({ waypoint: false, method: false, autoRotate: true });
    expect(token.x).toBe(400);
  });
});

describe("Actor#getActiveTokens and game.combat", () => {
  it("linked tokens only when asked; asking for placeables throws (the harness has none)", () => {
    const hero = creature("Aldo", {}, [alice]);
    const copy = place(hero.token, 2, 2) as Moving;
    copy.actorLink = false;
    const actor = hero.actor as unknown as { getActiveTokens(l?: boolean, d?: boolean): unknown[] };
    expect(actor.getActiveTokens(false, true)).toEqual([copy]);
    expect(actor.getActiveTokens(true, true)).toEqual([]);
    expect(() => actor.getActiveTokens()).toThrow(/placeables/);
  });

  it("game.combat is the active encounter, none while no combat is active", async () => {
    const first = fightWith("fast-slow", creature("Ann", {}, [alice]));
    const second = fightWith("fast-slow", creature("Ben", {}, [bob]));
    expect(game().combat).toBeNull();
    await as(gm, () => second.fight.update({ active: true }));
    expect(game().combat).toBe(second.fight);
    expect(game().combat).not.toBe(first.fight);
  });
});
