/**
 * The budget panel's buttons (tracker rows and the actor sheet): one delegated click listener per rendered
 * window, so re-rendered parts keep working; every button is a real <button> (Enter and Space press it) with
 * `data-fray-budget="<op>"` inside a panel that names the combat, the combatant and the budget's fingerprint.
 * Each op becomes a spend request to the active GM (budget-requests.ts), sent with the fingerprint (so a double
 * click spends once) and, for a GM who confirms after a rule's refusal, again with the override.
 */
import { actorSystemOf } from "../../data/system-of";
import { jumpRequest, spendBudgetRequest } from "../../documents/budget-requests";
import { FS_ACTIVITIES, isPreparable } from "../../rules/families/fast-slow/activities";
import { highJumpHeight, longJumpDistance, RUN_UP_METRES } from "../../rules/families/fast-slow/jump";
import { ALL_OUT_ATTACK_OPTIONS } from "../../rules/families/active-defense-3d6/maneuvers";
import { resolveFeint } from "../../rules/families/active-defense-3d6/feint";
import { loc, locHtml } from "../../utils/loc";
import { askFields, type DialogField, type DialogOption } from "./budget-dialogs";
import { sendWithOverride } from "./override-confirm";
import { askTraversalRoll } from "./traversal-rolls";
import { isRolledActivity, rollActivity } from "../sheets/activity-rolls";
import { needsConcentration, startConcentration } from "../../documents/concentration/concentration-start";
import { notifyRefusal } from "../notify";
import { dismissableFor, dismissRequest } from "../../documents/activities/dismiss";

interface PanelIds {
  readonly combatId: string;
  readonly combatantId: string;
  readonly expect: string;
}

function panelOf(button: HTMLElement): PanelIds | null {
  const panel = button.closest<HTMLElement>("[data-fray-budget-panel]");
  const d = panel?.dataset;
  if (!d?.combatId || !d.combatantId) return null;
  return { combatId: d.combatId, combatantId: d.combatantId, expect: d.fingerprint ?? "" };
}

function combatantOf(ids: PanelIds): Combatant.Implementation | undefined {
  return game.combats?.get(ids.combatId)?.combatants.get(ids.combatantId) as
    Combatant.Implementation | undefined;
}

/** Sends a family event for the panel's combatant (with the GM's confirm-and-override). */
export function spendEvent(
  ids: PanelIds,
  event: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return sendWithOverride((override) =>
    spendBudgetRequest.send({
      combatId: ids.combatId,
      combatantId: ids.combatantId,
      expect: ids.expect,
      event,
      ...extra,
      ...(override ? { override: true } : {}),
    }),
  );
}

type WeaponItem = { id: string | null; name: string | null; type: string; system: Record<string, unknown> };

function weaponsOf(
  combatant: Combatant.Implementation | undefined,
  filter: (w: WeaponItem) => boolean = () => true,
) {
  const items = (combatant?.actor?.items ?? []) as Iterable<WeaponItem>;
  return [...items].filter((i) => i.type === "weapon" && i.id && filter(i));
}

const weaponOptions = (weapons: WeaponItem[]): DialogOption[] =>
  weapons.map((w, i) => ({ value: w.id ?? "", text: w.name ?? "", selected: i === 0 }));

function otherCombatants(ids: PanelIds): DialogOption[] {
  const combat = game.combats?.get(ids.combatId);
  return [...(combat?.combatants.values() ?? [])]
    .filter((c) => c.id !== ids.combatantId && c.visible)
    .map((c, i) => ({ value: c.id ?? "", text: c.name ?? "", selected: i === 0 }));
}

const COUNTER_OPTIONS: DialogOption[] = [
  { value: "none", key: "FRAY.Budget.Ui.counterNone", selected: true },
  { value: "active", key: "FRAY.Budget.active" },
  { value: "passive", key: "FRAY.Budget.passive" },
];

const counterOf = (v: unknown) => (v === "active" || v === "passive" ? v : null);

