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
import { buttonByAction, buttonByLabel, clearDom, click, rowOf } from "../../harness/dom";
import { harness } from "../../harness/install";
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
type Viewing = FrayCombatTracker & { view(combat: FrayCombatLike | null): void };

/** A tracker viewing `combat`, rendered as `user` sees it. */
async function renderedTracker(user: HarnessUser, combat: FrayCombatLike): Promise<Viewing> {
  return as(user, async () => {
    const tracker = new (FrayCombatTracker as unknown as new () => Viewing)();
    tracker.view = (c) => ((tracker as unknown as { viewed: unknown }).viewed = c);
    tracker.view(combat);
    await tracker.render(true);
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
