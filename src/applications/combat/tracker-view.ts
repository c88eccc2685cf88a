/**
 * The combat tracker's context, built from the round engine's "who may act now" view (turn-view.ts) and
 * what the viewing user may see and do. Plain data with i18n keys, never display text: the templates under
 * templates/combat/ localize it. Pure (no Foundry), so every family's tracker is tested in Node.
 */
import type { FamilyId } from "../../rules/families/ids";
import { lowOrientation } from "../../rules/families/phased-round/orientation";
import type { RoundState, TurnCombatant } from "../../rules/turns/round-state";
import type { RoundStructure, TurnNotes } from "../../rules/turns/round-structure";
import type { EntryStatus, RoundView, TurnEntry } from "../../rules/turns/turn-view";
import { MISSILE_WEAPONS } from "./declarations";

/** What core's turn context (v13 `_prepareTurnContext`) gives a row: what core's own row shows and offers. */
export interface CoreTurn {
  readonly isDefeated: boolean;
  readonly canPing: boolean;
  /** The tracked resource's value (core's tracker setting), when there is one. */
  readonly resource: string | number | null;
  readonly effects: readonly { readonly name: string; readonly img: string }[];
  /** Core's tooltip HTML listing the effects. */
  readonly effectsTooltip: string;
}

/** What the tracker knows of one Combatant document the viewer may see. */
export interface RowSource {
  readonly name: string;
  readonly img: string;
  readonly hidden: boolean;
  /** The viewer owns it (a GM owns every one). */
  readonly owner: boolean;
  /** Core's turn context for it (absent: nothing of core's to show). */
  readonly core?: CoreTurn;
}

/**
 * Core's row controls and displays, kept beside Fray's (issue 11, defect 7): the GM hides a combatant from the
 * players and toggles it defeated; whoever may ping its token pings it; a player pans to it (the GM's click on
 * the row does); its effect icons and the tracked resource show. Handled by core's own actions.
 */
export interface CoreRow {
  readonly toggleHidden: boolean;
  readonly toggleDefeated: boolean;
  readonly ping: boolean;
  readonly pan: boolean;
  readonly isDefeated: boolean;
  readonly effects: readonly { readonly name: string; readonly img: string }[];
  readonly effectsTooltip: string;
  readonly resource: string | number | null;
  readonly hasResource: boolean;
}

export interface TrackerInput {
  readonly view: RoundView;
  readonly structure: RoundStructure;
  readonly state: RoundState;
  /** Only the combatants the viewer may see (hidden ones are left out for players). */
  readonly rows: ReadonlyMap<string, RowSource>;
  readonly isGM: boolean;
}

/** A line beside a name: `key` localized with `{value}`, then `valueKey` localized, when given. */
export interface NoteLine {
  readonly key: string;
  readonly value?: string | number;
  readonly valueKey?: string;
}

export interface ButtonSpec {
  readonly action: string;
  /** i18n key of the visible label and the aria label. */
  readonly label: string;
  readonly icon: string;
  /** Extra data attributes (`data-<name>`). */
  readonly data?: Readonly<Record<string, string>>;
  /** Toggle buttons: the `aria-pressed` value. */
  readonly pressed?: "true" | "false";
}

export interface TrackerRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly hidden: boolean;
  readonly defeated: boolean;
  readonly side: "players" | "gm";
  readonly status: EntryStatus;
  readonly statusLabel: string;
  /** The state's Font Awesome icon (in Foundry's Pro set and the Free one alike). */
  readonly statusIcon: string;
  /** Why it may not act now (`FRAY.Refusal.<code>`), for "waiting" and "out". */
  readonly reasonLabel: string | null;
  readonly acting: boolean;
  readonly initiative: number | null;
  readonly hasInitiative: boolean;
  readonly critical: boolean;
  readonly notes: readonly NoteLine[];
  /** Owner controls (fast/slow, take turn, end turn, pass, declare, roll initiative). */
  readonly controls: readonly ButtonSpec[];
  /** GM controls (force, order, rulings). */
  readonly gmControls: readonly ButtonSpec[];
  readonly core: CoreRow;
  readonly css: string;
}

