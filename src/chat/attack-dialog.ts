/**
 * The attack dialog: a situational modifier for every family; FS-D1 situational boons and banes and FS-MT4's
 * independent mounted attack in fast-slow. Returns null when the user closes it.
 */
import type { FamilyId } from "../rules/families/ids";
import { loc } from "../utils/loc";
import { templatePath } from "../utils/paths";
import type { AttackSituation } from "./card-data";

export const ATTACK_DIALOG_TEMPLATE = templatePath("chat/attack-dialog");

function bounded(value: unknown, min: number, max: number): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : 0;
}

/** The dialog's form values as an attack situation (clamped, whole numbers). */
export function situationFromForm(form: Record<string, unknown>, family: FamilyId): AttackSituation {
  const fastSlow = family === "fast-slow";
  return {
    modifier: bounded(form.modifier, -100, 100),
    boons: fastSlow ? bounded(form.boons, 0, 10) : 0,
    banes: fastSlow ? bounded(form.banes, 0, 10) : 0,
    mountedIndependent: fastSlow && Boolean(form.mountedIndependent),
  };
}

export function attackDialogContext(family: FamilyId, weaponName: string, targets: readonly string[]) {
  return { boons: family === "fast-slow", weapon: weaponName, targets };
}

export async function attackDialog(
  family: FamilyId,
  weaponName: string,
  targets: readonly string[],
): Promise<AttackSituation | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    ATTACK_DIALOG_TEMPLATE,
    attackDialogContext(family, weaponName, targets),
  );
  const result = await foundry.applications.api.DialogV2.input({
    // Names go in the content, where the template escapes them; the title is a plain key.
    window: { title: loc("FRAY.Card.Dialog.title") },
    content,
    ok: { label: loc("FRAY.Card.Dialog.roll"), icon: "fa-solid fa-dice-d20" },
    rejectClose: false,
  });
  if (!result || typeof result !== "object") return null;
  return situationFromForm(result as Record<string, unknown>, family);
}
