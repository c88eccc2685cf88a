import { afterEach, describe, expect, it } from "vitest";
import { addStatusEffect, contextMenuEntry, generation, messageModeSetting } from "../../src/compat";

const g = globalThis as unknown as {
  game: { release?: { generation: number } };
  CONFIG: Record<string, unknown>;
};

function onVersion(version: number) {
  g.game.release = { generation: version };
}

describe("compat: one place for what v13 and v14 spell differently", () => {
  afterEach(() => {
    delete g.game.release;
    delete g.CONFIG.statusEffects;
  });

  it("reads the generation, 13 when unknown", () => {
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

  it("shapes context-menu entries per version", () => {
    const entry = { label: "Roll", icon: "<i></i>", visible: () => true, onClick: () => undefined };
    onVersion(13);
    expect(Object.keys(contextMenuEntry(entry)).sort()).toEqual(["callback", "condition", "icon", "name"]);
    onVersion(14);
    expect(Object.keys(contextMenuEntry(entry)).sort()).toEqual(["icon", "label", "onClick", "visible"]);
  });
});
