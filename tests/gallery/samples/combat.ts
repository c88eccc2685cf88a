/**
 * The combat tracker in the sidebar (tracker and footer parts) for each family, as the GM and as a player
 * sees it, built by the round engine from real events and by `buildTrackerContext`; the declaration dialogs,
 * the initiative/roll-off/orientation roll flavors, the round note in chat (`roundNoteLines`) and the notice
 * of the concentrations a deleted fight ends (`concentrationEndedContext`).
 */
import { buildTrackerContext, type RowSource } from "../../../src/applications/combat/tracker-view";
import { roundNoteLines } from "../../../src/applications/combat/round-note";
import {
  CONCENTRATION_ENDED_TEMPLATE,
  concentrationEndedContext,
} from "../../../src/chat/concentration-ended-note";
import { DISMISSED_TEMPLATE, dismissedLine } from "../../../src/documents/activities/dismiss";
import { FAMILY_IDS, type FamilyId } from "../../../src/rules/families/ids";
import { roundStructureFor } from "../../../src/rules/families/round-structures";
import { reduceAll } from "../../../src/rules/turns/round-engine";
import type { RoundEvent } from "../../../src/rules/turns/round-event";
import { emptyRoundState, type RoundState } from "../../../src/rules/turns/round-state";
import { describeRound } from "../../../src/rules/turns/turn-view";
import { templatePath } from "../../../src/utils/paths";
import type { GallerySample } from "../sample";

const OPTIONS = { odInitiativeTies: "manual", cdInitiativeTies: "rolloff" } as const;

/** Two players' characters and two of the GM's creatures; names as a table would type them. */
const PEOPLE: Record<string, RowSource & { side: "players" | "gm" }> = {
  aldo: {
    name: "Aldo Brennisk",
    img: "",
    hidden: false,
    owner: true,
    side: "players",
    // Core's turn context: a ping on the map, two effect icons, the tracked resource.
    core: {
      isDefeated: false,
      canPing: true,
      resource: 17,
      effects: [
        { name: "Blessed", img: "" },
        { name: "Hasted", img: "" },
      ],
      effectsTooltip: "<ul><li>Blessed</li><li>Hasted</li></ul>",
    },
  },
  mira: { name: "Mira of Vesk", img: "", hidden: false, owner: false, side: "players" },
  orc: {
    name: "Orc chieftain",
    img: "",
    hidden: false,
    owner: false,
    side: "gm",
    core: { isDefeated: true, canPing: false, resource: 0, effects: [], effectsTooltip: "" },
  },
  wolf: { name: "Dire wolf", img: "", hidden: true, owner: false, side: "gm" },
};

const init = (id: string, total: number, extra: object = {}): RoundEvent => ({
  type: "setInitiative",
  id,
  roll: { total, dexterity: 1, initiativeStat: 2, ...extra },
});

