/**
 * An update that deletes a key of an object field (a flag). v14: the `ForcedDeletion` operator
 * (`update-operators.ts`); v13: the `-=key` prefix (deprecated on v14, removed in v16). Version-sensitive, so it
 * lives in src/compat/.
 */
import { deletionOperator } from "./update-operators";

/** `{ "flags.fray.requests.abc": ForcedDeletion }` (v14) or `{ "flags.fray.requests.-=abc": null }` (v13). */
export function deleteKey(path: string): Record<string, unknown> {
  const deletion = deletionOperator();
  if (deletion) return { [path]: deletion() };
  const at = path.lastIndexOf(".");
  return { [at < 0 ? `-=${path}` : `${path.slice(0, at + 1)}-=${path.slice(at + 1)}`]: null };
}
