/**
 * Mounted combat and concentration as a table meets them: the actor sheet's block (concentration list, the
 * pair's state and controls: riding, pinned under a fallen mount) built by `mountedCombatView`, and the
 * FS-MT7 "rider or mount" dialog built by `mountedTargetChoices`, from creatures set up on the chat harness.
 */
import { alice, as, creature, setSetting } from "../../foundry/chat/setup";
import { rideOn } from "../../foundry/mounts/riding-fixture";
import { mountedCombatView } from "../../../src/applications/sheets/mounted-combat-view";
import { mountedTargetChoices, MOUNTED_TARGETS_TEMPLATE } from "../../../src/chat/mounted-targets";
import { templatePath } from "../../../src/utils/paths";
import type { TokenDoc } from "../../harness/chat";
import type { GallerySample } from "../sample";

type Data = Record<string, unknown>;

function withItems(
  actor: { items: unknown[] },
  items: { id: string; name: string; type: string; system: Data }[],
) {
  const list = Object.assign([...items], {
    contents: items,
    get: (id: string) => items.find((i) => i.id === id),
  });
  for (const item of items) Object.assign(item, { uuid: `Item.${item.id}` });
  Object.assign(actor, { items: list });
}

export async function mountSamples(): Promise<GallerySample[]> {
  // Mounts are fast-slow rules: outside a fight, the world's family decides.
  setSetting("ruleset", "fast-slow");
  const knight = creature("Sir Aldo Brennisk", { size: 1 }, [alice]);
  const horse = creature("Ironback the war aurochs", { size: 3, speed: 14, mount: true }, [], "creature");
  rideOn(knight, horse);
  withItems(knight.actor as unknown as { items: unknown[] }, [
    { id: "ward", name: "Ward of the Grey Lantern", type: "spell", system: { concentration: true } },
    { id: "haste", name: "Quickened Step", type: "talent", system: { concentration: true } },
  ]);
  const riding = await as(alice, async () =>
    mountedCombatView(knight.actor as never, knight.token as never, alice as never),
  );

  const pinned = creature("Mira of Vesk", { size: 1 }, [alice]);
  const mare = creature("Grey mare", { size: 2, mount: true }, [], "creature");
  const tokens = [pinned.token, mare.token] as TokenDoc[];
  for (const token of tokens) Object.assign(token, { parent: { tokens: { contents: tokens } } });
  Object.assign(pinned.token, { flags: { fray: { pinnedUnder: { mount: mare.token.id, size: 2 } } } });
  const pinnedView = await as(alice, async () =>
    mountedCombatView(pinned.actor as never, pinned.token as never, alice as never),
  );

  const orc = creature("Orc chieftain", {}, [], "creature");
  const choices = mountedTargetChoices([knight.token as never, orc.token as never]);

  const sheet = (id: string, title: string, name: string, view: unknown): GallerySample => ({
    id,
    title,
    frame: { kind: "sheet", classes: ["fray", "sheet", "actor"], width: 640, height: 300, title: name },
    parts: () => [{ template: templatePath("actor/parts/mounted-combat"), context: { mountedCombat: view } }],
  });
  return [
    sheet(
      "sheet-mounted-riding",
      "Sheet block: spells and talents needing concentration, a rider on its mount (FS-A3, FS-MT1…FS-MT6)",
      "Sir Aldo Brennisk",
      riding,
    ),
    sheet(
      "sheet-mounted-pinned",
      "Sheet block: a rider pinned under its fallen mount, with the two escape rolls (FS-MT9, FS-MT10)",
      "Mira of Vesk",
      pinnedView,
    ),
    {
      id: "dialog-mounted-targets",
      title: "FS-MT7: the attacker chooses the rider or the mount",
      frame: {
        kind: "dialog",
        titleKey: "FRAY.Mount.targetChoiceTitle",
        buttons: ["FRAY.Card.Dialog.roll"],
      },
      parts: () => [{ template: MOUNTED_TARGETS_TEMPLATE, context: { choices } }],
    },
  ];
}
