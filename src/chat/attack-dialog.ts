/**
 * The attack dialog: a situational modifier for every family; FS-D1 situational boons and banes and FS-MT4's
 * independent mounted attack in fast-slow. Returns null when the user closes it.
 */
import { situationBounds, type SituationBounds } from "../rules/attack/situation-bounds";
import type { FamilyId } from "../rules/families/ids";
import { loc } from "../utils/loc";
import { templatePath } from "../utils/paths";
import type { AttackSituation } from "./card-data";

export const ATTACK_DIALOG_TEMPLATE = templatePath("chat/attack-dialog");

function bounded(value: unknown, min: number, max: number): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : 0;
}

/** What the user may choose (a player's within the convention, the GM's further): situation-bounds.ts. */
function boundsOfUser(family: FamilyId): SituationBounds {
  return situationBounds(family, game.user?.isGM === true);
}

/** The dialog's form values as an attack situation (clamped to the user's bounds, whole numbers). */
export function situationFromForm(
  form: Record<string, unknown>,
  family: FamilyId,
  limits: SituationBounds = boundsOfUser(family),
): AttackSituation {
  const fastSlow = family === "fast-slow";
  return {
    modifier: bounded(form.modifier, -limits.modifier, limits.modifier),
    boons: fastSlow ? bounded(form.boons, 0, limits.boons) : 0,
    banes: fastSlow ? bounded(form.banes, 0, limits.banes) : 0,
    mountedIndependent: fastSlow && Boolean(form.mountedIndependent),
  };
}

/** The form's fields offer what the GM will accept from this user (the GM refuses anything further). */
export function attackDialogContext(
  family: FamilyId,
  weaponName: string,
  targets: readonly string[],
  limits: SituationBounds = boundsOfUser(family),
) {
  return {
    boons: family === "fast-slow",
    weapon: weaponName,
    targets,
    modifierMin: -limits.modifier,
    modifierMax: limits.modifier,
    boonsMax: limits.boons,
    banesMax: limits.banes,
  };
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
