/**
 * AD-M6 from the sheet's Cast button (chat/cast-spell.ts): in an active-defense-3d6 fight one concentrates to
 * cast a spell «法術», so casting a spell that needs concentration begins that concentration — the turn's
 * manoeuvre — and its casting roll «詠唱判定» is posted as the caster's next turn starts; nothing is rolled now.
 * FS-A3 in fast-slow, by contrast, casting an attack spell that needs concentration begins none.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import { giveItem } from "../../harness/mounted";
import {
  alice,
  as,
  bob,
  creature,
  fightWith,
  gm,
  NO_SITUATION,
  settle,
  setSetting,
  world,
} from "../chat/setup";
import { checkCards, checkOf } from "./setup";
import { applyRoundEvents, timedStatesOf } from "../../../src/documents/combat-api";
import { storedBudgetOf } from "../../../src/documents/budget-store";
import { castSpell } from "../../../src/chat/cast-spell";
import { registerGmRequests } from "../../../src/net/gm-requests";
import type { ActiveDefenseBudget } from "../../../src/rules/families/active-defense-3d6/budget";
import type { FamilyId } from "../../../src/rules/families/ids";

// The cast request was declared by the imports above, after the set-up registered the others.
registerGmRequests();

const FIRE_LANCE = {
  description: "<p>A spear of flame.</p>",
  concentration: true,
  duration: { value: 1, unit: "rounds" },
  attribute: "intellect",
  against: "defense",
  damage: "3d6",
  castingTarget: 11,
  rank: 1,
};

async function scene(family: FamilyId) {
  setSetting("ruleset", family);
  const hero = creature("Hiro", { activeDefense: { ag: 10 } }, [alice]);
  const kenji = creature("Kenji", { activeDefense: { ag: 12 } }, [bob]);
  const lance = giveItem(kenji.actor, "Fire Lance", "spell", FIRE_LANCE);
  const fight = fightWith(family, hero, kenji);
  const started = await as(gm, () => applyRoundEvents(fight.fight as never, [{ type: "startCombat" }]));
  if (!started.ok) throw new Error(started.reason);
  await settle();
  return { hero, kenji, lance, fight: fight.fight, kenjiId: fight.ids[1] as string };
}

async function castAs(user: typeof bob, s: Awaited<ReturnType<typeof scene>>, targets = [s.hero]) {
  const out = await as(user, () =>
    castSpell(s.kenji.actor as never, s.lance as never, {
      token: s.kenji.token as never,
      targets: targets.map((t) => t.token) as never,
      situation: NO_SITUATION,
    }),
  );
  await settle();
  return out;
}

async function run(fight: Awaited<ReturnType<typeof scene>>["fight"], events: object[]) {
  const out = await as(gm, () => applyRoundEvents(fight as never, events as never));
  if (!out.ok) throw new Error(out.reason);
  await settle();
}

describe("Cast on a spell that needs concentration", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    world.infos.length = 0;
    world.combats.clear();
    world.messages.clear();
    setSetting("npcAutoDefense", false);
    setSetting("adCriticalSuccess", 4);
    setSetting("adCriticalFailure", 17);
  });

  it("AD-M6 casting it is concentrating on it: the manoeuvre spent, nothing rolled now, the casting roll at the next turn's start", async () => {
    const s = await scene("active-defense-3d6");
    expect(await castAs(bob, s)).toBeNull();
    expect(timedStatesOf(s.fight as never, s.kenjiId)).toMatchObject([
      { key: "concentration", expiry: { kind: "holderNextTurn" }, data: { spellId: s.lance.uuid } },
    ]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(true);
    const budget = storedBudgetOf(s.fight as never, s.fight.combatants.get(s.kenjiId) as never);
    expect((budget as ActiveDefenseBudget).maneuver).toBe("concentrate");
    expect(world.messages.size).toBe(0);
    expect(world.infos).toEqual([
      "Concentrating on Fire Lance: it is cast at the start of your next turn, with its casting roll.",
    ]);
    // Pressed again the same turn: the concentration is already begun.
    expect(await castAs(bob, s)).toBeNull();
    expect(world.warnings).toHaveLength(1);

    await run(s.fight, [{ type: "endTurn" }]);
    await run(s.fight, [{ type: "endTurn" }]);
    await run(s.fight, [{ type: "endRound", gmOverride: true }]);
    const [casting] = checkCards();
    expect(checkOf(casting!)).toMatchObject({ kind: "casting", dice: "3d6", target: 11 });
    expect(checkOf(casting!).lines).toEqual([
      { key: "FRAY.Concentration.cast", data: { spell: "Fire Lance" } },
    ]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(false);
  });

  it("AD-M6 only its owner (or the GM) casts it: another player is refused and nothing begins", async () => {
    const s = await scene("active-defense-3d6");
    expect(await castAs(alice, s)).toBeNull();
    expect(world.warnings).toEqual(["You do not own Kenji."]);
    expect(timedStatesOf(s.fight as never, s.kenjiId)).toEqual([]);
  });

  it("FS-A3 in fast-slow the same spell is an attack spell: cast as an attack, it begins no concentration", async () => {
    const s = await scene("fast-slow");
    await run(s.fight, [{ type: "takeTurn", id: s.kenjiId }]);
    queueFaces(12);
    const message = await castAs(bob, s);
    expect(message?.type).toBe("attack");
    expect(timedStatesOf(s.fight as never, s.kenjiId).filter((t) => t.key === "concentration")).toEqual([]);
    expect(s.kenji.actor.statuses.has("concentrating")).toBe(false);
    expect(world.infos).toEqual([]);
  });
});
