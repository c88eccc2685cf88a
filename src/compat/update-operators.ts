/**
 * v14's update operators (`foundry.data.operators`, foundryvtt.com/api/modules/foundry.data.operators.html) and what
 * v13 spells instead: a forced replacement `==key`, a deletion `-=key` (v14 deprecates both until v16). Found by
 * what the running Foundry has, never by its version: v13 has no operators at all. Version-sensitive, so it lives in
 * src/compat/ (README.md, "Documents, update operators…").
 */

/** The part of v14's `foundry.data.operators` Fray uses; absent on v13 (and unknown to the v13 types). */
interface Operators {
  readonly DataFieldOperator?: abstract new (...args: never[]) => object;
  readonly ForcedReplacement?: { readonly create?: unknown };
  readonly ForcedDeletion?: (abstract new (...args: never[]) => object) & { readonly create?: unknown };
}

/** The globals v14 defines beside them: `_replace(value)` and `_del` (unknown to the v13 types). */
interface OperatorGlobals {
  readonly _replace?: unknown;
  readonly _del?: unknown;
}

function operators(): Operators | undefined {
  return (foundry.data as { operators?: Operators }).operators;
}

function globals(): OperatorGlobals {
  return globalThis as OperatorGlobals;
}

/**
 * How this Foundry replaces a value whole: v14's `ForcedReplacement.create(value)` when it is a function, else the
 * `_replace` global when there is one, else null (v13: the legacy `==key`). Never `new ForcedReplacement(value)`:
 * the evidence on its constructor contradicts itself (C-documents-combat §1.1).
 */
export function replacementOperator(): ((value: unknown) => unknown) | null {
  const replacement = operators()?.ForcedReplacement;
  const create = replacement?.create;
  if (typeof create === "function")
    return (value) => (create as (v: unknown) => unknown).call(replacement, value);
  const replace = globals()._replace;
  if (typeof replace === "function") return (value) => (replace as (v: unknown) => unknown)(value);
  return null;
}

/**
 * How this Foundry deletes a key: v14's `ForcedDeletion.create()` when it is a function, else the `_del` global (a
 * ForcedDeletion) when there is one, else null (v13: the legacy `-=key` with null).
 */
export function deletionOperator(): (() => unknown) | null {
  const deletion = operators()?.ForcedDeletion;
  const create = deletion?.create;
  if (typeof create === "function") return () => (create as () => unknown).call(deletion);
  const del = globals()._del;
  if (del !== null && typeof del === "object" && (!deletion || del instanceof deletion)) return () => del;
  return null;
}

/**
 * Whether a value in an update's changes (as an update hook receives them) is a v14 operator rather than data: an
 * instance of `DataFieldOperator`. Always false on v13, which has none.
 */
export function isUpdateOperator(value: unknown): boolean {
  const base = operators()?.DataFieldOperator;
  return typeof base === "function" && value instanceof base;
}
