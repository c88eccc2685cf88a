/**
 * The check card (ChatMessage type "check"): FS-D1/FS-D2 d20 challenge rolls and AD 3d6 roll-under checks,
 * rolled by the active GM for the roller's owner, read by the rules, followed by a consequence applied once;
 * templates in five languages with names escaped.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, queuedFaces } from "../../harness/roll";
import type { ChatMessageDoc } from "../../harness/chat";
import {
  alice,
  as,
  bob,
  click,
  creature,
  gm,
  setSetting,
  settle,
  textOf,
  view,
  world,
  drawCard,
} from "../chat/setup";
import { registerCheckCards } from "../../../src/chat/checks/register";
import {
  checkCardOf,
  defineCheckConsequence,
  postCheck,
  type CheckCardData,
  type PostCheckInput,
} from "../../../src/chat/check-card";
import { CheckMessageModel } from "../../../src/data/chat/check-message";
import { CheckRoll } from "../../../src/dice/check-roll";
import { fieldAt, leafPaths } from "../data/schema-helpers";
import type { SchemaField } from "../../harness/fields";
import { templateEnvironment } from "../../harness/templates";

registerCheckCards();

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;

/** Posts a check card as the active GM does (issue 12: the GM makes every card; a player asks through a request). */
async function post(input: PostCheckInput): Promise<ChatMessageDoc> {
  const message = await as(gm, () => postCheck(input));
  await settle();
  if (!message) throw new Error("no check card posted");
  return message as unknown as ChatMessageDoc;
}

function cardOf(message: ChatMessageDoc): CheckCardData {
  return checkCardOf(world.messages.get(message.id) as never) as CheckCardData;
}

const applied: unknown[] = [];
defineCheckConsequence<{ tag: string }>("test.record", async ({ data, result, challenge }) => {
  applied.push({ tag: data.tag, success: result.success, d20: challenge?.faces.d20 ?? null });
  return { lines: [{ key: "FRAY.Check.success" }] };
});

