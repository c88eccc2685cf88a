import { afterEach, describe, expect, it } from "vitest";
import { Window } from "happy-dom";
import { addStatusEffect, contextMenuEntry, generation } from "../../src/compat";
import { messageModeSetting } from "../../src/compat/message-modes";
import { GENERATION, RELEASE } from "../harness/generation";

const g = globalThis as unknown as {
  game: { release?: { generation: number } };
  CONFIG: Record<string, unknown>;
};

function onVersion(version: number) {
  g.game.release = { generation: version };
}

describe("compat: one place for what v13 and v14 spell differently", () => {
  afterEach(() => {
    // Back to the generation this project's harness imitates.
    g.game.release = { ...RELEASE };
    delete g.CONFIG.statusEffects;
  });

  it("reads the generation, 13 when unknown", () => {
    expect(generation()).toBe(GENERATION);
    delete g.game.release;
    expect(generation()).toBe(13);
    onVersion(14);
    expect(generation()).toBe(14);
  });

  it("adds a status once to v13's array and to v14's record, never splicing", () => {
    onVersion(13);
    g.CONFIG.statusEffects = [{ id: "prone", name: "Prone", img: "p.svg" }];
    addStatusEffect({ id: "defending", name: "Defending", img: "d.svg" });
    addStatusEffect({ id: "defending", name: "Defending", img: "d.svg" });
    expect((g.CONFIG.statusEffects as { id: string }[]).map((s) => s.id)).toEqual(["prone", "defending"]);

    onVersion(14);
    g.CONFIG.statusEffects = { prone: { id: "prone" } };
    addStatusEffect({ id: "defending", name: "Defending", img: "d.svg" });
    expect(Object.keys(g.CONFIG.statusEffects as object)).toEqual(["prone", "defending"]);
  });

  it("names the roll/message mode setting per version", () => {
    onVersion(13);
    expect(messageModeSetting()).toBe("rollMode");
    onVersion(14);
    expect(messageModeSetting()).toBe("messageMode");
  });

  describe("context-menu entries (v13 ContextMenuEntry; v14 label/visible/onClick(event, target))", () => {
    const window = new Window();
    const document = window.document;
    document.body.innerHTML = '<ol><li class="combatant" data-combatant-id="c1">Aldo</li></ol>';
    const li = document.querySelector("li") as unknown as HTMLElement;
    const clicked: unknown[] = [];
    const asked: unknown[] = [];
    const entry = {
      label: "FRAY.Combat.takeTurn",
      icon: "fa-solid fa-dice",
      visible: (target: HTMLElement) => {
        asked.push(target);
        return target.dataset.combatantId === "c1";
      },
      onClick: (target: HTMLElement) => void clicked.push(target),
    };
    afterEach(() => {
      clicked.length = 0;
      asked.length = 0;
    });

    it("v13: name, an <i> icon element, condition and callback given the row (or a jQuery of it)", async () => {
      onVersion(13);
      const shaped = contextMenuEntry(entry) as {
        name: string;
        icon: string;
        condition: (t: unknown) => boolean;
        callback: (t: unknown) => unknown;
      };
      expect(Object.keys(shaped).sort()).toEqual(["callback", "condition", "icon", "name"]);
      expect(shaped.name).toBe("FRAY.Combat.takeTurn");
      const holder = document.createElement("div");
      holder.innerHTML = shaped.icon;
      const icon = holder.firstElementChild;
      expect(icon?.tagName).toBe("I");
      expect([...(icon?.classList ?? [])]).toEqual(["fa-solid", "fa-dice"]);
      expect(shaped.condition(li)).toBe(true);
      await shaped.callback(li);
      // A ContextMenu made without `jQuery: false` hands callbacks a jQuery object.
      const jq = { jquery: "3.7.1", length: 1, 0: li };
      expect(shaped.condition(jq)).toBe(true);
      await shaped.callback(jq);
      expect(clicked).toEqual([li, li]);
      expect(asked).toEqual([li, li]);
    });

    it("v14: label, the icon as a class name, visible(target) and onClick(event, target)", async () => {
      onVersion(14);
      const shaped = contextMenuEntry(entry) as {
        label: string;
        icon: string;
        visible: (t: unknown) => boolean;
        onClick: (e: unknown, t: unknown) => unknown;
      };
      expect(Object.keys(shaped).sort()).toEqual(["icon", "label", "onClick", "visible"]);
      expect(shaped.label).toBe("FRAY.Combat.takeTurn");
      expect(shaped.icon).toBe("fa-solid fa-dice");
      expect(shaped.visible(li)).toBe(true);
      const event = new window.PointerEvent("click");
      await shaped.onClick(event, li);
      expect(clicked).toEqual([li]);
      expect(asked).toEqual([li]);
    });
  });
});
