import { describe, expect, it } from "vitest";
import { templateEnvironment } from "../../harness/templates";
import { buildTrackerContext, type RowSource } from "../../../src/applications/combat/tracker-view";
import { roundNoteLines } from "../../../src/applications/combat/round-note";
import { FAMILY_IDS, type FamilyId } from "../../../src/rules/families/ids";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import { reduceAll } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";

const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;
const EVIL = `<script>alert("x")</script>`;

/** A fight of each family, some way into round 1, with something to show in every part of the tracker. */
function scenario(family: FamilyId): RoundState {
  const s = roundStructureFor(family, { odInitiativeTies: "manual" });
  const add = (id: string, side: "players" | "gm"): RoundEvent => ({
    type: "addCombatant",
    combatant: { id, side },
  });
  const events: RoundEvent[] = [add("evil", "players"), add("ann", "players"), add("orc", "gm")];
  const init = (id: string, total: number, extra: object = {}): RoundEvent => ({
    type: "setInitiative",
    id,
    roll: { total, dexterity: 1, initiativeStat: 2, ...extra },
  });
  switch (family) {
    case "fast-slow":
      events.push(
        { type: "chooseSpeed", id: "orc", speed: "slow" },
        { type: "startCombat" },
        { type: "rollOff", faces: { evil: 3, ann: 5 } },
        {
          type: "addTimedState",
          state: { key: "defend", holder: "orc", expiry: { kind: "endOfRound", round: 1 } },
        },
      );
      break;
    case "classic-d20":
      events.push(init("evil", 12), init("ann", 12), init("orc", 9), { type: "startCombat" });
      break;
    case "opposed-d20":
      events.push(init("evil", 15, { natural: 20 }), init("ann", 15), init("orc", 3), {
        type: "startCombat",
      });
      events.push({ type: "countAction", id: "evil", kind: "active" });
      break;
    case "active-defense-3d6":
      events.push(init("evil", 12), init("ann", 11), init("orc", 10), { type: "startCombat" });
      events.push({
        type: "addTimedState",
        state: { key: "allOutAttack", holder: "evil", expiry: { kind: "holderNextTurn" } },
      });
      break;
    case "phased-round":
      events.push({ type: "startCombat" }, { type: "declareSpell", id: "orc", spell: "cast" });
      for (let i = 0; i < 8; i++) events.push({ type: "advancePhase", gmOverride: true });
      events.push(
        { type: "declareMelee", id: "evil", melee: { group: "g1", initiative: 14, extraWeapons: 1 } },
        { type: "declareMelee", id: "ann", melee: { group: "g1", initiative: 9 } },
        { type: "advancePhase" },
      );
      break;
  }
  const out = reduceAll(s, emptyRoundState(family), events);
  if (!out.ok) throw new Error(`${family}: ${out.reason} at ${out.data?.event}`);
  return out.value;
}

function context(family: FamilyId, isGM: boolean) {
  const structure = roundStructureFor(family, { odInitiativeTies: "manual" });
  const state = scenario(family);
  const rows = new Map<string, RowSource>([
    ["evil", { name: EVIL, img: "a.webp", hidden: false, owner: true }],
    ["ann", { name: "Ann", img: "b.webp", hidden: false, owner: isGM }],
    ["orc", { name: "Orc", img: "c.webp", hidden: true, owner: isGM }],
  ]);
  if (!isGM) rows.delete("orc");
  return buildTrackerContext({ view: describeRound(structure, state), structure, state, rows, isGM });
}

