/**
 * Fray's combat tracker rendered through its own prepare/render path on the CombatTracker stand-in
 * (tests/harness/application.ts): core's turn contexts, Fray's parts, the DOM, and clicks dispatched to the
 * actions the way ApplicationV2 does. Issue 11, defect 7: a row keeps core's controls — hide, defeated, ping,
 * pan — and shows core's effect icons and tracked resource beside Fray's own buttons.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HarnessActor } from "../../harness/combat";
import { as as asClient, trackerSettings, type HarnessUser } from "../../harness/combat";
import { canvasRecord } from "../../harness/application";
import { dialogs } from "../../harness/core";
import { buttonByAction, buttonByLabel, clearDom, click, rowOf } from "../../harness/dom";
import { harness } from "../../harness/install";
import { V14 } from "../../harness/generation";
import { loadLanguage } from "../../harness/templates";
import { alice, fight, gm, partyActors, recorded, settle, setSetting, type FrayCombatLike } from "./setup";
import { applyRoundEvents, roundStateOf } from "../../../src/documents/combat-api";
import { FrayCombatTracker } from "../../../src/applications/combat/fray-combat-tracker";

const g = globalThis as unknown as { game: { user: HarnessUser }; canvas?: unknown };

/** Runs `fn` as `user`, with the clicks' work let finish before the user changes back. */
async function as<T>(user: HarnessUser, fn: () => Promise<T> | T): Promise<T> {
  return asClient(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
}

/** The tracker and the combat it views (the stand-in's `viewed` is writable, as in the v13 types). */
type Viewing = FrayCombatTracker & {
  view(combat: FrayCombatLike | null): void;
  detach(): Promise<unknown>;
  reattach(): Promise<unknown>;
};

/** A tracker viewing `combat`, rendered as `user` sees it. */
async function renderedTracker(user: HarnessUser, combat: FrayCombatLike): Promise<Viewing> {
  return as(user, async () => {
    const tracker = new (FrayCombatTracker as unknown as new () => Viewing)();
    tracker.view = (c) => ((tracker as unknown as { viewed: unknown }).viewed = c);
    tracker.view(combat);
    await tracker.render({ force: true });
    return tracker;
  });
}

/** The tracker of `combat` as `user` sees it, rendered: its element. */
async function trackerFor(user: HarnessUser, combat: FrayCombatLike): Promise<HTMLElement> {
  return (await renderedTracker(user, combat)).element;
}

const combatantOf = (combat: FrayCombatLike, id: string) =>
  combat.combatants.get(id) as unknown as { hidden: boolean; defeated: boolean };

beforeEach(() => {
  recorded.reset();
  harness.translations = loadLanguage("en");
  canvasRecord.pings.length = 0;
  canvasRecord.pans.length = 0;
  trackerSettings.resource = "";
  delete g.canvas;
});
afterEach(() => {
  harness.translations = {};
  clearDom();
});

describe("the tracker's rows keep core's controls (issue 11, defect 7)", () => {
  it("the GM hides a combatant from the players and toggles it defeated from its row (FS-R9: the engine counts it out)", async () => {
    setSetting("ruleset", "fast-slow");
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, orc]);
    const [annId, orcId] = ids as [string, string];
    await applyRoundEvents(combat, [{ type: "startCombat" }]);

    const root = await trackerFor(gm, combat);
    const hide = buttonByAction(rowOf(root, orcId), "toggleHidden");
    expect(hide.getAttribute("aria-label")).toBe("Hide from players (Orc)");
    expect(hide.getAttribute("aria-pressed")).toBe("false");
    await as(gm, () => click(hide));
    expect(combatantOf(combat, orcId).hidden).toBe(true);
    // Drawn again: pressed, and the row is marked hidden; a player no longer sees it.
    const again = await trackerFor(gm, combat);
    expect(buttonByAction(rowOf(again, orcId), "toggleHidden").getAttribute("aria-pressed")).toBe("true");
    expect(rowOf(again, orcId).classList.contains("hide")).toBe(true);
    expect((await trackerFor(alice, combat)).querySelector(`[data-combatant-id="${orcId}"]`)).toBeNull();

    await as(gm, () => click(buttonByAction(rowOf(again, annId), "toggleDefeated")));
    expect(combatantOf(combat, annId).defeated).toBe(true);
    expect(roundStateOf(combat).combatants.find((c) => c.id === annId)?.defeated).toBe(true);
    const after = await trackerFor(gm, combat);
    expect(buttonByAction(rowOf(after, annId), "toggleDefeated").getAttribute("aria-pressed")).toBe("true");
  });

  it("a row shows core's effect icons (names escaped) and the tracked resource", async () => {
    const { ann, orc } = partyActors();
    orc.temporaryEffects = [{ name: "Blessed <b>twice</b>", img: "icons/bless.svg" }];
    (ann as HarnessActor).system = { health: { value: 7 } };
    trackerSettings.resource = "health.value";
    const { combat, ids } = await fight("classic-d20", [ann, orc]);
    const [annId, orcId] = ids as [string, string];
    const root = await trackerFor(gm, combat);
    const icon = rowOf(root, orcId).querySelector("img.token-effect");
    expect(icon?.getAttribute("src")).toBe("icons/bless.svg");
    expect(icon?.getAttribute("alt")).toBe("Blessed <b>twice</b>");
    expect(rowOf(root, orcId).querySelector(".token-effects")?.getAttribute("data-tooltip-html")).toContain(
      "Blessed &#60;b&#62;twice&#60;/b&#62;",
    );
    expect(rowOf(root, annId).querySelector(".token-resource")?.textContent?.trim()).toBe("7");
    expect(rowOf(root, orcId).querySelector(".token-resource")).toBeNull();
  });

  it("a row's state is a Font Awesome element of its own, named by its label; ping uses a Free icon", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("classic-d20", [ann, orc]);
    const root = await trackerFor(gm, combat);
    for (const id of ids as string[]) {
      const state = rowOf(root, id).querySelector(".fray-state");
      expect(state?.getAttribute("aria-label")).toBeTruthy();
      expect(state?.querySelector("i")?.className).toMatch(/^fa-solid fa-(play|circle-dot|clock|check|ban)$/);
    }
    expect(root.querySelector(".fa-bullseye-arrow")).toBeNull();
  });

  it("a player pans to a combatant, and pings it when its token is on a ready canvas; hide and defeated are the GM's", async () => {
    const { ann, ben } = partyActors();
    const { combat, ids } = await fight("opposed-d20", [ann, ben]);
    const [annId, benId] = ids as [string, string];
    const root = await trackerFor(alice, combat);
    expect(rowOf(root, annId).querySelector('[data-action="toggleHidden"]')).toBeNull();
    expect(rowOf(root, annId).querySelector('[data-action="toggleDefeated"]')).toBeNull();
    expect(rowOf(root, annId).querySelector('[data-action="pingCombatant"]')).toBeNull();
    await as(alice, () => click(buttonByAction(rowOf(root, benId), "panToCombatant")));
    expect(canvasRecord.pans).toEqual([benId]);

    g.canvas = { ready: true };
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: benId, tokenId: "token00000000001" }]);
    const onCanvas = await trackerFor(alice, combat);
    await as(alice, () => click(buttonByAction(rowOf(onCanvas, benId), "pingCombatant")));
    expect(canvasRecord.pings).toEqual([benId]);
    expect(rowOf(onCanvas, annId).querySelector('[data-action="pingCombatant"]')).toBeNull();
  });
});