/** A fight some way into round 1, with something in every part of the tracker. */
function scenario(family: FamilyId, stage: "before" | "during" | "melee"): RoundState {
  const structure = roundStructureFor(family, OPTIONS);
  const events: RoundEvent[] = Object.entries(PEOPLE).map(([id, p]) => ({
    type: "addCombatant",
    combatant: { id, side: p.side },
  }));
  if (stage === "before") {
    events.push(init("orc", 14));
  } else {
    switch (family) {
      case "fast-slow":
        events.push(
          { type: "chooseSpeed", id: "aldo", speed: "fast" },
          { type: "chooseSpeed", id: "orc", speed: "slow" },
          { type: "startCombat" },
          { type: "rollOff", faces: { aldo: 5, mira: 2 } },
          {
            type: "addTimedState",
            state: { key: "defend", holder: "orc", expiry: { kind: "endOfRound", round: 1 } },
          },
          {
            type: "addTimedState",
            state: { key: "concentration", holder: "mira", expiry: { kind: "endOfRound", round: 1 } },
          },
        );
        break;
      case "classic-d20":
        events.push(init("aldo", 15), init("mira", 15), init("orc", 12), init("wolf", 8), {
          type: "startCombat",
        });
        break;
      case "opposed-d20":
        events.push(init("aldo", 17, { natural: 20 }), init("mira", 11), init("orc", 11), init("wolf", 4));
        events.push({ type: "startCombat" }, { type: "countAction", id: "aldo", kind: "active" });
        break;
      case "active-defense-3d6":
        events.push(init("aldo", 12), init("mira", 11), init("orc", 10), init("wolf", 7), {
          type: "startCombat",
        });
        events.push(
          {
            type: "addTimedState",
            state: { key: "allOutAttack", holder: "aldo", expiry: { kind: "holderNextTurn" } },
          },
          {
            type: "addTimedState",
            state: { key: "feint", holder: "orc", expiry: { kind: "holderNextTurn" } },
          },
          // AD-A4: a failed stun check, until the wolf's next turn.
          {
            type: "addTimedState",
            state: { key: "stunned", holder: "wolf", expiry: { kind: "holderNextTurn" } },
          },
        );
        break;
      case "phased-round":
        events.push({ type: "startCombat" }, { type: "declareSpell", id: "mira", spell: "cast" });
        if (stage === "during") events.push({ type: "declareSpell", id: "orc", spell: "prepare" });
        if (stage === "melee") {
          for (let i = 0; i < 8; i++) events.push({ type: "advancePhase", gmOverride: true });
          events.push(
            { type: "declareMelee", id: "aldo", melee: { group: "1", initiative: 14, extraWeapons: 1 } },
            { type: "declareMelee", id: "orc", melee: { group: "1", initiative: 9 } },
            { type: "declareMelee", id: "wolf", melee: { group: "2", initiative: 11 } },
            { type: "advancePhase" },
          );
        }
        break;
    }
  }
  const out = reduceAll(structure, emptyRoundState(family), events);
  if (!out.ok) throw new Error(`gallery scenario ${family}/${stage}: ${out.reason}`);
  return out.value;
}

function trackerContext(family: FamilyId, stage: "before" | "during" | "melee", isGM: boolean) {
  const structure = roundStructureFor(family, OPTIONS);
  const state = scenario(family, stage);
  const rows = new Map<string, RowSource>();
  for (const [id, p] of Object.entries(PEOPLE)) {
    if (p.hidden && !isGM) continue;
    rows.set(id, {
      name: p.name,
      img: p.img,
      hidden: p.hidden,
      owner: isGM || p.owner,
      ...(p.core ? { core: p.core } : {}),
    });
  }
  return buildTrackerContext({ view: describeRound(structure, state), structure, state, rows, isGM });
}

const tracker = (id: string, title: string, fray: () => unknown): GallerySample => ({
  id,
  title,
  frame: { kind: "sidebar", tab: "combat" },
  parts: () => {
    const context = { fray: fray() };
    return [
      { template: templatePath("combat/tracker"), context },
      { template: templatePath("combat/footer"), context },
    ];
  },
});

