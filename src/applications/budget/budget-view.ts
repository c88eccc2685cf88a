/**
 * What the tracker row and the actor sheet show of a combatant's budget (issue: "the tracker row and the sheet
 * show what is left this turn and round"): the family's lines of what is left, and — for whoever may spend it
 * — the buttons of what it can do now (FS activities FS-A2…FS-A17, FS-M3 standing up and dropping prone,
 * FS-M5/FS-M6 jumps; CD-A1…CD-A5 actions; OD-R3/OD-R4 actions, reactions and intrusive actions; AD-M1…AD-M8
 * manoeuvres), plus the GM's (FS-M2/FS-M4 the Strength rolls the GM may ask). Plain data with i18n keys; the
 * template `templates/budget/budget.hbs` localizes it. Pure: every family's view is tested in Node.
 */
import type { BudgetLine, BudgetSummary } from "../../rules/budget/budget-rules";
import type { FamilyId } from "../../rules/families/ids";
import {
  fastSlowRemaining,
  minorActivitiesLeft,
  type FastSlowBudget,
} from "../../rules/families/fast-slow/budget";
import { classicD20Remaining, type ClassicD20Budget } from "../../rules/families/classic-d20/budget";
import { opposedD20Remaining, type OpposedD20Budget } from "../../rules/families/opposed-d20/budget";
import { phasedRemaining, type PhasedBudget } from "../../rules/families/phased-round/budget";
import {
  activeDefenseRemaining,
  type ActiveDefenseBudget,
} from "../../rules/families/active-defense-3d6/budget";
import type { StoredBudget } from "../../rules/budget/budget-lifecycle";

/** A budget button: `op` is what the click does (budget-actions.ts); `data` goes out as `data-<key>`. */
export interface BudgetButton {
  readonly op: string;
  /** i18n key of the label (and the aria label). */
  readonly label: string;
  readonly icon: string;
  readonly data?: Readonly<Record<string, string>>;
  /** The rules would refuse it now (shown, still pressable by a GM to override). */
  readonly spent?: boolean;
}

/**
 * What a button spends, in the family's own terms: the panel draws one labelled row per group, so the owner
 * reads "Movement: Retreat, Rush, Jump…" rather than a wall of equal tiles. Each key is `FRAY.Budget.<key>`.
 */
export type BudgetGroup =
  | "action"
  | "standard"
  | "active"
  | "passive"
  | "maneuver"
  | "movement"
  | "moveAction"
  | "fullRound"
  | "minor"
  | "free"
  | "reactions"
  | "intrusions";

const GROUP_ORDER: readonly BudgetGroup[] = [
  "action",
  "standard",
  "active",
  "passive",
  "maneuver",
  "movement",
  "moveAction",
  "fullRound",
  "minor",
  "free",
  "reactions",
  "intrusions",
];

export interface BudgetButtonGroup {
  readonly key: BudgetGroup;
  /** i18n key of the group's label. */
  readonly label: string;
  readonly buttons: readonly BudgetButton[];
}

/**
 * The group of a spending button, from what its rule spends: FS-A2…FS-A15 the action (FS-A12 Retreat and FS-A13
 * Rush move with it, so they sit with the movement, as do FS-M3 standing up and dropping prone and FS-M5/FS-M6
 * jumps), FS-A17 minor activities, FS-A16/FS-A10 the reaction; CD-A1…CD-A5 the standard, move, full-round and
 * free actions (CD-A2 a double move is movement); OD-R3 active and passive actions, OD-R4 reactions and
 * intrusive actions; AD-M1…AD-M8 the turn's manoeuvre.
 */
export function groupOf(button: BudgetButton): BudgetGroup {
  const data = button.data ?? {};
  switch (button.op) {
    case "fsActivity":
      return data.activity === "retreat" || data.activity === "rush" ? "movement" : "action";
    case "fsPrepare":
    case "fsReload":
      return "action";
    case "fsMinor":
      return "minor";
    case "fsStandUp":
    case "fsJump":
    case "fsDropProne":
      return "movement";
    case "fsReaction":
    case "odReaction":
      return "reactions";
    case "cdAction":
      if (data.type === "free") return "free";
      if (data.type === "moveAction" || data.type === "openMove") return "moveAction";
      return data.type === "fullRound" ? "fullRound" : "standard";
    case "odAction":
      return data.counter === "passive" ? "passive" : "active";
    case "odIntrusive":
      return "intrusions";
    case "adManeuver":
      return "maneuver";
    default:
      return "action";
  }
}