describe("Fray's own tracker buttons, clicked", () => {
  it("FS-R2 the GM's Take turn on a row gives that creature the turn", async () => {
    const { ann, ben } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben]);
    const [annId] = ids as [string, string];
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    const root = await trackerFor(gm, combat);
    await as(gm, () => click(buttonByLabel(rowOf(root, annId), "Take turn")));
    expect(roundStateOf(combat).current).toBe(annId);
  });

  it("the GM's footer forces the next part: its data-force reaches the action", async () => {
    const { ann, orc } = partyActors();
    const { combat } = await fight("fast-slow", [ann, orc]);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    const before = roundStateOf(combat);
    const root = await trackerFor(gm, combat);
    const footer = root.querySelector<HTMLElement>('[data-application-part="footer"]') as HTMLElement;
    const force = buttonByLabel(footer, "Next part now (GM)");
    expect(force.dataset).toMatchObject({ action: "frayAdvancePhase", force: "true" });
    await as(gm, () => click(force));
    const after = roundStateOf(combat);
    expect([after.phase, after.claimSide]).not.toEqual([before.phase, before.claimSide]);
  });

  it("a GM's tracker button pressed as its fight is deleted says what is gone, by name", async () => {
    const { ann } = partyActors();
    const { combat, ids } = await fight("phased-round", [ann]);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    const tracker = await renderedTracker(gm, combat);
    const unable = buttonByLabel(rowOf(tracker.element, ids[0] as string), "Unable to act");
    await combat.delete();
    recorded.reset();
    // Still drawn for the deleted fight: the GM's request finds it gone.
    await as(gm, () => click(unable));
    expect(recorded.warnings).toEqual(["This fight no longer exists."]);
    // The tracker no longer views it (core's tracker follows the deletion): the button says the Combat is gone.
    recorded.reset();
    tracker.view(null);
    await as(gm, () => click(unable));
    expect(recorded.warnings).toEqual(["Combat no longer exists."]);
  });
});

