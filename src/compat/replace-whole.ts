/**
 * An update that replaces an object field whole instead of merging into it (a stored engine state or budget may
 * lose keys). v14: the `ForcedReplacement` operator (`update-operators.ts`); v13: the `==key` prefix (deprecated on
 * v14, removed in v16). A null replaces an object without any operator on both. Version-sensitive, so it lives in
 * src/compat/ (README.md: the decision on foundryvtt#13466).
 */
import { replacementOperator } from "./update-operators";

/** `{ "system.engine": ForcedReplacement }` (v14) or `{ "system.==engine": value }` (v13); null: `{ [path]: null }`. */
export function replaceWhole(path: string, value: unknown): Record<string, unknown> {
  if (value === null) return { [path]: null };
  const replace = replacementOperator();
  if (replace) return { [path]: replace(value) };
  const at = path.lastIndexOf(".");
  const key = at < 0 ? `==${path}` : `${path.slice(0, at + 1)}==${path.slice(at + 1)}`;
  return { [key]: value };
}