export interface TrackerContext {
  readonly family: FamilyId;
  readonly familyLabel: string;
  readonly round: number;
  readonly started: boolean;
  readonly phaseLabel: string;
  /** FS-R2/FS-R3: whose sub-part of a claim phase it is. */
  readonly partLabel: string | null;
  readonly phases: readonly { label: string; status: string; current: boolean }[];
  readonly showPhases: boolean;
  /** Names of those who may act now (acting first). */
  readonly mayAct: readonly string[];
  readonly rows: readonly TrackerRow[];
  /** FS-R7, OD-R5: the end-of-round step as a row of its own. */
  readonly endOfRound: {
    readonly current: boolean;
    readonly label: string;
    readonly effects: readonly { holder: string; label: string; ends: boolean }[];
    readonly controls: readonly ButtonSpec[];
  };
  readonly ties: readonly { names: string; methodLabel: string; controls: readonly ButtonSpec[] }[];
  /** PR-P10: the melee queue in resolution order. */
  readonly queue: readonly { name: string; group: string; pass: number; status: string }[];
  readonly gmControls: readonly ButtonSpec[];
  readonly isGM: boolean;
  readonly empty: boolean;
}

const FAMILY_LABEL: Record<FamilyId, string> = {
  "fast-slow": "FRAY.Family.fast-slow.name",
  "classic-d20": "FRAY.Family.classic-d20.name",
  "opposed-d20": "FRAY.Family.opposed-d20.name",
  "phased-round": "FRAY.Family.phased-round.name",
  "active-defense-3d6": "FRAY.Family.active-defense-3d6.name",
};

/** AD-T1 and the other timed states the tracker and the chat note name. */
export const STATE_KEYS = [
  "allOutAttack",
  "allOutDefense",
  "feint",
  "aim",
  "concentration",
  "stunned",
  "defend",
  "help",
  "compromised",
] as const;

export function stateLabel(key: string): string {
  return (STATE_KEYS as readonly string[]).includes(key)
    ? `FRAY.Combat.State.${key}`
    : "FRAY.Combat.State.other";
}

const button = (
  action: string,
  label: string,
  icon: string,
  data?: Record<string, string>,
  pressed?: boolean,
): ButtonSpec => ({
  action,
  label,
  icon,
  ...(data ? { data } : {}),
  ...(pressed === undefined ? {} : { pressed: pressed ? "true" : "false" }),
});

/** The family's notes as localizable lines (unknown notes are left out rather than shown raw). */
export function noteLines(notes: TurnNotes, c: TurnCombatant | undefined): NoteLine[] {
  const lines: NoteLine[] = [];
  for (const [key, value] of Object.entries(notes)) {
    switch (key) {
      case "speed":
        lines.push({ key: `FRAY.Combat.Speed.${String(value)}` });
        break;
      case "rollOff":
      case "dexterity":
      case "meleeGroup":
      case "strikes":
      case "pass":
      case "movement":
        lines.push({ key: `FRAY.Combat.Note.${key}`, value: value as string | number });
        break;
      case "activeActions":
      case "passiveActions":
        lines.push({ key: `FRAY.Combat.Note.${key}`, value: value as number });
        break;
      case "spell":
        lines.push({ key: `FRAY.Declaration.${value === "cast" ? "cast" : "prepare"}` });
        break;
      case "missileA":
      case "missileB":
        if ((MISSILE_WEAPONS as readonly unknown[]).includes(value)) {
          lines.push({ key: `FRAY.Declaration.${key}`, valueKey: `FRAY.MissileWeapon.${String(value)}` });
        }
        break;
      case "manoeuvre":
        lines.push({ key: "FRAY.Combat.Note.manoeuvre", valueKey: `FRAY.Combat.Manoeuvre.${String(value)}` });
        break;
      case "spellOrientation":
      case "finalOrientation": {
        const result = c?.sheet?.[key];
        // PR-P3 "gm" reading: a low roll as the GM ruled it (or waiting for the ruling).
        const ruled = result?.ruling
          ? `low${result.ruling[0]?.toUpperCase()}${result.ruling.slice(1)}`
          : null;
        lines.push({
          key: `FRAY.Combat.Note.${key}`,
          value: result?.roll ?? "",
          valueKey: `FRAY.Combat.Orientation.${ruled ?? String(value)}`,
        });
        break;
      }
      case "halfOb":
      case "orientationFailed":
      case "unableToAct":
      case "orientationPending":
        if (value) lines.push({ key: `FRAY.Combat.Note.${key}` });
        break;
      case "compromised":
      case "compromisedNext":
        lines.push({ key: `FRAY.Combat.Note.${key}`, value: value as number });
        break;
      default:
        // AD-T1 "until your next turn" states, by key.
        if (value === true && (STATE_KEYS as readonly string[]).includes(key)) {
          lines.push({ key: stateLabel(key) });
        }
    }
  }
  return lines;
}