describe("FS-R2/FS-R3 the turn-order setting, as the tracker shows and plays it", () => {
  afterEach(() => setSetting("fsTurnOrder", "perPart"));

  it("FS-R2 FS-R3 players first: one part; a player takes a fast turn after a slow one, the GM's creature waits for both", async () => {
    setSetting("fsTurnOrder", "playersFirst");
    const { ann, ben, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, ben, orc]);
    const [annId, benId, orcId] = ids as [string, string, string];
    // A fight keeps the order it was created with.
    setSetting("fsTurnOrder", "perPart");
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    let root = await trackerFor(alice, combat);
    expect(root.textContent).toContain("Turns: players first");
    // Fast is still offered in the one part (per part it is offered only in the fast part).
    await as(alice, () => click(buttonByLabel(rowOf(root, annId), "Fast")));
    root = await trackerFor(gm, combat);
    await as(gm, () => click(buttonByLabel(rowOf(root, benId), "Take turn")));
    root = await trackerFor(gm, combat);
    await as(gm, () => click(buttonByLabel(rowOf(root, benId), "End turn")));
    root = await trackerFor(gm, combat);
    // The orc (whatever its speed) waits for Ann, who chose fast.
    expect(rowOf(root, orcId).querySelector('[data-action="frayTakeTurn"]')).toBeNull();
    root = await trackerFor(alice, combat);
    await as(alice, () => click(buttonByLabel(rowOf(root, annId), "Take turn")));
    const state = roundStateOf(combat);
    expect(state.current).toBe(annId);
    expect(state.combatants.find((c) => c.id === annId)?.speed).toBe("fast");
    expect(state.combatants.find((c) => c.id === benId)?.speed).toBe("slow");
  });

  it("FS-R2 per part (the default): in the slow part a player is offered slow only", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, orc]);
    const [annId] = ids as [string, string];
    await applyRoundEvents(combat, [{ type: "startCombat" }, { type: "advancePhase", gmOverride: true }]);
    const root = await trackerFor(alice, combat);
    expect(root.textContent).toContain("Slow turns");
    expect(() => buttonByLabel(rowOf(root, annId), "Fast")).toThrow();
    expect(buttonByLabel(rowOf(root, annId), "Slow")).toBeTruthy();
  });
});

describe("PR-P6 the weapon costs a fight was created with", () => {
  afterEach(() => {
    setSetting("prDrawCost", 20);
    setSetting("prChangeCost", 50);
    dialogs.reset();
  });

  it("PR-P6 the movement form names the fight's costs, and the GM side charges them", async () => {
    setSetting("prDrawCost", 10);
    setSetting("prChangeCost", 80);
    const { ann } = partyActors();
    const { combat, ids } = await fight("phased-round", [ann]);
    const [annId] = ids as [string];
    // Changed after the fight began: the fight keeps its own costs.
    setSetting("prDrawCost", 20);
    setSetting("prChangeCost", 50);
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    for (let i = 0; i < 5; i++) await applyRoundEvents(combat, [{ type: "advancePhase", gmOverride: true }]);
    expect(roundStateOf(combat).phase).toBe(5);
    const root = await trackerFor(alice, combat);
    dialogs.answers.push({ action: "ok", fields: { percent: 90, manoeuvre: "none", draw: true } });
    await as(alice, () => click(buttonByLabel(rowOf(root, annId), "Movement and manoeuvre")));
    const form = dialogs.elements.at(-1) as HTMLElement;
    expect(form.textContent).toContain("Draw a weapon (10 %)");
    expect(form.textContent).toContain("Change weapons (80 %)");
    // 90 % of movement and a 10 % draw fit in the round's 100 % (the seed's 20 % would not).
    expect(roundStateOf(combat).combatants.find((c) => c.id === annId)?.sheet?.movement).toMatchObject({
      percent: 90,
      draw: true,
    });
  });
});