export function combatSamples(): GallerySample[] {
  const samples: GallerySample[] = [];
  for (const family of FAMILY_IDS) {
    const stage = family === "phased-round" ? "melee" : "during";
    samples.push(
      tracker(`tracker-${family}-gm`, `Combat tracker, ${family}, round 1, as the GM`, () =>
        trackerContext(family, stage, true),
      ),
      tracker(`tracker-${family}-player`, `Combat tracker, ${family}, round 1, as Aldo's player`, () =>
        trackerContext(family, stage, false),
      ),
    );
  }
  samples.push(
    tracker("tracker-phased-round-declaration", "Combat tracker, phased-round, spell declaration, GM", () =>
      trackerContext("phased-round", "during", true),
    ),
    tracker("tracker-classic-d20-before", "Combat tracker, classic-d20, before the fight, GM", () =>
      trackerContext("classic-d20", "before", true),
    ),
    tracker("tracker-no-combat", "Combat tracker with no combat", () => undefined),
    {
      id: "dialog-movement",
      title: "Phased-round movement declaration (PR-P6)",
      frame: { kind: "dialog", titleKey: "FRAY.Declaration.move", buttons: ["FRAY.Combat.Declare.confirm"] },
      parts: () => [
        {
          template: templatePath("combat/movement-dialog"),
          context: {
            id: "aldo",
            drawCost: "20",
            changeCost: "50",
            manoeuvres: [
              { value: "none", label: "FRAY.Combat.Manoeuvre.none" },
              { value: "succeeded", label: "FRAY.Combat.Manoeuvre.succeeded" },
              { value: "failed", label: "FRAY.Combat.Manoeuvre.failed" },
            ],
          },
        },
      ],
    },
    {
      id: "dialog-melee",
      title: "Phased-round melee declaration (PR-P9)",
      frame: { kind: "dialog", titleKey: "FRAY.Declaration.melee", buttons: ["FRAY.Combat.Declare.confirm"] },
      parts: () => [{ template: templatePath("combat/melee-dialog"), context: { id: "aldo", group: "1" } }],
    },
    {
      id: "chat-initiative-critical",
      title: "Initiative roll with a Critical (OD-I4)",
      frame: { kind: "chat", speaker: PEOPLE.aldo!.name, roll: { formula: "1d20 + 3", total: 23 } },
      parts: () => [
        {
          template: templatePath("combat/initiative-flavor"),
          context: { name: PEOPLE.aldo!.name, critical: true },
          slot: "flavor",
        },
      ],
    },
    {
      id: "chat-roll-off",
      title: "Roll-off flavor (FS-R2, CD-I3)",
      frame: { kind: "chat", speaker: PEOPLE.mira!.name, roll: { formula: "1d6", total: 4 } },
      parts: () => [
        {
          template: templatePath("combat/roll-off-flavor"),
          context: { name: PEOPLE.mira!.name },
          slot: "flavor",
        },
      ],
    },
    {
      id: "chat-orientation",
      title: "Orientation roll flavor (PR-P3, PR-P11)",
      frame: { kind: "chat", speaker: PEOPLE.orc!.name, roll: { formula: "1d100", total: 37 } },
      parts: () => [
        {
          template: templatePath("combat/orientation-flavor"),
          context: { name: PEOPLE.orc!.name },
          slot: "flavor",
        },
      ],
    },
    {
      id: "chat-round-note",
      title: "Round note: what ended or applied (AD-T1, FS-R7, FS-R8, OD-R1)",
      frame: { kind: "chat", speaker: { key: "FRAY.Combat.tracker" } },
      parts: () => {
        const lines = roundNoteLines([
          {
            kind: "roundEnded",
            round: 2,
            effects: [
              {
                state: {
                  key: "concentration",
                  holder: "mira",
                  createdRound: 1,
                  expiry: { kind: "endOfRound", round: 2 },
                },
                ends: true,
              },
              {
                state: {
                  key: "defend",
                  holder: "orc",
                  createdRound: 2,
                  expiry: { kind: "endOfRound", round: 2 },
                },
                ends: false,
              },
            ],
          },
        ]);
        return [
          {
            template: templatePath("combat/round-note"),
            context: {
              title: "FRAY.Combat.roundNote",
              round: 2,
              lines: lines.map((l) => ({ ...l, holder: PEOPLE[l.holderId]?.name ?? "" })),
            },
          },
        ];
      },
    },
    {
      id: "chat-dismissed",
      title: "FS-A6 Dismiss: a creature ends an effect of its own",
      frame: { kind: "chat", speaker: PEOPLE.mira!.name },
      parts: () => [
        {
          template: templatePath(DISMISSED_TEMPLATE),
          context: { line: dismissedLine(PEOPLE.mira!.name, "Warding Light") },
        },
      ],
    },
    {
      id: "chat-concentration-ended",
      title: "The fight deleted: the concentrations held in it end (FS-A3, AD-M6)",
      frame: { kind: "chat", speaker: { key: "FRAY.Combat.tracker" } },
      parts: () => [
        {
          template: templatePath(CONCENTRATION_ENDED_TEMPLATE),
          context: concentrationEndedContext([
            { name: PEOPLE.mira!.name, effect: "Warding Light", spell: false, hidden: false },
            { name: PEOPLE.aldo!.name, effect: "Fire Lance", spell: true, hidden: false },
            { name: PEOPLE.orc!.name, effect: null, spell: false, hidden: false },
          ]),
        },
      ],
    },
  );
  return samples;
}
