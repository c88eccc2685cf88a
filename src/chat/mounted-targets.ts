/**
 * FS-MT7: rider and mount share one space (FS-MT3), so an attack aimed at the pair — an opportunity attack the
 * mount's movement provoked, or any attack at that space — may go to either: the attacker chooses. Before the
 * attack dialog, each targeted token that belongs to a pair (and whose partner is not targeted too) is offered
 * as "the rider or the mount". Nothing is asked when no target rides or carries.
 */
import { pairsOn, tokenById } from "../documents/mounts/mount-store";
import { opportunityAttackTargets, pairOf } from "../rules/families/fast-slow/mounts";
import { loc } from "../utils/loc";
import { templatePath } from "../utils/paths";

export const MOUNTED_TARGETS_TEMPLATE = templatePath("chat/mounted-targets");

type TokenLike = TokenDocument.Implementation;

export interface PairChoice {
  readonly index: number;
  readonly options: readonly {
    readonly uuid: string;
    readonly name: string;
    readonly roleKey: string;
    readonly selected: boolean;
  }[];
}

/** The choices to offer: one per targeted token in a pair whose partner is not targeted. */
export function mountedTargetChoices(targets: readonly TokenLike[]): PairChoice[] {
  const ids = new Set(targets.map((t) => t.id));
  const choices: PairChoice[] = [];
  targets.forEach((target, index) => {
    const pair = pairOf(pairsOn(target), target.id ?? "");
    if (!pair) return;
    const members = opportunityAttackTargets(pair);
    if (members.every((id) => ids.has(id))) return;
    const options = members.flatMap((id, i) => {
      const token = id === target.id ? target : tokenById(target, id);
      if (!token) return [];
      return [
        {
          uuid: token.uuid,
          name: token.name ?? "",
          roleKey: i === 0 ? "FRAY.Mount.Role.rider" : "FRAY.Mount.Role.mount",
          selected: token.id === target.id,
        },
      ];
    });
    if (options.length === 2) choices.push({ index, options });
  });
  return choices;
}

/** The targets after the attacker's choices; null when the dialog was closed. */
export async function chooseMountedTargets(targets: readonly TokenLike[]): Promise<TokenLike[] | null> {
  const choices = mountedTargetChoices(targets);
  if (!choices.length) return [...targets];
  const content = await foundry.applications.handlebars.renderTemplate(MOUNTED_TARGETS_TEMPLATE, { choices });
  const result = (await foundry.applications.api.DialogV2.input({
    window: { title: loc("FRAY.Mount.targetChoiceTitle") },
    content,
    ok: { label: loc("FRAY.Card.Dialog.roll"), icon: "fa-solid fa-crosshairs" },
    rejectClose: false,
  })) as Record<string, unknown> | null;
  if (!result || typeof result !== "object") return null;
  return targets.map((target, index) => {
    const choice = choices.find((c) => c.index === index);
    const picked = choice?.options.find((o) => o.uuid === result[`pair${index}`]);
    if (!choice || !picked || picked.uuid === target.uuid) return target;
    const pair = pairOf(pairsOn(target), target.id ?? "");
    const other = pair ? opportunityAttackTargets(pair).find((id) => id !== target.id) : undefined;
    return (other && tokenById(target, other)) || target;
  });
}