/** The buttons in their groups, in GROUP_ORDER, each group keeping the buttons' own order. */
export function groupControls(controls: readonly BudgetButton[]): BudgetButtonGroup[] {
  return GROUP_ORDER.flatMap((key) => {
    const buttons = controls.filter((button) => groupOf(button) === key);
    return buttons.length ? [{ key, label: `FRAY.Budget.${key}`, buttons }] : [];
  });
}

export interface BudgetLineView {
  readonly label: string;
  readonly left: number;
  readonly max: number;
  /** i18n key of the value ("{left}/{max}", "{left} m", "{left} %"). */
  readonly valueKey: string;
  readonly empty: boolean;
}

/** A line of text: `key` localized with `{value}` (shown escaped), or with `{value}` the localized `valueKey`. */
export interface BudgetNote {
  readonly key: string;
  readonly value?: string;
  readonly valueKey?: string;
}

export interface BudgetView {
  readonly family: FamilyId;
  readonly combatId: string;
  readonly combatantId: string;
  readonly name: string;
  /** The budget as drawn (a spend from it is refused once it has changed: double clicks spend once). */
  readonly fingerprint: string;
  readonly turn: readonly BudgetLineView[];
  readonly round: readonly BudgetLineView[];
  /** FS-A10: the prepared activity and its trigger. */
  readonly prepared: { readonly activity: string; readonly trigger: string } | null;
  /** AD-M2/AD-M3/AD-M1/AD-M5: the manoeuvre of this turn and what carries to the next. */
  readonly notes: readonly BudgetNote[];
  readonly overrides: number;
  readonly controls: readonly BudgetButton[];
  /** The same buttons grouped by what they spend (the panel draws one labelled row per group, in this order). */
  readonly controlGroups: readonly BudgetButtonGroup[];
  readonly gmControls: readonly BudgetButton[];
  /** The compact form (tracker row): lines only, buttons in the sheet. */
  readonly compact: boolean;
  readonly hasControls: boolean;
}

export interface BudgetViewInput {
  readonly family: FamilyId;
  readonly state: StoredBudget | PhasedBudget;
  readonly combatId: string;
  readonly combatantId: string;
  readonly name: string;
  readonly fingerprint: string;
  /** The viewer may spend it (owner or GM). */
  readonly owner: boolean;
  readonly isGM: boolean;
  readonly compact: boolean;
  /** FS-M3 */
  readonly prone?: boolean;
  /** AD: the weapons by id, with their names. */
  readonly weaponNames?: Readonly<Record<string, string>>;
}

const VALUE_KEY: Record<BudgetLine["unit"], string> = {
  count: "FRAY.Budget.Value.count",
  metres: "FRAY.Budget.Value.metres",
  percent: "FRAY.Budget.Value.percent",
};

function lineView(line: BudgetLine): BudgetLineView {
  return {
    label: `FRAY.Budget.${line.key}`,
    left: line.left,
    max: line.max,
    valueKey: VALUE_KEY[line.unit],
    empty: line.left <= 0,
  };
}

/** The family's "what is left". */
export function summaryOf(family: FamilyId, state: StoredBudget | PhasedBudget): BudgetSummary {
  switch (family) {
    case "fast-slow":
      return fastSlowRemaining(state as FastSlowBudget);
    case "classic-d20":
      return classicD20Remaining(state as ClassicD20Budget);
    case "opposed-d20":
      return opposedD20Remaining(state as OpposedD20Budget);
    case "phased-round":
      return phasedRemaining(state as PhasedBudget);
    case "active-defense-3d6":
      return activeDefenseRemaining(state as ActiveDefenseBudget);
  }
}

const b = (
  op: string,
  label: string,
  icon: string,
  data?: Record<string, string>,
  spent?: boolean,
): BudgetButton => ({
  op,
  label,
  icon,
  ...(data ? { data } : {}),
  ...(spent ? { spent: true } : {}),
});

/**
 * FS-A2…FS-A15 activities offered on the budget (attacks start from the weapon, concentration from the spell,
 * Defend from the sheet's fight controls).
 */
export const FS_PANEL_ACTIVITIES = [
  "cast",
  "dismiss",
  "search",
  "help",
  "hide",
  "prepare",
  "reload",
  "retreat",
  "rush",
  "stabilize",
  "useItem",
] as const;

const FS_ICON: Record<(typeof FS_PANEL_ACTIVITIES)[number], string> = {
  cast: "fa-solid fa-wand-sparkles",
  dismiss: "fa-solid fa-hand",
  search: "fa-solid fa-magnifying-glass",
  help: "fa-solid fa-handshake-angle",
  hide: "fa-solid fa-eye-slash",
  prepare: "fa-solid fa-hourglass-half",
  reload: "fa-solid fa-rotate",
  retreat: "fa-solid fa-person-walking-arrow-loop-left",
  rush: "fa-solid fa-person-running",
  stabilize: "fa-solid fa-kit-medical",
  useItem: "fa-solid fa-toolbox",
};