describe("PR-P3 the GM decides what a low orientation roll does (setting prOrientationLow)", () => {
  afterEach(() => {
    setSetting("prOrientationLow", "unable");
    dialogs.reset();
  });

  it("PR-P3 a roll of 05 or less prompts the GM; the compromise it sets shows on the tracker into the next round", async () => {
    setSetting("prOrientationLow", "gm");
    const { ann } = partyActors();
    const { combat, ids } = await fight("phased-round", [ann]);
    const [annId] = ids as [string];
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    for (let i = 0; i < 2; i++) await applyRoundEvents(combat, [{ type: "advancePhase", gmOverride: true }]);
    expect(roundStateOf(combat).phase).toBe(2);
    // The player rolls 04; the GM's client is asked, and rules: able to act, −15 next round.
    recorded.nextRolls.push({ total: 4 });
    dialogs.answers.push({ action: "ok", fields: { unable: false, penalty: 15 } });
    const root = await trackerFor(alice, combat);
    await as(alice, () => click(buttonByLabel(rowOf(root, annId), "Orientation roll")));
    await settle();
    expect(dialogs.elements.at(-1)?.textContent).toContain(
      "Ann rolled 4 on an orientation roll: it could leave them unable to act",
    );
    const sheet = () => roundStateOf(combat).combatants.find((c) => c.id === annId)?.sheet;
    expect(sheet()?.spellOrientation).toMatchObject({ roll: 4, ruling: "able", failed: false });
    const now = await trackerFor(gm, combat);
    expect(rowOf(now, annId).textContent).toContain("05 or less: may still act (the GM's ruling)");
    expect(rowOf(now, annId).textContent).toContain("Next round compromised: −15 to rolls");
    const notesOf = (row: HTMLElement) => row.querySelector(".fray-notes")?.textContent ?? "";
    expect(notesOf(rowOf(now, annId))).not.toContain("Unable to act");
    // The GM may rule again from the row.
    expect(buttonByLabel(rowOf(now, annId), "Rule on the orientation roll (GM)")).toBeTruthy();
    await applyRoundEvents(combat, [{ type: "endRound", gmOverride: true }]);
    const next = await trackerFor(alice, combat);
    expect(rowOf(next, annId).textContent).toContain("Compromised: −15 to rolls this round");
  });

  it("PR-P3 under the default reading a roll of 05 or less leaves the character unable, with no prompt", async () => {
    const { ann } = partyActors();
    const { combat, ids } = await fight("phased-round", [ann]);
    const [annId] = ids as [string];
    await applyRoundEvents(combat, [{ type: "startCombat" }]);
    for (let i = 0; i < 2; i++) await applyRoundEvents(combat, [{ type: "advancePhase", gmOverride: true }]);
    recorded.nextRolls.push({ total: 4 });
    const root = await trackerFor(alice, combat);
    await as(alice, () => click(buttonByLabel(rowOf(root, annId), "Orientation roll")));
    await settle();
    expect(dialogs.shown).toHaveLength(0);
    const row = rowOf(await trackerFor(gm, combat), annId);
    const notes = row.querySelector(".fray-notes")?.textContent ?? "";
    expect(notes).toContain("05 or less: unable to act this round");
    expect(notes).toContain("Unable to act");
    expect(row.querySelector('[data-action="frayOrientationRuling"]')).toBeNull();
  });
});

describe("the tracker in a detached window (v14, foundryvtt#14417)", () => {
  it("a detach and a reattach re-run its render hooks on the same DOM: nothing added twice, a row control acts once", async () => {
    const { ann, orc } = partyActors();
    const { combat, ids } = await fight("fast-slow", [ann, orc]);
    const orcId = ids[1] as string;
    const tracker = await renderedTracker(gm, combat);
    if (!V14) {
      expect(() => tracker.detach()).toThrow(/v13 has no detached windows/);
      return;
    }
    const before = tracker.element.outerHTML;
    await as(gm, () => tracker.detach());
    await as(gm, () => tracker.reattach());
    expect(tracker.element.outerHTML).toBe(before);
    // One press, one toggle: a control wired twice would hide and show again.
    await as(gm, () => click(buttonByAction(rowOf(tracker.element, orcId), "toggleHidden")));
    expect(combatantOf(combat, orcId).hidden).toBe(true);
  });
});
