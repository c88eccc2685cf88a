/**
 * The "public" message mode, for cards every player should see whatever the poster's own mode (an automatic
 * concentration check, a rider's fall): `publicroll` in v13, `public` in v14. Apply it with `applyMessageMode`.
 */
import { modeName } from "./message-modes";

export function publicMessageMode(): string {
  return modeName("public");
}