function fastSlowControls(s: FastSlowBudget, prone: boolean): BudgetButton[] {
  const t = s.turn;
  const out: BudgetButton[] = [];
  if (t) {
    const noAction = t.actionLeft <= 0;
    for (const a of FS_PANEL_ACTIVITIES) {
      const op = a === "prepare" ? "fsPrepare" : a === "reload" ? "fsReload" : "fsActivity";
      out.push(b(op, `FRAY.Activity.${a}`, FS_ICON[a], { activity: a }, noAction));
    }
    out.push(
      b("fsMinor", "FRAY.Activity.minor", "fa-solid fa-hand-holding", {}, minorActivitiesLeft(t) <= 0),
    );
    if (prone) {
      out.push(
        b("fsStandUp", "FRAY.Budget.Ui.standUpAction", "fa-solid fa-person", { using: "action" }, noAction),
      );
      out.push(
        b("fsStandUp", "FRAY.Budget.Ui.standUpMove", "fa-solid fa-person", { using: "move" }, t.moveUsed),
      );
    }
    out.push(b("fsJump", "FRAY.Budget.Ui.jump", "fa-solid fa-person-running", {}, t.stopped));
  }
  if (!prone) out.push(b("fsDropProne", "FRAY.Activity.dropProne", "fa-solid fa-person-falling"));
  out.push(
    b(
      "fsReaction",
      "FRAY.Budget.Ui.reactionOther",
      "fa-solid fa-bolt",
      { kind: "other" },
      s.reactionLeft <= 0,
    ),
  );
  if (s.prepared)
    out.push(
      b(
        "fsReaction",
        "FRAY.Activity.preparedReaction",
        "fa-solid fa-bolt-lightning",
        { kind: "prepared" },
        s.reactionLeft <= 0,
      ),
    );
  return out;
}

function classicD20Controls(s: ClassicD20Budget): BudgetButton[] {
  const t = s.turn;
  if (!t) return [];
  const noStandard = t.standardLeft <= 0 || t.fullRound;
  const noMove = (t.moveLeft <= 0 && t.standardLeft <= 0) || t.fullRound;
  const wholeTurn = !t.fullRound && !t.moved && t.standardLeft > 0 && (t.standardOnly || t.moveLeft > 0);
  return [
    b(
      "cdAction",
      "FRAY.Budget.Ui.standardAction",
      "fa-solid fa-star",
      { type: "standard", kind: "other" },
      noStandard,
    ),
    b(
      "cdAction",
      "FRAY.Budget.Ui.castStandard",
      "fa-solid fa-wand-sparkles",
      { type: "standard", kind: "cast" },
      noStandard,
    ),
    b("cdAction", "FRAY.Budget.Ui.moveAction", "fa-solid fa-shoe-prints", { type: "moveAction" }, noMove),
    b(
      "cdAction",
      "FRAY.Budget.Ui.openMove",
      "fa-solid fa-person-walking",
      { type: "openMove" },
      t.moveLeft <= 0 || t.fullRound,
    ),
    b(
      "cdAction",
      "FRAY.Budget.Ui.doubleMove",
      "fa-solid fa-person-running",
      { type: "openMove", useStandard: "true" },
      noStandard || t.moveLeft > 0,
    ),
    b("cdAction", "FRAY.Budget.Ui.fullRound", "fa-solid fa-hourglass", { type: "fullRound" }, !wholeTurn),
    b(
      "cdAction",
      "FRAY.Budget.Ui.fullRoundNoStep",
      "fa-solid fa-hourglass-end",
      { type: "fullRound", allowsStep: "false" },
      !wholeTurn,
    ),
    // CD-A5: limited to a standard action, some full-round actions may be taken as one.
    ...(t.standardOnly
      ? [
          b(
            "cdAction",
            "FRAY.Budget.Ui.fullRoundAsStandard",
            "fa-solid fa-hourglass-half",
            { type: "fullRound", canBeStandard: "true" },
            !wholeTurn,
          ),
        ]
      : []),
    b("cdAction", "FRAY.Budget.Ui.free", "fa-solid fa-feather", { type: "free" }),
  ];
}

