/**
 * The budget panel (templates/budget/budget.hbs) and its dialog, rendered with the real handlebars in the five
 * languages, for every family: what is left this turn and round (FS-R5, FS-R6, FS-A16, FS-A17, CD-A1…CD-A5,
 * OD-R3, PR-B1, AD-M1…AD-M8), the buttons of what may be spent now, keyboard-usable with aria labels, names
 * and triggers escaped; the tracker rows carry the compact panel.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadLanguage, templateEnvironment, translate } from "../../harness/templates";
import { buildBudgetView, type BudgetViewInput } from "../../../src/applications/budget/budget-view";
import { ADAPTER_REFUSALS } from "../../../src/rules/budget/adapter-refusals";
import { readBudget } from "../../../src/rules/budget/budget-lifecycle";
import { refusalKey } from "../../../src/rules/outcome";
import {
  initialFastSlowBudget,
  spendFastSlow,
  startFastSlowRound,
  startFastSlowTurn,
} from "../../../src/rules/families/fast-slow/budget";
import { startClassicD20Turn, type ClassicD20Budget } from "../../../src/rules/families/classic-d20/budget";
import {
  startOpposedD20Turn,
  withEngineCounts,
  type OpposedD20Budget,
} from "../../../src/rules/families/opposed-d20/budget";
import { initialPhasedBudget, spendPhased } from "../../../src/rules/families/phased-round/budget";
import {
  initialActiveDefenseBudget,
  spendActiveDefense,
  startActiveDefenseTurn,
} from "../../../src/rules/families/active-defense-3d6/budget";
import { adWeapon } from "../../../src/rules/families/active-defense-3d6/readiness";
import type { FamilyId } from "../../../src/rules/families/ids";

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;
const TEMPLATE = "templates/budget/budget.hbs";

function fsState() {
  const turn = startFastSlowTurn(startFastSlowRound(initialFastSlowBudget(), { round: 1 }), {
    kind: "slow",
    speed: 10,
  });
  const prepared = spendFastSlow(
    turn,
    {
      type: "activity",
      activity: "prepare",
      prepared: { activity: "attack", trigger: "<b>the door</b> opens" },
    },
    { prone: false },
  );
  if (!prepared.ok) throw new Error(prepared.reason);
  return prepared.value;
}

function states(): Record<FamilyId, BudgetViewInput["state"]> {
  const cd = startClassicD20Turn(readBudget("classic-d20", null, 1, { speed: 9 }) as ClassicD20Budget, {
    speed: 9,
  });
  const od = withEngineCounts(
    startOpposedD20Turn(
      readBudget("opposed-d20", null, 1, { speed: 0, limits: { active: 2, passive: 1 } }) as OpposedD20Budget,
    ),
    { active: 1, passive: 1 },
  );
  const pr = spendPhased(initialPhasedBudget(), { type: "spell", spell: "cast" });
  if (!pr.ok) throw new Error(pr.reason);
  const ad = spendActiveDefense(
    startActiveDefenseTurn(
      initialActiveDefenseBudget({
        axe: adWeapon({ unbalanced: true, missile: false, readyTurns: 0 }, "ready"),
      }),
    ),
    { type: "strike", weaponId: "axe" },
  );
  if (!ad.ok) throw new Error(ad.reason);
  return {
    "fast-slow": fsState(),
    "classic-d20": cd,
    "opposed-d20": od,
    "phased-round": pr.value,
    "active-defense-3d6": ad.value,
  };
}

function view(family: FamilyId, over: Partial<BudgetViewInput> = {}) {
  return buildBudgetView({
    family,
    state: states()[family],
    combatId: "c1",
    combatantId: "k1",
    name: "Aldo <i>the bold</i>",
    fingerprint: "abcd1234",
    owner: true,
    isGM: false,
    compact: false,
    weaponNames: { axe: "Ono" },
    ...over,
  });
}

describe("budget panel templates", () => {
  for (const lang of LANGS) {
    it(`renders every family's panel in ${lang} (real handlebars, unknown keys fail)`, () => {
      const env = templateEnvironment(lang);
      for (const family of [
        "fast-slow",
        "classic-d20",
        "opposed-d20",
        "phased-round",
        "active-defense-3d6",
      ] as const) {
        const html = env.render(TEMPLATE, view(family, { isGM: true }));
        expect(html, family).toContain("data-fray-budget-panel");
        expect(html, family).toContain('data-fingerprint="abcd1234"');
        expect(html, family).not.toContain("<i>the bold</i>");
      }
    });
  }

  it("FS-A12 FS-A13 FS-A17 CD-A1 OD-R3 OD-R4 the spend buttons come in rows by what they spend, in the family's terms, each button in exactly one", () => {
    const groups = (family: FamilyId) =>
      Object.fromEntries(
        view(family).controlGroups.map((g) => [
          g.key,
          g.buttons.map((b) => b.data?.activity ?? b.data?.type ?? b.data?.maneuver ?? b.op),
        ]),
      );
    // FS-A12/FS-A13: Retreat and Rush move with the action, so they sit with the movement.
    const fs = groups("fast-slow");
    expect(Object.keys(fs)).toEqual(["action", "movement", "minor", "reactions"]);
    expect(fs.action).toEqual(expect.arrayContaining(["cast", "search", "help", "stabilize", "useItem"]));
    expect(fs.action).not.toContain("rush");
    expect(fs.movement).toEqual(expect.arrayContaining(["retreat", "rush", "fsJump"]));
    const cd = groups("classic-d20");
    expect(Object.keys(cd)).toEqual(["standard", "moveAction", "fullRound", "free"]);
    expect(cd.moveAction).toEqual(["moveAction", "openMove", "openMove"]);
    expect(Object.keys(groups("opposed-d20"))).toEqual(["active", "passive", "reactions", "intrusions"]);
    expect(Object.keys(groups("active-defense-3d6"))).toEqual(["maneuver"]);
    for (const family of ["fast-slow", "classic-d20", "opposed-d20", "active-defense-3d6"] as const) {
      const v = view(family);
      const grouped = v.controlGroups.flatMap((g) => g.buttons);
      expect(grouped, family).toHaveLength(v.controls.length);
      expect(new Set(grouped), family).toEqual(new Set(v.controls));
    }
    // Each row is a named group, its label drawn first, in the language of the page; every button is drawn.
    const fr = templateEnvironment("fr").render(TEMPLATE, view("fast-slow"));
    expect(fr).toContain(
      '<div class="fray-budget-group fray-budget-group-minor" role="group" aria-label="Activités mineures">\n      <span class="fray-budget-group-label" aria-hidden="true">Activités mineures</span>',
    );
    expect([...fr.matchAll(/data-fray-budget="/g)]).toHaveLength(view("fast-slow").controls.length);
  });

  it("FS-R6 FS-A16 FS-A17 FS-A10 a slow turn shows action, move and minor activities, the round's reaction and the prepared trigger", () => {
    const env = templateEnvironment("en");
    const html = env.render(TEMPLATE, view("fast-slow"));
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    // FS-A17: two, and one more (the default convention) while the creature has not moved.
    expect(text).toContain("This turn Action: 0/1 Move: 10 m of 10 m Minor activities: 3/3");
    expect(text).toContain("This round Reaction: 1/1");
    expect(html).toContain("Prepared: Attack — &lt;b&gt;the door&lt;/b&gt; opens");
    // The FS activity list: every button a real button with an aria label naming the creature.
    for (const a of [
      "cast",
      "dismiss",
      "search",
      "help",
      "prepare",
      "reload",
      "retreat",
      "rush",
      "stabilize",
      "useItem",
    ])
      expect(html).toContain(`data-activity="${a}"`);
    expect(html).toContain(
      '<button type="button" class="fray-button fray-spent" data-fray-budget="fsActivity"',
    );
    expect(html).toContain(
      'aria-label="Cast a spell (Aldo &lt;i&gt;the bold&lt;/i&gt;)" aria-disabled="true"',
    );
    expect(html).toContain('data-fray-budget="fsJump"');
    expect(html).toMatch(/data-fray-budget="fsReaction"\s+data-kind="prepared"/);
  });

  it("FS-M3 a prone creature is offered standing up (action or move), not dropping prone", () => {
    const html = templateEnvironment("fr").render(TEMPLATE, view("fast-slow", { prone: true }));
    expect(html).toContain("Se relever (action)");
    // The French fast-slow move is the seed's «mouvement» («action de mouvement»), as on the budget's Move row.
    expect(html).toContain("Se relever (mouvement)");
    expect(html).not.toContain('data-fray-budget="fsDropProne"');
  });

  it("CD-A1…CD-A4 the Polish terms: «akcja standardowa», «akcja ruchu», «akcja całorundowa», «1,5-metrowy krok»", () => {
    const html = templateEnvironment("pl").render(TEMPLATE, view("classic-d20"));
    const en = loadLanguage("pl");
    for (const key of [
      "FRAY.Budget.standard",
      "FRAY.Budget.moveAction",
      "FRAY.Budget.fullRound",
      "FRAY.Budget.step",
    ])
      expect(html).toContain(translate(en, key) as string);
    expect(html).toContain('data-type="openMove" data-use-standard="true"');
  });

  it("OD-R3 the round's active and passive actions left, from the engine's counts (Spanish terms)", () => {
    const text = templateEnvironment("es")
      .render(TEMPLATE, view("opposed-d20"))
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    const es = loadLanguage("es");
    expect(text).toContain(`${translate(es, "FRAY.Budget.active")}: 1/2`);
    expect(text).toContain(`${translate(es, "FRAY.Budget.passive")}: 0/1`);
  });

  it("PR-B1 PR-P2 the activity left and the movement within its cap; no spend buttons (declarations live in the tracker)", () => {
    const v = view("phased-round");
    expect(v.controls).toEqual([]);
    const text = templateEnvironment("en")
      .render(TEMPLATE, v)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Activity: 25 % of 100 %");
    expect(text).toContain("Movement: 25 % of 25 %");
  });

  it("AD-M1…AD-M8 the manoeuvre picker, spent once the turn's manoeuvre is taken; AD-M4 an unready weapon is named (Japanese)", () => {
    const html = templateEnvironment("ja").render(TEMPLATE, view("active-defense-3d6"));
    const ja = loadLanguage("ja");
    expect(html).toContain(translate(ja, "FRAY.Maneuver.feint") as string);
    expect(html).toMatch(/data-fray-budget="adManeuver"\s+data-maneuver="allOutAttack"/);
    expect(html).toContain("fray-spent");
    expect(html).toContain("Ono");
  });

  it("the tracker's compact panel shows the lines only; the GM's Strength- and Agility-roll controls live on the sheet", () => {
    const compact = view("fast-slow", { compact: true, isGM: true });
    expect(compact.controls).toEqual([]);
    expect(compact.gmControls).toEqual([]);
    const html = templateEnvironment("en").render(TEMPLATE, compact);
    expect(html).toContain("fray-budget-compact");
    expect(html).not.toContain("<button");
    const gmView = view("fast-slow", { isGM: true });
    // FS-M2, FS-M4: Strength; FS-M5/FS-M6: the Agility roll the GM may ask for a jump.
    expect(gmView.gmControls.map((b) => b.data?.purpose)).toEqual(["climb", "turbulence", "jump"]);
    expect(view("fast-slow", { owner: false }).controls).toEqual([]);
  });

  it("the tracker row includes the panel", () => {
    const env = templateEnvironment("en");
    const budget = view("fast-slow", { compact: true });
    const html = env.render("templates/combat/tracker.hbs", {
      fray: {
        family: "fast-slow",
        familyLabel: "FRAY.Family.fast-slow.name",
        round: 1,
        started: false,
        phaseLabel: "FRAY.Combat.notStarted",
        partLabel: null,
        phases: [],
        showPhases: false,
        mayAct: [],
        rows: [
          {
            id: "k1",
            name: "Aldo",
            img: "a.png",
            css: "combatant",
            side: "players",
            statusLabel: "FRAY.Combat.Status.acting",
            reasonLabel: null,
            notes: [],
            controls: [],
            gmControls: [],
            budget,
          },
        ],
        endOfRound: { current: false, label: "FRAY.Combat.Phase.endOfRound", effects: [], controls: [] },
        ties: [],
        queue: [],
        gmControls: [],
        isGM: false,
        empty: false,
      },
    });
    expect(html).toContain('data-combatant-id="k1"');
    expect(html).toContain("fray-budget-compact");
  });

  for (const lang of LANGS) {
    it(`renders the spend dialog in ${lang}`, () => {
      const env = templateEnvironment(lang);
      const html = env.render("templates/budget/budget-dialog.hbs", {
        id: "d1",
        info: ["<script>x</script>"],
        fields: [
          {
            name: "activity",
            label: "FRAY.Budget.Ui.preparedActivity",
            options: [{ value: "attack", key: "FRAY.Activity.attack", selected: true }],
          },
          { name: "trigger", label: "FRAY.Budget.Ui.trigger", value: "" },
          { name: "hasAmmunition", label: "FRAY.Budget.Ui.hasAmmunition", checkbox: true, value: true },
          {
            name: "metres",
            label: "FRAY.Budget.Ui.jumpMetres",
            number: true,
            value: 1,
            step: 0.1,
            min: 0.1,
            max: 100,
          },
        ],
      });
      expect(html).toContain('<label for="fray-budget-d1-trigger">');
      expect(html).toContain('id="fray-budget-d1-trigger" name="trigger"');
      expect(html).toContain(
        'type="checkbox" id="fray-budget-d1-hasAmmunition" name="hasAmmunition" checked',
      );
      expect(html).not.toContain("<script>");
    });
  }

  it("every key the budget code and templates name exists in all five languages", () => {
    const files = (dir: string, ext: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
      );
    const sources = [
      ...files("src/applications/budget", ".ts"),
      ...files("templates/budget", ".hbs"),
      "src/documents/budget-requests.ts",
      "src/documents/budget-spend.ts",
      "src/documents/budget-store.ts",
      "src/documents/token-movement.ts",
      "src/chat/flyer-falls.ts",
      "src/chat/traversal-consequence.ts",
    ];
    const keys = new Set<string>(ADAPTER_REFUSALS.map(refusalKey));
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/"(FRAY\.[A-Za-z0-9.-]+[A-Za-z0-9])"/g)) keys.add(m[1] as string);
      for (const m of text.matchAll(/refuse\("(\w+)"/g)) keys.add(`FRAY.Refusal.${m[1]}`);
    }
    // The keys the views build: every family's lines and buttons.
    for (const family of Object.keys(states()) as FamilyId[]) {
      const v = view(family, { isGM: true, prone: family === "fast-slow" });
      for (const l of [...v.turn, ...v.round]) keys.add(l.label).add(l.valueKey);
      for (const b of [...v.controls, ...v.gmControls]) keys.add(b.label);
      for (const n of v.notes) keys.add(n.key);
    }
    expect(keys.size).toBeGreaterThan(60);
    for (const lang of LANGS) {
      const tree = loadLanguage(lang);
      expect(
        [...keys].filter((k) => translate(tree, k) === undefined),
        lang,
      ).toEqual([]);
    }
  });
});
