/**
 * OD-A1 at the table: before an opposed-d20 attack counts its action, the attacker checks that its weapon reaches
 * every target (reach.ts) from the tokens' places on the scene. A player is told which target is out of reach and
 * the attack stops; a GM may confirm and go on. Without an attacker's token nothing is measured.
 */
import { confirmOverride } from "../applications/budget/override-confirm";
import { notifyRefusal } from "../applications/notify";
import { tokenDistance } from "../documents/mounts/token-geometry";
import { opposedD20CanReach } from "../rules/families/opposed-d20/reach";
import { refuse } from "../rules/outcome";
import { weaponStats } from "./parties";

/** The scene's distance unit ("m", "ft"…), or "". */
function unitsOf(token: TokenDocument.Implementation): string {
  const grid = token.parent?.grid;
  return typeof grid?.units === "string" ? grid.units : "";
}

/** True when the attack may go on: every target is reached, or a GM confirmed past the one that is not. */
export async function reachesTargets(
  attacker: TokenDocument.Implementation | null,
  item: Item.Implementation,
  targets: readonly TokenDocument.Implementation[],
): Promise<boolean> {
  if (!attacker) return true;
  const stats = weaponStats(item);
  const units = unitsOf(attacker);
  const measure = (value: string | undefined) => (units ? `${value ?? ""} ${units}` : (value ?? ""));
  for (const target of targets) {
    const check = opposedD20CanReach({
      kind: stats.kind,
      reach: stats.reach,
      range: stats.range,
      distance: tokenDistance(attacker, target),
    });
    if (check.ok) continue;
    const refusal = refuse(check.reason, {
      name: target.name ?? "",
      distance: measure(check.data?.distance),
      limit: measure(check.data?.limit),
    });
    if (game.user?.isGM && (await confirmOverride(refusal))) continue;
    return notifyRefusal(refusal);
  }
  return true;
}
