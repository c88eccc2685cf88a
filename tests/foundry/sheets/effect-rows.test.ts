/**
 * The Effects tab on the running generation (effects-view.ts through src/compat/effect-facts.ts): a duration's
 * remaining time shows only while it runs — never v14's "None" for an effect with no time running, never a stale
 * label — an effect core expired (v14) says "Expired", not "Not applied" (meant for an item that keeps its effect
 * from applying), and its toggle brings it back; an effect turned off says "Off" and toggles on (both).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { giveEffect, giveStatus, roundsDuration, type EffectDoc } from "../../harness/effects";
import { alice, as, creature, freshWorld } from "./setup";
import "../../harness/applications";
import { V14 } from "../../harness/generation";
import { harness } from "../../harness/install";
import { loadLanguage, templateEnvironment } from "../../harness/templates";
import { actorEffectsView, effectRow } from "../../../src/applications/sheets/effects-view";
import { toggleEffect } from "../../../src/applications/sheets/effect-actions";

const row = (effect: EffectDoc, owner: unknown) => effectRow(effect as never, owner);
const LANGS = ["en", "fr", "pl", "es", "ja"] as const;

function rendered(rowData: object, lang = "en"): string {
  return templateEnvironment(lang).render("templates/actor/parts/effect-row.hbs", {
    ...rowData,
    editable: true,
  });
}

/** v14 core's expiry ("update" action) written into the source, as the harness's `expireEffect` does. */
function expireInPlace(effect: EffectDoc): void {
  (effect._source.duration as Record<string, unknown>).expired = true;
}

describe("the Effects tab's rows on this generation", () => {
  beforeEach(() => {
    freshWorld();
    harness.translations = loadLanguage("en");
  });

  it('a running duration shows what remains; an effect with no time running shows nothing (v14: not "None")', () => {
    const hero = creature("Aldo", {}, [alice]);
    const hasted = giveEffect(hero.actor, null, "Hasted", { duration: roundsDuration(2) });
    const warded = giveEffect(hero.actor, null, "Warded");
    expect(row(hasted, hero.actor)).toMatchObject({
      remaining: "2 rounds",
      expired: false,
      suppressed: false,
    });
    expect(row(warded, hero.actor)).toMatchObject({ remaining: null, expired: false, disabled: false });
    // Core's label for the untimed effect is "None" (v14 shows it for every such effect): never on the row.
    expect((warded.duration as { label: string }).label).toBe("None");
    const html = rendered(row(warded, hero.actor));
    expect(html).not.toContain("None");
    expect(html).toContain("Warded");
  });

  it.runIf(V14)(
    "v14: an expired effect says Expired (in five languages), no stale label, and its toggle revives it",
    async () => {
      const hero = creature("Aldo", {}, [alice]);
      // Started in round 1 of a fight long gone.
      const hasted = giveEffect(hero.actor, null, "Hasted", {
        duration: roundsDuration(2),
        start: { time: 0, combat: "oldFight", combatant: null, initiative: null, round: 1, turn: 0 },
      });
      expireInPlace(hasted);
      const shown = row(hasted, hero.actor);
      expect(shown).toMatchObject({ remaining: null, expired: true, suppressed: false, disabled: false });
      const words = { en: "Expired", fr: "Expiré", pl: "Wygasł", es: "Expirado", ja: "期限切れ" };
      for (const lang of LANGS) {
        const html = rendered(shown, lang);
        expect(html).toContain(words[lang]);
        expect(html).not.toContain("2 rounds");
        expect(html).toContain('aria-pressed="false"');
      }
      expect(rendered(shown)).not.toContain("Not applied");
      await as(alice, () => toggleEffect(hasted as never));
      expect(hasted.duration).toMatchObject({ expired: false });
      expect(hasted.disabled).toBe(false);
      expect(row(hasted, hero.actor)).toMatchObject({ remaining: "2 rounds", expired: false });
      // Its clock started anew (core's start for an effect made now), or core would expire it again at once.
      expect(hasted.start).toEqual({
        time: 0,
        combat: null,
        combatant: null,
        initiative: null,
        round: null,
        turn: null,
      });
      // Turned off after it expired: one press brings it back, not two.
      const slowed = giveEffect(hero.actor, null, "Slowed", { duration: roundsDuration(1), disabled: true });
      expireInPlace(slowed);
      expect(row(slowed, hero.actor)).toMatchObject({ disabled: true, expired: false });
      await as(alice, () => toggleEffect(slowed as never));
      expect(slowed.disabled).toBe(false);
      expect(slowed.duration).toMatchObject({ expired: false });
      // On and applying: the press turns it off (and only that).
      await as(alice, () => toggleEffect(slowed as never));
      expect(slowed.disabled).toBe(true);
      expect(slowed.duration).toMatchObject({ expired: false });
    },
  );

  it("an effect turned off says Off and toggles on again; the actor's statuses follow (both generations)", async () => {
    const hero = creature("Aldo", {}, [alice]);
    const dazed = giveStatus(hero.actor, "dazed", { disabled: true });
    expect(hero.actor.statuses.has("dazed")).toBe(false);
    // Off, its status is not shown on the token: the tab lists the effect itself, off.
    const view = actorEffectsView(hero.actor as never, null);
    expect(view.statuses).toEqual([]);
    expect(view.effects.map((e) => [e.name, e.disabled, e.expired])).toEqual([["Dazed", true, false]]);
    expect(rendered(view.effects[0]!)).toContain("Off");
    await as(alice, () => toggleEffect(dazed as never));
    expect(dazed.disabled).toBe(false);
    expect(hero.actor.statuses.has("dazed")).toBe(true);
    expect(actorEffectsView(hero.actor as never, null).effects).toEqual([]);
  });
});