/** A real 3d6 roll posted to the chat (AD-M1 feint contest, AD-M5 aim), its faces returned. */
async function roll3d6(actor: Actor.Implementation | null | undefined, flavor: string): Promise<number[]> {
  const roll = new Roll("3d6");
  await roll.evaluate();
  await roll.toMessage({ speaker: ChatMessage.getSpeaker(actor ? { actor } : {}), flavor });
  return (roll.dice[0]?.results ?? []).map((r) => r.result);
}

function adSkill(actor: Actor.Implementation | null | undefined, weapon: WeaponItem | undefined): number {
  const ad = actor ? actorSystemOf(actor).activeDefense : undefined;
  const skill = weapon ? String(weapon.system.skill ?? "") : "";
  const skills: Readonly<Record<string, number>> | undefined = ad?.skills;
  return Number(skills?.[skill] ?? ad?.ag ?? 10);
}

/** AD-M1: the enemy's best weapon skill among its equipped weapons, or AG (the text: weapon skill or AG). */
function enemySkill(combatant: Combatant.Implementation | undefined): number {
  const weapons = weaponsOf(combatant, (w) => w.system.equipped === true);
  if (!weapons.length) return adSkill(combatant?.actor, undefined);
  return Math.max(...weapons.map((w) => adSkill(combatant?.actor, w)));
}

async function adManeuver(ids: PanelIds, maneuver: string): Promise<boolean> {
  const combatant = combatantOf(ids);
  const title = loc(`FRAY.Maneuver.${maneuver}`);
  const weaponField = (filter?: (w: WeaponItem) => boolean): DialogField => ({
    name: "weaponId",
    label: "FRAY.Budget.Ui.weapon",
    options: weaponOptions(weaponsOf(combatant, filter)),
  });
  switch (maneuver) {
    case "allOutAttack": {
      const f = await askFields(title, [
        {
          name: "option",
          label: "FRAY.Budget.Ui.option",
          options: ALL_OUT_ATTACK_OPTIONS.map((o, i) => ({
            value: o,
            key: `FRAY.Attack.AllOut.${o}`,
            selected: i === 0,
          })),
        },
        weaponField(),
      ]);
      return f
        ? spendEvent(ids, { type: "maneuver", maneuver, option: f.option, weaponId: f.weaponId })
        : false;
    }
    case "ready":
    case "pickUp": {
      const f = await askFields(title, [weaponField()]);
      return f ? spendEvent(ids, { type: "maneuver", maneuver, weaponId: f.weaponId }) : false;
    }
    case "aim": {
      // AD-M5: a skill roll whose margin becomes the bonus of the next shot.
      const bows = (w: WeaponItem) => ["bow", "crossbow"].includes(String(w.system.skill));
      const f = await askFields(title, [weaponField(bows)]);
      if (!f) return false;
      const weapon = weaponsOf(combatant).find((w) => w.id === f.weaponId);
      const faces = await roll3d6(
        combatant?.actor,
        locHtml("FRAY.Budget.Ui.aimRoll", { name: combatant?.name ?? "" }),
      );
      const margin = adSkill(combatant?.actor, weapon) - faces.reduce((s, x) => s + x, 0);
      return spendEvent(ids, { type: "maneuver", maneuver, weaponId: f.weaponId, margin });
    }
    case "feint": {
      // AD-M1: a quick contest of weapon skills; the effect is the feinter's margin minus the enemy's.
      const f = await askFields(title, [
        { name: "target", label: "FRAY.Budget.Ui.target", options: otherCombatants(ids) },
        weaponField(),
      ]);
      if (!f) return false;
      const enemy = game.combats?.get(ids.combatId)?.combatants.get(String(f.target)) as
        Combatant.Implementation | undefined;
      const weapon = weaponsOf(combatant).find((w) => w.id === f.weaponId);
      const mine = await roll3d6(
        combatant?.actor,
        locHtml("FRAY.Budget.Ui.feintRoll", { name: combatant?.name ?? "" }),
      );
      const theirs = await roll3d6(
        enemy?.actor,
        locHtml("FRAY.Budget.Ui.feintRoll", { name: enemy?.name ?? "" }),
      );
      const result = resolveFeint(
        { faces: mine, target: adSkill(combatant?.actor, weapon) },
        { faces: theirs, target: enemySkill(enemy) },
      );
      return spendEvent(ids, { type: "maneuver", maneuver, target: f.target, effect: result.effect });
    }
    case "concentrate":
      return adConcentrate(ids, combatant, title);
    default:
      return spendEvent(ids, { type: "maneuver", maneuver });
  }
}

