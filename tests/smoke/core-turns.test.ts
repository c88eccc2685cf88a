/**
 * Issue 23, on the world harness (the built system, a GM's page and Alice's): core's `combatTurn` adjustment
 * (foundryvtt#11531, #12990 — the server writes the `turn` that keeps the acting combatant current, in core's
 * initiative order, with every combatant change) and core's turn events. A combatant created mid-round ahead of the
 * one acting, a player's own initiative update and a combatant deleted mid-round leave the fight where Fray's engine
 * has it on both pages, with no turn event; the acting one deleted hands the turn to the next once. On v14 the turn
 * that starts expires its combatant's turn-start effect and clears its token's movement history, and Fray's start
 * announces `combatStart` to the ActiveEffect registry once, on the GM's page (a combatStart effect expires).
 * Self-contained (no table helpers): only the world harness's own API.
 */
import { afterAll, describe, expect, it } from "vitest";
import { failures } from "../harness/core";
import { V14 } from "../harness/generation";
import { createWorld, ROLES, type World } from "../harness/world/world";
import type { WorldPage } from "../harness/world/page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

const on = <T>(page: WorldPage, fn: (g: Any) => T): T => page.run(() => fn(page.globals));
/** A v14 duration that waits for nothing but core's expiry event `expiry`. */
const untilEvent = (expiry: string) => ({ value: null, units: "seconds", expiry, expired: false });

