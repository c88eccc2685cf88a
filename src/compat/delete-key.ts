/**
 * An update that deletes a key of an object field (a flag). v13: the `-=key` prefix; v14: the `ForcedDeletion`
 * operator (the prefix is deprecated there, removed in v16). Version-sensitive, so it lives in src/compat/.
 */
import { generation } from "./index";

interface DeletionOperator {
  create?(): unknown;
  new (): unknown;
}

/** `{ "flags.fray.requests.-=abc": null }` (v13) or `{ "flags.fray.requests.abc": ForcedDeletion }` (v14+). */
export function deleteKey(path: string): Record<string, unknown> {
  // v14's operators are not in the v13 types.
  const operators = (foundry.data as { operators?: { ForcedDeletion?: DeletionOperator } }).operators;
  const deletion = operators?.ForcedDeletion;
  if (generation() >= 14 && deletion)
    return { [path]: typeof deletion.create === "function" ? deletion.create() : new deletion() };
  const at = path.lastIndexOf(".");
  return { [at < 0 ? `-=${path}` : `${path.slice(0, at + 1)}-=${path.slice(at + 1)}`]: null };
}
