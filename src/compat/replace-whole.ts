/**
 * An update that replaces an object field whole instead of merging into it (a stored engine state or
 * budget may lose keys). v13: the `==key` prefix; v14: the `ForcedReplacement` operator (the prefix is
 * deprecated there and removed in v16). Version-sensitive, so it lives in src/compat/.
 */
import { generation } from "./index";

interface ReplacementOperator {
  create(value: unknown): unknown;
}

/** `{ "system.==engine": value }` (v13) or `{ "system.engine": _replace(value) }` (v14+). */
export function replaceWhole(path: string, value: unknown): Record<string, unknown> {
  // v14's operators are not in the v13 types.
  const operators = (foundry.data as { operators?: { ForcedReplacement?: ReplacementOperator } }).operators;
  const replacement = operators?.ForcedReplacement;
  if (generation() >= 14 && replacement) return { [path]: replacement.create(value) };
  const at = path.lastIndexOf(".");
  const key = at < 0 ? `==${path}` : `${path.slice(0, at + 1)}==${path.slice(at + 1)}`;
  return { [key]: value };
}
