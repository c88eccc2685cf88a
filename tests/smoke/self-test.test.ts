/**
 * "Check Fray in this world" beyond one family's round (issue 23, deliverable 3): with nobody but the GM connected
 * the GM's client plays both parts; a player's client follows an instruction only when a GM wrote it (the server
 * names the writer: FOUNDRY-API.md), and reports on its own User; the menu is the GM's only.
 */
import { describe, expect, it } from "vitest";
import { createWorld, ROLES } from "../harness/world/world";
import { checkThroughMenu, expectWorldAsFound } from "./check";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

describe("smoke: the self-test", () => {
  it("with nobody but the GM connected, the GM's client plays both parts and leaves the world as found", async () => {
    const run = await checkThroughMenu({ families: ["opposed-d20"], aliceLang: null });
    expectWorldAsFound(run);
    expect(run.steps.length).toBeGreaterThan(20);
    expect(run.steps.every((s) => s.label.startsWith("gm"))).toBe(true);
    expect(run.text).toContain("GM: gm, who also played the player's part");
  });

  it("a player's client follows only an instruction a GM wrote on its User, and answers on its own", async () => {
    const world = await createWorld({ gm: { role: ROLES.GAMEMASTER }, alice: { role: ROLES.PLAYER } });
    const gm = world.page("gm");
    const alice = world.page("alice");
    const field = gm.run(() => String((gm.globals.game as Any).scenes.active.id));
    const instruction = JSON.stringify({
      run: "forged",
      seq: 1,
      type: "enter",
      scene: field,
      combat: null,
      quietFor: 25,
      timeout: 5000,
    });
    const report = () =>
      alice.run(() => (alice.globals.game as Any).user.getFlag("fray", "selfTest.report") ?? null) as
        string | null;
    // Alice writes an instruction on her own User: her client does not follow it (no GM wrote it).
    await alice.run(() =>
      (alice.globals.game as Any).user.update({ "flags.fray.selfTest.instruction": instruction }),
    );
    await world.settle();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await world.settle();
    expect(report()).toBeNull();
    // The GM writes it: her client follows it and reports, on her own User.
    await gm.run(() =>
      (gm.globals.game as Any).users
        .get(alice.userId)
        .update({ "flags.fray.selfTest.instruction": instruction.replace('"seq":1', '"seq":2') }),
    );
    const started = performance.now();
    while (!report() && performance.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await world.settle();
    }
    expect(JSON.parse(report() ?? "null")).toEqual({ run: "forged", seq: 2, ok: true, message: "" });
    const reportWrites = world.server.writes.filter(
      (w) => w.documentName === "User" && w.userId === alice.userId,
    );
    expect(reportWrites.length).toBe(2);
    // The menu is the GM's: Alice's Configure Settings does not show it.
    const shown = await alice.run(async () => {
      const app = (alice.globals.game as Any).settings.sheet;
      await app.render({ force: true });
      return Boolean((app.element as HTMLElement).querySelector('[data-key="fray.selfTest"]'));
    });
    expect(shown).toBe(false);
    expect(world.takeFailures()).toEqual([]);
  });
});
