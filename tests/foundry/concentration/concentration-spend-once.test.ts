/**
 * FS-A3 concentrating is the turn's action: asked at the same moment as another spend of that action (the budget
 * panel's Defend, FS-A5), one of them is taken, never both — even when the GM's writes take a while to come back
 * from the server, as they do in play. Concentration requests about a creature in a fight wait for that fight's
 * other budget requests.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queuedFaces } from "../../harness/roll";
import { giveItem } from "../../harness/mounted";
import type { FighterDoc } from "../../harness/chat";
import { alice, as, creature, fightWith, gm, settle, world } from "../chat/setup";
import "./setup";
import "../../../src/documents/budget-requests";
import { applyRoundEvents } from "../../../src/documents/combat-api";
import { budgetOf } from "../../../src/documents/budget-store";
import { spendBudgetRequest } from "../../../src/documents/budget-requests";
import { startConcentration } from "../../../src/documents/concentration/concentration-start";
import { registerGmRequests } from "../../../src/net/gm-requests";
import type { FastSlowBudget } from "../../../src/rules/families/fast-slow/budget";

registerGmRequests();

/** The combatant's writes come back after a server round trip (a few milliseconds), not at once. */
function slowWrites(fighter: FighterDoc): void {
  const write = fighter.update.bind(fighter);
  fighter.update = async (changes) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return write(changes);
  };
}

describe("FS-A3 concentration and another spend of the action, at once", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.combats.clear();
    world.messages.clear();
    world.warnings.length = 0;
  });

  it("FS-A3 FS-A5 Concentrate from the sheet and Defend from the panel at once: one takes the action", async () => {
    const mage = creature("Mira", {}, [alice]);
    const ward = giveItem(mage.actor, "Ward", "spell", {
      concentration: true,
      duration: { value: 5, unit: "rounds" },
    });
    const { fight, ids } = fightWith("fast-slow", mage, creature("Orc", {}, [], "creature"));
    const mageId = ids[0] as string;
    const begun = await as(gm, () =>
      applyRoundEvents(fight as never, [{ type: "startCombat" }, { type: "takeTurn", id: mageId }]),
    );
    expect(begun.ok).toBe(true);
    await settle();
    const fighter = fight.combatants.get(mageId) as FighterDoc;
    slowWrites(fighter);
    const [concentrated, defended] = await Promise.all([
      as(alice, () => startConcentration(mage.actor as never, ward as never, mage.token as never)),
      as(alice, () =>
        spendBudgetRequest.send({
          combatId: fight.id,
          combatantId: mageId,
          event: { type: "activity", activity: "defend" },
        }),
      ),
    ]);
    await settle();
    expect([concentrated.ok, defended.ok]).toEqual([true, false]);
    expect(defended).toMatchObject({ reason: "actionUsed" });
    const turn = (budgetOf(fight as never, fighter as never)?.state as FastSlowBudget).turn;
    expect(turn).toMatchObject({ actionLeft: 0, actionUsedFor: "concentrate" });
  });
});