function ownerControls(input: TrackerInput, entry: TurnEntry, c: TurnCombatant | undefined): ButtonSpec[] {
  const { view, structure, state } = input;
  const phase = structure.phases[state.phase];
  const policy = phase?.policy;
  const controls: ButtonSpec[] = [];
  if (!c || c.defeated) return controls;
  const open = entry.status !== "done" && entry.status !== "acting";
  // FS-R1: fast or slow, changeable until the creature acts (also before the fight and at the round's end).
  if (structure.family === "fast-slow" && open && entry.status !== "out") {
    // FS-R2/FS-R3: per part, fast only in the fast part; players first, either in the one part.
    const mayFast = !view.started || policy !== "claim" || phase?.speed !== "slow";
    if (mayFast) {
      controls.push(
        button(
          "frayChooseSpeed",
          "FRAY.Combat.Speed.fast",
          "fa-solid fa-person-running",
          { speed: "fast" },
          c.speed === "fast",
        ),
      );
    }
    controls.push(
      button(
        "frayChooseSpeed",
        "FRAY.Combat.Speed.slow",
        "fa-solid fa-person-walking",
        { speed: "slow" },
        c.speed === "slow",
      ),
    );
  }
  // CD-I1, OD-I2: roll before the fight (or on joining); PR-B3: once the melee is declared, each round.
  const rollsNow =
    (structure.initiative === "combat" && structure.family !== "active-defense-3d6") ||
    (structure.initiative === "round" && c.sheet?.melee != null);
  if (rollsNow && c.initiative === null) {
    controls.push(button("frayRollInitiative", "FRAY.Combat.Action.rollInitiative", "fa-solid fa-dice-d20"));
  }
  if (!view.started) return controls;
  if (entry.status === "acting") {
    controls.push(button("frayEndTurn", "FRAY.Combat.Action.endTurn", "fa-solid fa-hourglass-end"));
  }
  if (policy === "claim" && entry.status === "ready") {
    controls.push(button("frayTakeTurn", "FRAY.Combat.Action.takeTurn", "fa-solid fa-play"));
  }
  if (policy === "claim" && (entry.status === "ready" || entry.status === "waiting")) {
    controls.push(button("frayPass", "FRAY.Combat.Action.pass", "fa-solid fa-forward"));
  }
  if (policy === "declare") controls.push(...declareControls(phase?.id ?? "", entry, c));
  return controls;
}

/** PR-P1, PR-P4, PR-P6, PR-P7, PR-P9 declarations and PR-P3/PR-P11 orientation rolls for the current phase. */
function declareControls(phaseId: string, entry: TurnEntry, c: TurnCombatant): ButtonSpec[] {
  const sheet = c.sheet;
  if (!sheet) return [];
  const may = entry.status === "ready";
  const withdraw = entry.status === "done";
  const out: ButtonSpec[] = [];
  const declare = (kind: string, value: string, label: string, icon: string) =>
    out.push(button("frayDeclare", label, icon, { kind, value }));
  switch (phaseId) {
    case "spellDeclaration":
      if (may) {
        declare("spell", "cast", "FRAY.Declaration.cast", "fa-solid fa-wand-sparkles");
        declare("spell", "prepare", "FRAY.Declaration.prepare", "fa-solid fa-book-open");
      }
      break;
    case "missileDeclarationA":
    case "missileFireB":
      if (may) {
        for (const weapon of MISSILE_WEAPONS) {
          declare("missile", weapon, `FRAY.MissileWeapon.${weapon}`, "fa-solid fa-bullseye");
        }
      }
      break;
    case "movement":
      if (may) out.push(button("frayDeclareMovement", "FRAY.Declaration.move", "fa-solid fa-shoe-prints"));
      break;
    case "melee":
      if (may) out.push(button("frayDeclareMelee", "FRAY.Declaration.melee", "fa-solid fa-khanda"));
      break;
    case "spellOrientation":
    case "finalOrientation":
      if (may)
        out.push(button("frayRollOrientation", "FRAY.Combat.Action.rollOrientation", "fa-solid fa-compass"));
      break;
  }
  if (withdraw && phaseId !== "spellOrientation" && phaseId !== "finalOrientation") {
    out.push(button("frayWithdraw", "FRAY.Combat.Action.withdraw", "fa-solid fa-rotate-left"));
  }
  return out;
}