describe("check card", () => {
  beforeEach(() => {
    queuedFaces.length = 0;
    world.warnings.length = 0;
    applied.length = 0;
    alice.active = true;
    bob.active = true;
    setSetting("boonDie", 6);
    setSetting("adCriticalSuccess", 4);
    setSetting("adCriticalFailure", 17);
  });

  it("is a ChatMessage data model of type check with the roll, its reading and the consequence", () => {
    expect(CheckMessageModel.metadata).toEqual({ documentName: "ChatMessage", type: "check" });
    const schema = CheckMessageModel.schema as unknown as SchemaField;
    expect(leafPaths(schema)).toEqual(
      // The consequence and the result are schemas of their own since issue 12 (data/chat/card-schema.ts).
      expect.arrayContaining([
        "dice",
        "kind",
        "roller.actorUuid",
        "target",
        "lines",
        "consequence.name",
        "consequence.data",
        "result.roll.faces",
        "result.total",
      ]),
    );
    expect(fieldAt(schema, "dice").choices).toEqual(["d20", "3d6"]);
    expect((globalThis as unknown as { CONFIG: { Dice: { rolls: unknown[] } } }).CONFIG.Dice.rolls).toContain(
      CheckRoll,
    );
  });

  it("FS-D1/FS-D2 a d20 check adds the attribute modifier and the highest bane die, and succeeds at 10", async () => {
    const hero = creature("Aldo", { fastSlow: { will: { value: 12 } } }, [alice]);
    const message = await post({
      actor: hero.actor as never,
      token: hero.token as never,
      kind: "concentration",
      attribute: "will",
      banes: 2,
    });
    const card = cardOf(message);
    expect(card).toMatchObject({ dice: "d20", modifier: 2, banes: 2, target: 10, result: null });
    expect(await view(message, alice)).toContain('data-action="rollCheck"');
    expect(await view(message, bob)).not.toContain('data-action="rollCheck"');

    queueFaces(11, 3, 5);
    expect(await click(alice, message, "rollCheck" as never)).toEqual({ ok: true, value: null });
    const result = cardOf(message).result;
    expect(result?.roll.formula).toBe("1d20 + 2 - 2d6kh");
    expect(result).toMatchObject({ total: 8, natural: 11, boonValue: -5, success: false, margin: -2 });
    expect(world.messages.get(message.id)?.rolls[0]).toBeInstanceOf(CheckRoll);

    const boon = await post({
      actor: hero.actor as never,
      kind: "check",
      attribute: "will",
      boons: 1,
    });
    queueFaces(4, 4);
    await click(alice, boon, "rollCheck" as never);
    expect(cardOf(boon).result).toMatchObject({ total: 10, success: true, margin: 0 });
  });

  it("AD-M6 a 3d6 check succeeds at or under its target value, modifier included; AD-C3 criticals", async () => {
    const mage = creature("Mage", { activeDefense: { wl: 12 } }, [alice]);
    const message = await post({
      actor: mage.actor as never,
      kind: "check",
      dice: "3d6",
      attribute: "wl",
      modifier: -2,
    });
    expect(cardOf(message)).toMatchObject({ dice: "3d6", target: 12, modifier: -2 });
    queueFaces(4, 3, 3);
    await click(alice, message, "rollCheck" as never);
    expect(cardOf(message).result).toMatchObject({ total: 10, target: 10, margin: 0, success: true });

    const fumble = await post({ actor: mage.actor as never, kind: "check", dice: "3d6", target: 30 });
    queueFaces(6, 6, 5);
    await click(alice, fumble, "rollCheck" as never);
    expect(cardOf(fumble).result).toMatchObject({ total: 17, success: false, critical: "failure" });
  });

  it("a check clicked twice, or by two users, is rolled once and its consequence applied once", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const message = await post({
      actor: hero.actor as never,
      kind: "check",
      attribute: "agility",
      consequence: { name: "test.record", data: { tag: "once" } },
    });
    queueFaces(15, 2);
    // The GM's card was drawn while Alice was away (the GM is asked to roll then); Alice is back.
    const gmPage = await drawCard(gm, message, [alice]);
    const alicesPage = await drawCard(alice, message);
    const answers = await Promise.all([
      click(alice, message, "rollCheck" as never, "t0", null, {}, alicesPage),
      click(gm, message, "rollCheck" as never, "t0", null, {}, gmPage),
    ]);
    // The GM's click runs at once, the owner's makes a round trip: one is rolled, the other refused.
    expect(answers.filter((a) => a.ok)).toEqual([{ ok: true, value: null }]);
    expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, reason: "checkRolled" });
    expect(applied).toEqual([{ tag: "once", success: true, d20: 15 }]);
    expect(queuedFaces).toEqual([2]);
    expect(world.messages.get(message.id)?.rolls).toHaveLength(1);
    expect(cardOf(message).consequence).toMatchObject({
      applied: true,
      lines: [{ key: "FRAY.Check.success" }],
    });
    expect(world.warnings).toEqual([expect.stringContaining("already been rolled")]);
  });

  it("only the roller's owners or a GM may roll it", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const message = await post({ actor: hero.actor as never, kind: "check", attribute: "strength" });
    // Bob's card offers him no roll; pressed on a page drawn for Alice, it is refused.
    expect(await view(message, bob)).not.toContain('data-action="rollCheck"');
    expect(await click(bob, message, "rollCheck" as never, "t0", null, {}, alice)).toMatchObject({
      ok: false,
      reason: "notOwner",
    });
    expect(cardOf(message).result).toBeNull();
  });

  it("an automatic check rolls at once when no player owner is connected, and waits for the button otherwise", async () => {
    const orc = creature("Orc", {}, [], "creature");
    queueFaces(9);
    const message = await post({
      actor: orc.actor as never,
      kind: "check",
      attribute: "will",
      roll: "unowned",
    });
    expect(cardOf(message).result?.total).toBe(9);

    const hero = creature("Aldo", {}, [alice]);
    const waiting = await post({
      actor: hero.actor as never,
      kind: "check",
      attribute: "will",
      roll: "unowned",
    });
    expect(cardOf(waiting).result).toBeNull();
    expect(textOf(await view(waiting, bob))).toContain("Waiting for Aldo&#x27;s roll.");
  });

  it("renders pending and rolled cards in five languages, names escaped", async () => {
    const name = "<script>alert(1)</script>";
    const hero = creature(name, { activeDefense: { wl: 11 } }, [alice]);
    const pending = await post({
      actor: hero.actor as never,
      kind: "concentration",
      attribute: "will",
      banes: 1,
      lines: [{ key: "FRAY.Concentration.Check.damage", data: { name, amount: "3" } }],
    });
    const rolled = await post({
      actor: hero.actor as never,
      kind: "casting",
      dice: "3d6",
      attribute: "wl",
      modifier: -2,
      consequence: { name: "test.record", data: { tag: "t" } },
    });
    queueFaces(1, 1, 1);
    await click(alice, rolled, "rollCheck" as never);
    for (const lang of LANGS) {
      for (const message of [pending, rolled]) {
        for (const viewer of [alice, bob, gm]) {
          const html = await view(message, viewer, lang);
          expect(html).not.toContain("<script>");
          expect(html).not.toContain("FRAY.");
        }
      }
    }
    for (const lang of LANGS) {
      const env = templateEnvironment(lang);
      for (const kind of [
        "check",
        "concentration",
        "casting",
        "mountFall",
        "escape",
        "balance",
        "climb",
        "jump",
      ])
        expect(env.localize(`FRAY.Check.Kind.${kind}`)).toBeTruthy();
    }
    const en = textOf(await view(pending, bob));
    expect(en).toContain("&lt;script&gt;alert(1)&lt;/script&gt; took 3 damage while concentrating.");
    expect(textOf(await view(rolled, alice, "ja"))).toContain("クリティカル");
  });
});