describe("smoke: core's combatTurn adjustment and turn events with two clients", () => {
  const errors: string[] = [];
  const original = console.error;
  afterAll(() => {
    console.error = original;
    failures.length = 0;
  });

  it("keeps Fray's engine through combatant changes; turn events once, on the GM", async () => {
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(" "));
    const world: World = await createWorld({
      gm: { role: ROLES.GAMEMASTER },
      alice: { role: ROLES.PLAYER },
    });
    const gm = world.page("gm");
    const alice = world.page("alice");
    const settle = async (step: string) => {
      await world.settle();
      const problems = [...world.takeFailures(), ...errors.splice(0)];
      for (const page of [gm, alice])
        for (const notice of page.notifications.splice(0))
          if (notice.type !== "info" && notice.type !== "success")
            problems.push(`${page.name} was told (${notice.type}): ${notice.message}`);
      expect(problems, `after "${step}"`).toEqual([]);
    };
    await settle("boot");
    await on(gm, (g) => g.game.settings.set("fray", "ruleset", "classic-d20"));
    await settle("ruleset");

    // The cast, linked tokens on the scene; Maren is Alice's.
    const cast = [
      ["Maren Holt", "characters", 2],
      ["Road Bandit", "creatures", 4],
      ["Cave Spider", "creatures", 6],
      ["Grey Wolf", "creatures", 8],
    ] as const;
    for (const [name, pack, x] of cast) {
      await on(gm, async (g) => {
        const compendium = g.game.packs.get(`fray.${pack}`);
        const entry = compendium.index.find((e: Any) => e.name === name);
        const actor = await g.game.actors.importFromCompendium(compendium, entry._id);
        if (name === "Maren Holt") await actor.update({ ownership: { default: 0, [alice.userId]: 3 } });
        await g.canvas.scene.createEmbeddedDocuments("Token", [
          { name, actorId: actor.id, actorLink: true, x: x * 100, y: 200, width: 1, height: 1 },
        ]);
      });
      await settle(`${name} placed`);
    }
    await on(gm, (g) => g.CONFIG.Combat.documentClass.create({ scene: g.canvas.scene.id, active: true }));
    await settle("encounter");
    const combat = (page: WorldPage): Any => on(page, (g) => g.game.combat);
    const tokenOf = (page: WorldPage, name: string): Any =>
      on(page, (g) => g.canvas.scene.tokens.getName(name));
    const combatantOf = (page: WorldPage, name: string): Any =>
      on(page, (g) => g.game.combat.combatants.find((c: Any) => c.name === name));
    const join = async (name: string, initiative?: number) => {
      await on(gm, (g) => {
        const token = g.canvas.scene.tokens.getName(name);
        return g.game.combat.createEmbeddedDocuments("Combatant", [
          {
            tokenId: token.id,
            sceneId: g.canvas.scene.id,
            actorId: token.actorId,
            ...(initiative === undefined ? {} : { initiative }),
          },
        ]);
      });
      await settle(`${name} joins`);
    };
    /** Both pages agree with the engine: the acting combatant is the engine's, `turn` its index. */
    const expectAgree = (when: string, acting: string) => {
      for (const page of [gm, alice]) {
        const fight = combat(page);
        const engine = fight.system.engine;
        expect(fight.combatant?.name, `${when}: ${page.name}'s acting combatant`).toBe(acting);
        expect(fight.combatant?.id, `${when}: ${page.name}'s engine`).toBe(engine?.current);
        expect(fight.turns.indexOf(fight.combatant), `${when}: ${page.name}'s turn`).toBe(fight.turn);
      }
      expect(combat(alice).turns.map((c: Any) => c.id)).toEqual(combat(gm).turns.map((c: Any) => c.id));
    };
    const turnEvents = () => gm.turnEvents.length;
    const storedTurn = () => world.server.get("Combat", combat(gm).id)?.turn;

    for (const name of ["Maren Holt", "Road Bandit", "Cave Spider"]) await join(name);
    // Initiatives written on the documents (core's dialog, a macro): Fray makes them engine events.
    for (const [name, total] of [
      ["Maren Holt", 15],
      ["Road Bandit", 12],
      ["Cave Spider", 4],
    ] as const) {
      await on(gm, () => combatantOf(gm, name).update({ initiative: total }));
      await settle(`${name}'s initiative`);
    }
    // v14: an effect that lasts until the fight starts (v13 has no expiry events: a plain duration in its shape).
    await on(gm, (g) =>
      g.canvas.scene.tokens
        .getName("Road Bandit")
        .actor.createEmbeddedDocuments("ActiveEffect", [
          { name: "Lying in wait", duration: V14 ? untilEvent("combatStart") : { rounds: 10 } },
        ]),
    );
    await settle("the bandit's effect");
    const refreshes = (page: WorldPage) =>
      page.turnEvents.filter((e) => e.event === "ActiveEffect.registry.refresh:combatStart");
    await on(gm, () => combat(gm).startCombat());
    await settle("start");
    expectAgree("start", "Maren Holt");
    expect(refreshes(gm).length, "combatStart announced once on the GM's page (v14)").toBe(V14 ? 1 : 0);
    expect(refreshes(alice), "nothing announced on Alice's page").toEqual([]);
    for (const page of [gm, alice]) {
      const waiting = tokenOf(page, "Road Bandit").actor.effects.getName("Lying in wait");
      expect(waiting._source.duration.expired, `${page.name}: the combatStart effect`).toBe(
        V14 ? true : undefined,
      );
      expect(waiting.active, `${page.name}: suppressed once expired (v14)`).toBe(!V14);
    }
    await on(gm, () => combat(gm).nextTurn());
    await settle("Maren's turn ends");
    expectAgree("Maren's turn ends", "Road Bandit");
    expect(alice.turnEvents, "turn events run on the active GM's page only").toEqual([]);

    // A combatant created mid-round ahead of the one acting: core's order is Wolf, Maren, Bandit, Spider.
    let from = turnEvents();
    await join("Grey Wolf", 20);
    expect(storedTurn(), "the server's turn after core's adjustment").toBe(2);
    expectAgree("the wolf joins", "Road Bandit");
    expect(gm.turnEvents.slice(from), "no turn event").toEqual([]);

    // A player's own initiative update: core re-sorts and moves the turn until the active GM puts the engine's
    // initiative back (issue 24, tests/smoke/security/fight-state.test.ts); the acting one never changes.
    from = turnEvents();
    await on(alice, () => combatantOf(alice, "Maren Holt").update({ initiative: 2 }));
    await settle("Alice sets Maren's initiative");
    expectAgree("Alice sets Maren's initiative", "Road Bandit");
    expect(gm.turnEvents.slice(from), "no turn event").toEqual([]);

    // A combatant deleted mid-round ahead of the one acting.
    from = turnEvents();
    await on(gm, () => combatantOf(gm, "Grey Wolf").delete());
    await settle("the wolf leaves");
    expectAgree("the wolf leaves", "Road Bandit");
    expect(gm.turnEvents.slice(from), "no turn event").toEqual([]);

    // v14: the spider's turn-start effect and its token's movement history, for the turn that starts next.
    await on(gm, async (g) => {
      const spider = g.canvas.scene.tokens.getName("Cave Spider");
      await spider.actor.createEmbeddedDocuments("ActiveEffect", [
        { name: "Webbed", duration: V14 ? untilEvent("turnStart") : { turns: 1 } },
      ]);
      await spider.update({ _movementHistory: [{ x: 600, y: 200 }] });
    });
    await settle("the spider's effect and history");

    // The acting combatant deleted: the next in the engine's order takes the turn, its turn starts once.
    from = turnEvents();
    await on(gm, () => combatantOf(gm, "Road Bandit").delete());
    await settle("the bandit, acting, leaves");
    const acting = combat(gm).combatant?.name as string;
    expectAgree("the bandit, acting, leaves", acting);
    const started = gm.turnEvents.slice(from).filter((e) => e.event === "_onStartTurn");
    expect(started.map((e) => e.combatantId)).toEqual([combat(gm).combatant.id]);
    if (acting === "Cave Spider") {
      for (const page of [gm, alice]) {
        const webbed = tokenOf(page, "Cave Spider").actor.effects.getName("Webbed");
        expect(webbed._source.duration.expired, `${page.name}: the turn-start effect`).toBe(
          V14 ? true : undefined,
        );
        expect(webbed.active, `${page.name}: an expired effect is suppressed on v14`).toBe(!V14);
        const history = tokenOf(page, "Cave Spider")._source._movementHistory as unknown[];
        expect(history, `${page.name}: the movement history`).toEqual(V14 ? [] : [{ x: 600, y: 200 }]);
      }
    } else throw new Error(`the engine gave the turn to ${acting}, not the spider`);
  });
});