function gmRowControls(input: TrackerInput, entry: TurnEntry, c: TurnCombatant | undefined): ButtonSpec[] {
  const { view, structure, state, isGM } = input;
  if (!isGM || !c || !view.started) return [];
  const phase = structure.phases[state.phase];
  const out: ButtonSpec[] = [];
  // Force a turn: a creature before pending players (FS-R2 "the GM decides"), or out of order (initiative).
  if (
    (phase?.policy === "claim" || phase?.policy === "initiative") &&
    !c.defeated &&
    c.actedRound < state.round &&
    entry.status !== "acting" &&
    entry.status !== "ready"
  ) {
    out.push(button("frayForceTurn", "FRAY.Combat.Action.forceTurn", "fa-solid fa-bolt"));
  }
  if (structure.family === "phased-round") {
    out.push(
      button(
        "fraySetUnable",
        "FRAY.Combat.Action.unableToAct",
        "fa-solid fa-ban",
        { unable: c.sheet?.unableToAct ? "false" : "true" },
        c.sheet?.unableToAct === true,
      ),
    );
    // PR-P3/PR-P11: between 06 and 95 the GM rules whether the orientation failed.
    const phaseId = phase?.id;
    const result =
      phaseId === "spellOrientation"
        ? c.sheet?.spellOrientation
        : phaseId === "finalOrientation"
          ? c.sheet?.finalOrientation
          : null;
    // PR-P3 ("gm" reading): the GM's ruling on a low roll, and the next round's compromise.
    if (lowOrientation(c.sheet)) {
      out.push(
        button("frayOrientationRuling", "FRAY.Combat.Action.orientationRuling", "fa-solid fa-scale-balanced"),
      );
    }
    if (result && result.band === "judgement") {
      out.push(
        button(
          "frayRuleOrientation",
          "FRAY.Combat.Action.orientationFailed",
          "fa-solid fa-gavel",
          { roll: String(result.roll), failed: result.failed ? "false" : "true" },
          result.failed,
        ),
      );
    }
  }
  return out;
}

function coreRow(source: RowSource, isGM: boolean): CoreRow {
  const core = source.core;
  const resource = core?.resource ?? null;
  return {
    toggleHidden: isGM,
    toggleDefeated: isGM,
    ping: core?.canPing === true,
    pan: !isGM,
    isDefeated: core?.isDefeated === true,
    effects: core?.effects ?? [],
    effectsTooltip: core?.effectsTooltip ?? "",
    resource,
    hasResource: resource !== null && resource !== "",
  };
}

const STATUS_LABEL: Record<EntryStatus, string> = {
  acting: "FRAY.Combat.Status.acting",
  ready: "FRAY.Combat.Status.ready",
  waiting: "FRAY.Combat.Status.waiting",
  done: "FRAY.Combat.Status.done",
  out: "FRAY.Combat.Status.out",
};

/**
 * Each state as an icon of its own element (`<i class="fa-solid …">`), as Foundry's own templates draw icons:
 * a CSS glyph would depend on a CSS variable of Font Awesome's own, which Foundry's stylesheet is not
 * known to define.
 */
const STATUS_ICON: Record<EntryStatus, string> = {
  acting: "fa-solid fa-play",
  ready: "fa-solid fa-circle-dot",
  waiting: "fa-solid fa-clock",
  done: "fa-solid fa-check",
  out: "fa-solid fa-ban",
};