function opposedD20Controls(s: OpposedD20Budget): BudgetButton[] {
  const activeLeft = s.limits.active - s.counts.active <= 0;
  const passiveLeft = s.limits.passive - s.counts.passive <= 0;
  return [
    b(
      "odAction",
      "FRAY.Budget.Ui.activeAction",
      "fa-solid fa-hand-fist",
      { counter: "active" },
      activeLeft || s.turn !== "acting",
    ),
    b("odAction", "FRAY.Budget.Ui.passiveAction", "fa-solid fa-shield", { counter: "passive" }, passiveLeft),
    b("odReaction", "FRAY.Budget.reactions", "fa-solid fa-bolt"),
    b("odIntrusive", "FRAY.Budget.intrusions", "fa-solid fa-hand", {}, s.turn === "acting"),
  ];
}

const AD_PICKER = [
  "feint",
  "allOutAttack",
  "allOutDefense",
  "ready",
  "aim",
  "concentrate",
  "move",
  "pickUp",
  "other",
] as const;

const AD_ICON: Record<(typeof AD_PICKER)[number], string> = {
  feint: "fa-solid fa-masks-theater",
  allOutAttack: "fa-solid fa-burst",
  allOutDefense: "fa-solid fa-shield-halved",
  ready: "fa-solid fa-hand-holding",
  aim: "fa-solid fa-crosshairs",
  concentrate: "fa-solid fa-brain",
  move: "fa-solid fa-shoe-prints",
  pickUp: "fa-solid fa-arrow-up-from-ground-water",
  other: "fa-solid fa-ellipsis",
};

function activeDefenseControls(s: ActiveDefenseBudget): BudgetButton[] {
  if (!s.inTurn) return [];
  const taken = s.maneuver !== null && !s.attackAfterPickUp;
  return AD_PICKER.map((m) => b("adManeuver", `FRAY.Maneuver.${m}`, AD_ICON[m], { maneuver: m }, taken));
}

function notesOf(
  family: FamilyId,
  state: StoredBudget | PhasedBudget,
  weapons: Readonly<Record<string, string>>,
) {
  const notes: BudgetNote[] = [];
  if (family === "active-defense-3d6") {
    const s = state as ActiveDefenseBudget;
    if (s.maneuver) notes.push({ key: "FRAY.Budget.Ui.thisTurn", valueKey: `FRAY.Maneuver.${s.maneuver}` });
    for (const [id, w] of Object.entries(s.weapons))
      if (w.status !== "ready")
        notes.push({ key: `FRAY.Budget.Ui.weaponStatus.${w.status}`, value: weapons[id] ?? id });
  }
  return notes;
}

export function buildBudgetView(input: BudgetViewInput): BudgetView {
  const { family, state } = input;
  const summary = summaryOf(family, state);
  let controls: BudgetButton[] = [];
  let gmControls: BudgetButton[] = [];
  if (input.owner && !input.compact) {
    switch (family) {
      case "fast-slow":
        controls = fastSlowControls(state as FastSlowBudget, input.prone === true);
        break;
      case "classic-d20":
        controls = classicD20Controls(state as ClassicD20Budget);
        break;
      case "opposed-d20":
        controls = opposedD20Controls(state as OpposedD20Budget);
        break;
      case "active-defense-3d6":
        controls = activeDefenseControls(state as ActiveDefenseBudget);
        break;
      case "phased-round":
        break;
    }
  }
  if (input.isGM && family === "fast-slow") {
    // FS-M2 climbing and FS-M4 turbulence: the GM may ask a Strength roll; FS-M5/FS-M6 an Agility roll for a
    // jump beyond what the creature jumps without one.
    gmControls = [
      b("fsAskRoll", "FRAY.Budget.Ui.askClimb", "fa-solid fa-mountain", { purpose: "climb" }),
      b("fsAskRoll", "FRAY.Budget.Ui.askTurbulence", "fa-solid fa-wind", { purpose: "turbulence" }),
      b("fsAskRoll", "FRAY.Budget.Ui.askJump", "fa-solid fa-person-running", { purpose: "jump" }),
    ];
  }
  const prepared =
    family === "fast-slow" && (state as FastSlowBudget).prepared
      ? {
          activity: `FRAY.Activity.${(state as FastSlowBudget).prepared?.activity}`,
          trigger: (state as FastSlowBudget).prepared?.trigger ?? "",
        }
      : null;
  return {
    family,
    combatId: input.combatId,
    combatantId: input.combatantId,
    name: input.name,
    fingerprint: input.fingerprint,
    turn: summary.turn.map(lineView),
    round: summary.round.map(lineView),
    prepared,
    notes: notesOf(family, state, input.weaponNames ?? {}),
    overrides: state.overrides.length,
    controls,
    controlGroups: groupControls(controls),
    gmControls: input.compact ? [] : gmControls,
    compact: input.compact,
    hasControls: controls.length > 0 || (!input.compact && gmControls.length > 0),
  };
}