/**
 * AD-M6: one concentrates to cast a spell. With spells that need it, the form asks which, and the sheet's own
 * request begins the concentration (its state until the next turn, then the casting roll) with the manoeuvre;
 * a creature with none concentrates on what the GM rules (the manoeuvre alone).
 */
async function adConcentrate(
  ids: PanelIds,
  combatant: Combatant.Implementation | undefined,
  title: string,
): Promise<boolean> {
  const actor = combatant?.actor;
  const spells = [...((actor?.items ?? []) as Iterable<Item.Implementation>)].filter(
    (item) => item.type === "spell" && needsConcentration(item),
  );
  if (!actor || !spells.length) return spendEvent(ids, { type: "maneuver", maneuver: "concentrate" });
  const f = await askFields(title, [
    {
      name: "itemId",
      label: "FRAY.Budget.Ui.spell",
      options: spells.map((s, i) => ({ value: s.id ?? "", text: s.name ?? "", selected: i === 0 })),
    },
  ]);
  const item = f ? spells.find((s) => s.id === f.itemId) : undefined;
  if (!item) return false;
  const token = (combatant.token as TokenDocument.Implementation | null) ?? null;
  return notifyRefusal(await startConcentration(actor, item, token));
}

/**
 * FS-A6: the form asks which of the creature's own effects to end (its concentrations, the effects its spells
 * and talents placed); the GM spends the action and ends it. With none, the player is told and nothing is spent.
 */
async function fsDismiss(ids: PanelIds): Promise<boolean> {
  const combat = game.combats?.get(ids.combatId) as Combat.Implementation | undefined;
  const combatant = combatantOf(ids);
  if (!combat || !combatant) return false;
  const effects = dismissableFor(combat, combatant);
  if (!effects.length) {
    ui.notifications?.warn(locHtml("FRAY.Refusal.nothingToDismiss", { name: combatant.name ?? "" }));
    return false;
  }
  const f = await askFields(loc("FRAY.Activity.dismiss"), [
    {
      name: "effectId",
      label: "FRAY.Activity.Dismiss.effect",
      options: effects.map((e, i) => ({ value: e.effectId, text: e.name, selected: i === 0 })),
    },
  ]);
  if (!f) return false;
  const effectId = String(f.effectId ?? "");
  return sendWithOverride((override) =>
    dismissRequest.send({
      combatId: ids.combatId,
      combatantId: ids.combatantId,
      expect: ids.expect,
      effectId,
      ...(override ? { override: true } : {}),
    }),
  );
}

async function fsPrepare(ids: PanelIds): Promise<boolean> {
  const f = await askFields(loc("FRAY.Activity.prepare"), [
    {
      name: "activity",
      label: "FRAY.Budget.Ui.preparedActivity",
      options: FS_ACTIVITIES.filter(isPreparable).map((a, i) => ({
        value: a,
        key: `FRAY.Activity.${a}`,
        selected: i === 0,
      })),
    },
    { name: "trigger", label: "FRAY.Budget.Ui.trigger", value: "", required: true },
  ]);
  if (!f) return false;
  return spendEvent(ids, {
    type: "activity",
    activity: "prepare",
    prepared: { activity: f.activity, trigger: String(f.trigger ?? "") },
  });
}