describe("the combat tracker templates, rendered with the real handlebars", () => {
  for (const family of FAMILY_IDS) {
    for (const lang of LANGUAGES) {
      it(`${family} (${lang}): every string translated, a <script> name escaped, buttons keyboard-usable`, () => {
        const env = templateEnvironment(lang);
        for (const isGM of [true, false]) {
          const fray = context(family, isGM);
          const html = env.render("templates/combat/tracker.hbs", { fray });
          const footer = env.render("templates/combat/footer.hbs", { fray });
          expect(html).not.toContain("<script>");
          expect(html).toContain("&lt;script&gt;");
          for (const button of (html + footer).match(/<button[^>]*>/g) ?? []) {
            expect(button).toContain('type="button"');
            // Fray's actions, or core's row controls (kept, issue 11 defect 7).
            expect(button).toMatch(
              /data-action="(fray\w+|toggleHidden|toggleDefeated|pingCombatant|panToCombatant)"/,
            );
            expect(button).toMatch(/aria-label="[^"]+"/);
          }
          // A hidden creature is not listed for a player.
          expect(html.includes("Orc")).toBe(isGM);
        }
      });
    }
  }

  it("FS-R1 FS-R2 shows the part, who may act, fast/slow toggles for owners and the end-of-round row", () => {
    const env = templateEnvironment("fr");
    const fray = context("fast-slow", false);
    const html = env.render("templates/combat/tracker.hbs", { fray });
    expect(html).toContain("Tours rapides");
    expect(html).toContain("Fin de round");
    expect(html).toContain("fray-end-of-round");
    // FS-R2: the roll-off put ann (5) before evil (3): only ann may claim now.
    expect(fray.mayAct).toEqual(["Ann"]);
    const evil = fray.rows.find((r) => r.id === "evil");
    expect(evil?.status).toBe("waiting");
    expect(evil?.reasonLabel).toBe("FRAY.Refusal.rollOffOrder");
    expect(evil?.controls.map((c) => c.action)).toEqual(["frayChooseSpeed", "frayChooseSpeed", "frayPass"]);
    expect(html).toMatch(/data-action="frayChooseSpeed"[^>]*data-speed="fast"/);
    // FS-R7: the end-of-round step lists what resolves there.
    const gm = context("fast-slow", true);
    expect(gm.endOfRound.effects).toEqual([{ holder: "Orc", label: "FRAY.Combat.State.defend", ends: true }]);
  });

  it("FS-R2 a player sees take turn only for its own ready creature, the GM can force the others", () => {
    const player = context("fast-slow", false);
    const ann = player.rows.find((r) => r.id === "ann");
    expect(ann?.status).toBe("ready");
    expect(ann?.controls).toEqual([]); // Ann belongs to someone else: no controls.
    const gm = context("fast-slow", true);
    expect(gm.rows.find((r) => r.id === "ann")?.controls.map((c) => c.action)).toContain("frayTakeTurn");
    expect(gm.rows.find((r) => r.id === "orc")?.gmControls.map((c) => c.action)).toEqual(["frayForceTurn"]);
  });

  it("OD-I3 OD-I4 shows a Critical initiative and offers the GM a hand order for a manual tie", () => {
    const fray = context("opposed-d20", true);
    expect(fray.rows.find((r) => r.id === "evil")?.critical).toBe(true);
    expect(fray.ties).toHaveLength(1);
    expect(fray.ties[0]?.methodLabel).toBe("FRAY.Combat.Tie.manual");
    expect(fray.ties[0]?.controls.map((c) => c.action)).toEqual(["frayMoveUp"]);
    const html = templateEnvironment("es").render("templates/combat/tracker.hbs", { fray });
    expect(html).toContain("Crítico");
    expect(html).toContain("Final de la ronda");
  });

  it("OD-I3 before the fight the tie is shown, but the hand order waits until the order exists", () => {
    const structure = roundStructureFor("opposed-d20", { odInitiativeTies: "manual" });
    const out = reduceAll(structure, emptyRoundState("opposed-d20"), [
      { type: "addCombatant", combatant: { id: "a", side: "players", initiative: { total: 9 } } },
      { type: "addCombatant", combatant: { id: "b", side: "gm", initiative: { total: 9 } } },
    ]);
    if (!out.ok) throw new Error(out.reason);
    const rows = new Map<string, RowSource>([
      ["a", { name: "A", img: "", hidden: false, owner: true }],
      ["b", { name: "B", img: "", hidden: false, owner: true }],
    ]);
    const fray = buildTrackerContext({
      view: describeRound(structure, out.value),
      structure,
      state: out.value,
      rows,
      isGM: true,
    });
    expect(fray.ties).toHaveLength(1);
    expect(fray.ties[0]?.controls).toEqual([]);
    expect(fray.gmControls.map((c) => c.action)).toEqual(["frayStartCombat"]);
  });

  it("FS-R9 once the fight has begun the GM may end it at any time (Fray's footer stands in for core's End button)", () => {
    for (const family of FAMILY_IDS) {
      const gm = context(family, true);
      expect(gm.started, family).toBe(true);
      expect(
        gm.gmControls.filter((c) => c.action === "frayEndCombat"),
        family,
      ).toHaveLength(1);
      const footer = templateEnvironment("fr").render("templates/combat/footer.hbs", { fray: gm });
      expect(footer).toMatch(/data-action="frayEndCombat"[^>]*aria-label="Finir le combat"/);
      expect(context(family, false).gmControls, family).toEqual([]);
    }
  });

  it("CD-I2 CD-I3 lists the initiative order with a roll-off for the tie left by Dexterity", () => {
    const fray = context("classic-d20", true);
    expect(fray.rows.map((r) => r.id)).toEqual(["evil", "ann", "orc"]);
    expect(fray.rows[0]?.status).toBe("acting");
    expect(fray.ties[0]?.controls.map((c) => c.action)).toEqual(["frayRollOff"]);
    const html = templateEnvironment("pl").render("templates/combat/tracker.hbs", { fray });
    expect(html).toContain("Runda 1");
  });

  it("AD-T1 shows the holder's until-next-turn states in the order «行動順»", () => {
    const fray = context("active-defense-3d6", true);
    expect(fray.rows.find((r) => r.id === "evil")?.notes).toContainEqual({
      key: "FRAY.Combat.State.allOutAttack",
    });
    const html = templateEnvironment("ja").render("templates/combat/tracker.hbs", { fray });
    expect(html).toContain("全力攻撃");
    expect(html).toContain("行動順");
  });

  it("PR-P10 shows the melee resolution queue in initiative order and the eleven phases", () => {
    const fray = context("phased-round", true);
    expect(fray.phases).toHaveLength(12);
    expect(fray.phases.find((p) => p.current)?.label).toBe("FRAY.Combat.Phase.meleeResolution");
    expect(fray.queue.map((q) => [q.name, q.pass])).toEqual([
      [EVIL, 1],
      ["Ann", 1],
      [EVIL, 2],
    ]);
    const html = templateEnvironment("fr").render("templates/combat/tracker.hbs", { fray });
    expect(html).toContain("Phase de résolution de mêlée");
    expect(html).not.toContain("<script>");
  });

  it("AD-T1 FS-R7 the round note names what ended, players' effects first, with names escaped", () => {
    const lines = roundNoteLines([
      {
        kind: "roundEnded",
        round: 1,
        effects: [
          {
            state: { key: "help", holder: "ann", createdRound: 1, expiry: { kind: "endOfRound", round: 1 } },
            ends: true,
          },
          {
            state: {
              key: "defend",
              holder: "orc",
              createdRound: 1,
              expiry: { kind: "endOfRound", round: 1 },
            },
            ends: true,
          },
        ],
      },
    ]);
    expect(lines.map((l) => l.holderId)).toEqual(["ann", "orc"]);
    expect(lines[0]?.outcome).toBe("FRAY.Combat.Outcome.endsAtRoundEnd");
    for (const lang of LANGUAGES) {
      const html = templateEnvironment(lang).render("templates/combat/round-note.hbs", {
        title: "FRAY.Combat.roundNote",
        round: 1,
        lines: lines.map((l) => ({ ...l, holder: EVIL })),
      });
      expect(html).not.toContain("<script>");
      // OD-R5 «Final de la ronda», lower-case mid-sentence ("termina al final de la ronda").
      if (lang === "es") expect(html).toContain("final de la ronda");
    }
  });

  it("the initiative flavor flags a Critical (OD-I4) and escapes the name, in five languages", () => {
    for (const lang of LANGUAGES) {
      const env = templateEnvironment(lang);
      const html = env.render("templates/combat/initiative-flavor.hbs", { name: EVIL, critical: true });
      expect(html).toContain(env.localize("FRAY.Combat.Initiative.critical"));
      expect(html).not.toContain("<script>");
      for (const t of ["roll-off-flavor", "orientation-flavor", "movement-dialog", "melee-dialog"]) {
        env.render(`templates/combat/${t}.hbs`, {
          name: EVIL,
          id: "x",
          group: "1",
          manoeuvres: [{ value: "none", label: "FRAY.Combat.Manoeuvre.none" }],
        });
      }
    }
  });
});