export function buildTrackerContext(input: TrackerInput): TrackerContext {
  const { view, structure, state, rows: sources, isGM } = input;
  const byId = new Map(state.combatants.map((c) => [c.id, c]));
  const nameOf = (id: string) => sources.get(id)?.name ?? null;
  const phaseDef = structure.phases[state.phase];

  const rows: TrackerRow[] = [];
  for (const entry of view.entries) {
    const source = sources.get(entry.id);
    if (!source) continue;
    const c = byId.get(entry.id);
    const controls = source.owner ? ownerControls(input, entry, c) : [];
    rows.push({
      id: entry.id,
      name: source.name,
      img: source.img,
      hidden: source.hidden,
      defeated: entry.defeated,
      side: entry.side,
      status: entry.status,
      statusLabel: STATUS_LABEL[entry.status],
      statusIcon: STATUS_ICON[entry.status],
      reasonLabel:
        entry.reason && (entry.status === "waiting" || entry.status === "out")
          ? `FRAY.Refusal.${entry.reason}`
          : null,
      acting: entry.status === "acting",
      initiative: entry.initiative,
      hasInitiative: entry.initiative !== null,
      critical: entry.notes.critical === true,
      notes: noteLines(entry.notes, c),
      controls,
      gmControls: gmRowControls(input, entry, c),
      core: coreRow(source, isGM),
      css: [
        "combatant",
        `fray-${entry.status}`,
        entry.defeated ? "defeated" : "",
        source.hidden ? "hide" : "",
        entry.status === "acting" ? "active" : "",
      ]
        .filter(Boolean)
        .join(" "),
    });
  }

  const mayAct = view.entries
    .filter((e) => e.status === "acting" || e.status === "ready")
    .sort((a, b) => (a.status === "acting" ? -1 : b.status === "acting" ? 1 : 0))
    .map((e) => nameOf(e.id))
    .filter((n): n is string => n !== null);

  const atEnd = view.started && phaseDef?.policy === "endOfRound";
  const endLabel = structure.phases[structure.phases.length - 1]?.label ?? "FRAY.Combat.Phase.endOfRound";
  const endOfRound = {
    current: atEnd,
    label: endLabel,
    effects: view.roundEnd
      .filter((e) => sources.has(e.state.holder))
      .map((e) => ({ holder: nameOf(e.state.holder) ?? "", label: stateLabel(e.state.key), ends: e.ends })),
    controls:
      isGM && view.started
        ? [
            button(
              "frayEndRound",
              atEnd ? "FRAY.Combat.Action.endRound" : "FRAY.Combat.Action.forceEndRound",
              "fa-solid fa-flag-checkered",
              atEnd ? {} : { force: "true" },
            ),
          ]
        : [],
  };

  const tieControls = (t: RoundView["ties"][number]): ButtonSpec[] => {
    if (!isGM) return [];
    if (t.method === "rollOff") {
      return [
        button("frayRollOff", "FRAY.Combat.Action.rollOff", "fa-solid fa-dice", { ids: t.ids.join(",") }),
      ];
    }
    // OD-I3 "manual": the GM orders by hand once the order exists (the fight has begun).
    if (!view.started) return [];
    return t.ids.slice(1).map((id, i) =>
      button("frayMoveUp", "FRAY.Combat.Action.moveUp", "fa-solid fa-arrow-up", {
        ids: t.ids.join(","),
        index: String(i + 1),
        name: nameOf(id) ?? "",
      }),
    );
  };
  const ties = view.ties
    .filter((t) => t.ids.every((id) => sources.has(id)))
    .map((t) => ({
      names: t.ids.map((id) => nameOf(id) ?? "").join(", "),
      methodLabel: t.method === "manual" ? "FRAY.Combat.Tie.manual" : "FRAY.Combat.Tie.rollOff",
      controls: tieControls(t),
    }));

  const queue =
    phaseDef?.policy === "sequence"
      ? state.queue
          .map((q, i) => ({
            name: nameOf(q.id),
            group: q.group,
            pass: q.pass,
            status:
              i < state.cursor ? "done" : i === state.cursor && state.current === q.id ? "acting" : "waiting",
          }))
          .filter((q): q is { name: string; group: string; pass: 1 | 2; status: string } => q.name !== null)
      : [];

  const gmControls: ButtonSpec[] = [];
  if (isGM) {
    if (!view.started) {
      gmControls.push(button("frayStartCombat", "FRAY.Combat.Action.start", "fa-solid fa-play"));
    } else if (phaseDef?.policy !== "endOfRound") {
      gmControls.push(
        view.complete
          ? button("frayAdvancePhase", "FRAY.Combat.Action.nextPhase", "fa-solid fa-forward-step")
          : button("frayAdvancePhase", "FRAY.Combat.Action.forcePhase", "fa-solid fa-forward-fast", {
              force: "true",
            }),
      );
    }
    // FS-R2: players who cannot agree roll 1d6, the highest first.
    if (structure.family === "fast-slow" && view.started && phaseDef?.policy === "claim") {
      const disputing = view.entries.filter(
        (e) => e.side === "players" && (e.status === "ready" || e.status === "waiting"),
      );
      if (view.phase.part === "players" && disputing.length > 1) {
        gmControls.push(
          button("frayRollOff", "FRAY.Combat.Action.rollOffPlayers", "fa-solid fa-dice", {
            ids: disputing.map((e) => e.id).join(","),
          }),
        );
      }
    }
    // FS-R9 and every GM's ruling: our footer replaces core's, so its End button is ours (core asks to confirm).
    if (view.started || view.offerEndCombat) {
      gmControls.push(button("frayEndCombat", "FRAY.Combat.Action.endCombat", "fa-solid fa-flag"));
    }
  }

  return {
    family: structure.family,
    familyLabel: FAMILY_LABEL[structure.family],
    round: view.round,
    started: view.started,
    phaseLabel: view.started ? view.phase.label : "FRAY.Combat.notStarted",
    partLabel: view.phase.part ? `FRAY.Combat.Side.${view.phase.part}` : null,
    phases: view.phases.map((p) => ({ label: p.label, status: p.status, current: p.status === "current" })),
    showPhases: structure.phases.length > 2,
    mayAct,
    rows,
    endOfRound,
    ties,
    queue,
    gmControls,
    isGM,
    empty: rows.length === 0,
  };
}