async function fsReload(ids: PanelIds): Promise<boolean> {
  const combatant = combatantOf(ids);
  const f = await askFields(loc("FRAY.Activity.reload"), [
    { name: "itemId", label: "FRAY.Budget.Ui.weapon", options: weaponOptions(weaponsOf(combatant)) },
    { name: "hasAmmunition", label: "FRAY.Budget.Ui.hasAmmunition", checkbox: true, value: true },
  ]);
  if (!f) return false;
  return spendEvent(
    ids,
    { type: "activity", activity: "reload", hasAmmunition: f.hasAmmunition === true },
    { itemId: String(f.itemId ?? "") },
  );
}

/** FS-M5/FS-M6: the jump dialog's fields, with what a creature of this Agility modifier jumps without a roll. */
export function jumpDialog(agility: number): { fields: DialogField[]; info: string[] } {
  const info = [
    loc("FRAY.Budget.Ui.jumpHigh", {
      still: highJumpHeight(agility, 0),
      runUp: highJumpHeight(agility, RUN_UP_METRES),
      metres: RUN_UP_METRES,
    }),
    loc("FRAY.Budget.Ui.jumpLong", {
      still: longJumpDistance(agility, 0),
      runUp: longJumpDistance(agility, RUN_UP_METRES),
      metres: RUN_UP_METRES,
    }),
    loc("FRAY.Movement.agilityRollAsked"),
  ];
  const fields: DialogField[] = [
    {
      name: "kind",
      label: "FRAY.Budget.Ui.jumpKind",
      options: [
        { value: "long", key: "FRAY.Movement.jumpLong", selected: true },
        { value: "high", key: "FRAY.Movement.jumpHigh" },
        { value: "down", key: "FRAY.Movement.jumpDown" },
      ],
    },
    {
      name: "metres",
      label: "FRAY.Budget.Ui.jumpMetres",
      number: true,
      value: 1,
      step: 0.1,
      min: 0.1,
      max: 100,
    },
    {
      name: "runUpMetres",
      label: "FRAY.Budget.Ui.runUp",
      number: true,
      value: 0,
      step: 0.5,
      min: 0,
      max: 100,
    },
    // FS-M6: a long jump over open space (a pit): running out of move mid-jump is a fall, not a landing.
    { name: "overGap", label: "FRAY.Budget.Ui.overGap", checkbox: true, value: false },
  ];
  return { fields, info };
}

/** FS-M5/FS-M6: the jump dialog, with what the creature jumps without a roll from its Agility modifier. */
async function fsJump(ids: PanelIds): Promise<boolean> {
  const actor = combatantOf(ids)?.actor;
  const agility = Number(
    (actor ? actorSystemOf(actor).derived : undefined)?.fastSlow?.modifiers?.agility ?? 0,
  );
  const { fields, info } = jumpDialog(agility);
  const f = await askFields(loc("FRAY.Budget.Ui.jump"), fields, info);
  if (!f) return false;
  return sendWithOverride((override) =>
    jumpRequest.send({
      combatId: ids.combatId,
      combatantId: ids.combatantId,
      expect: ids.expect,
      kind: String(f.kind),
      metres: Number(f.metres),
      runUpMetres: Number(f.runUpMetres),
      ...(f.overGap === true || String(f.overGap) === "true" ? { overGap: true } : {}),
      ...(override ? { override: true } : {}),
    }),
  );
}

async function odReaction(ids: PanelIds, intrusive: boolean): Promise<boolean> {
  const fields: DialogField[] = intrusive
    ? [{ name: "before", label: "FRAY.Budget.Ui.before", options: otherCombatants(ids) }]
    : [{ name: "trigger", label: "FRAY.Budget.Ui.trigger", value: "", required: true }];
  fields.push({ name: "counter", label: "FRAY.Budget.Ui.counter", options: COUNTER_OPTIONS });
  const f = await askFields(loc(intrusive ? "FRAY.Budget.intrusions" : "FRAY.Budget.reactions"), fields);
  if (!f) return false;
  const counter = counterOf(f.counter);
  return spendEvent(
    ids,
    intrusive
      ? { type: "intrusive", before: String(f.before ?? ""), counter }
      : { type: "reaction", trigger: String(f.trigger ?? ""), counter },
  );
}

