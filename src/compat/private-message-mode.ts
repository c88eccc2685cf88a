/**
 * The "GM only" message mode for rolls the players should not see (a hidden combatant's initiative):
 * `gmroll` in v13, `gm` in v14 (roll modes became message modes). Apply it with `applyMessageMode`.
 */
import { modeName } from "./message-modes";

export function privateMessageMode(): string {
  return modeName("gm");
}