/** What one button does; resolves true when something was spent. */
export async function runBudgetOp(button: HTMLElement): Promise<boolean> {
  const ids = panelOf(button);
  const d = button.dataset;
  if (!ids) return false;
  switch (d.frayBudget) {
    case "fsActivity":
      if (d.activity === "dismiss") return fsDismiss(ids);
      // FS-A7, FS-A8, FS-A14: the action is a roll, posted once the action is spent.
      if (isRolledActivity(d.activity)) return rollActivity(ids, d.activity);
      return spendEvent(ids, { type: "activity", activity: d.activity });
    case "fsPrepare":
      return fsPrepare(ids);
    case "fsReload":
      return fsReload(ids);
    case "fsMinor":
      return spendEvent(ids, { type: "minor" });
    case "fsStandUp":
      return spendEvent(ids, { type: "standUp", using: d.using });
    case "fsDropProne":
      return spendEvent(ids, { type: "dropProne" });
    case "fsReaction":
      return spendEvent(ids, { type: "reaction", kind: d.kind });
    case "fsJump":
      return fsJump(ids);
    case "fsAskRoll":
      return askTraversalRoll(
        ids.combatId,
        ids.combatantId,
        d.purpose === "turbulence" || d.purpose === "jump" ? d.purpose : "climb",
      );
    case "cdAction":
      return spendEvent(ids, {
        type: d.type,
        ...(d.kind ? { kind: d.kind } : {}),
        ...(d.useStandard === "true" ? { useStandard: true } : {}),
        ...(d.allowsStep === "false" ? { allowsStep: false } : {}),
        ...(d.canBeStandard === "true" ? { canBeStandard: true } : {}),
      });
    case "odAction":
      return spendEvent(ids, { type: "action", counter: d.counter });
    case "odReaction":
      return odReaction(ids, false);
    case "odIntrusive":
      return odReaction(ids, true);
    case "adManeuver":
      return adManeuver(ids, d.maneuver ?? "");
    default:
      return false;
  }
}

/** Buttons being handled now: a second click on one waits for nothing and spends nothing. */
const busy = new WeakSet<HTMLElement>();

/** The delegated listener's work for one click (exported for the tests). */
export function onBudgetClick(event: Pick<Event, "target" | "preventDefault">): Promise<boolean> | null {
  const origin = event.target as HTMLElement | null;
  const button = origin?.closest?.<HTMLElement>("button[data-fray-budget]");
  if (!button) return null;
  event.preventDefault();
  if (busy.has(button)) return Promise.resolve(false);
  busy.add(button);
  return runBudgetOp(button).finally(() => busy.delete(button));
}

/**
 * Presses, inside `root` (the actor sheet), the panel's button of the active-defense manoeuvre `maneuver`
 * (AD-M3 all-out defense from the sheet's fight controls): focused, then handled as its own click, so the
 * same request, form and double-click guard apply. Null when the panel offers no such button now.
 */
export function takePanelManeuver(
  root: ParentNode | null | undefined,
  maneuver: string,
): Promise<boolean> | null {
  const button = [...(root?.querySelectorAll<HTMLElement>("button[data-fray-budget]") ?? [])].find(
    (b) => b.dataset.frayBudget === "adManeuver" && b.dataset.maneuver === maneuver,
  );
  if (!button) return null;
  button.focus();
  return onBudgetClick({ target: button, preventDefault: () => undefined });
}

/** Attaches the listener to a rendered window's element, once. */
export function attachBudgetListener(element: HTMLElement | null | undefined): void {
  if (!element || element.dataset.frayBudgetListening) return;
  element.dataset.frayBudgetListening = "true";
  element.addEventListener("click", (event) => void onBudgetClick(event));
}
