/**
 * v14's update operators (`foundry.data.operators`), as far as the evidence shows them (tests/harness/README.md, "Two
 * generations"): `ForcedReplacement.create(value)` replaces a field whole without recursing into it,
 * `ForcedDeletion.create()` deletes a key; both are `DataFieldOperator`s that serialize with `OPERATOR_IDENTIFIER`
 * and are rebuilt by `reconstructOperator`, so they cross the socket. Core also defines the globals `_replace(value)`
 * and `_del`. v13 has none of them: it spells a replacement `==key` and a deletion `-=key`, which v14 deprecates
 * (they still work there, with a console warning, until v16) — the v14 harness throws on them.
 *
 * Each page of the world harness makes its own classes (`createOperators`), as each browser has its own; the
 * update machinery recognises any page's operator through `operatorOf`. Stricter than core where unsure: no
 * constructor argument for a replacement (`new ForcedReplacement(value)` throws: the evidence contradicts itself),
 * no public `value` property, an operator inside a replacement's value throws (foundryvtt#14573), and a serialized
 * operator that reaches a document's data without being reconstructed throws.
 */
import { failures } from "./core";
import { V14 } from "./generation";

type Data = Record<string, unknown>;

/** The key that marks a serialized operator (v14 `OPERATOR_IDENTIFIER`). */
export const OPERATOR_IDENTIFIER = "__$OPERATOR$__";

export type OperatorKind = "ForcedReplacement" | "ForcedDeletion";

/** Every operator made by any page's classes: its kind and (for a replacement) its value. */
const made = new WeakMap<object, { kind: OperatorKind; value?: unknown }>();

const jsonCopy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** The operator `value` is, or undefined (a plain value). */
export function operatorOf(value: unknown): { kind: OperatorKind; value?: unknown } | undefined {
  return value && typeof value === "object" ? made.get(value) : undefined;
}

/** A replacement's value cleaned by a data model (the same operator, its value replaced). */
export function setReplacementValue(op: object, value: unknown): void {
  const entry = made.get(op);
  if (entry?.kind !== "ForcedReplacement") throw new Error("harness: not a ForcedReplacement");
  refuseNested(value);
  entry.value = value;
}

/** A serialized operator that was never reconstructed (a plain `{ "__$OPERATOR$__": … }` object). */
export function isSerializedOperator(value: unknown): boolean {
  return (
    !!value &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    !made.has(value) &&
    Object.hasOwn(value, OPERATOR_IDENTIFIER)
  );
}

/** An operator nested inside a replacement's value is refused (foundryvtt#14573: core left it in the data). */
function refuseNested(value: unknown, path = "value"): void {
  if (operatorOf(value) || isSerializedOperator(value))
    throw new Error(`harness: an update operator inside a ForcedReplacement (${path}) is not applied by v14`);
  if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value as Data)) refuseNested(v, `${path}.${k}`);
}

/** One set of operator classes (a page's, or the single-process harness's). */
export function createOperators() {
  class DataFieldOperator {
    constructor() {
      if (new.target === DataFieldOperator) throw new Error("DataFieldOperator is abstract");
    }
    /** Serialized for the socket: `{ "__$OPERATOR$__": kind, value }`. */
    toJSON(): Data {
      const entry = made.get(this)!;
      return entry.kind === "ForcedReplacement"
        ? { [OPERATOR_IDENTIFIER]: entry.kind, value: jsonCopy(entry.value) }
        : { [OPERATOR_IDENTIFIER]: entry.kind };
    }
  }
  class ForcedDeletion extends DataFieldOperator {
    constructor(...args: unknown[]) {
      super();
      if (args.length) throw new Error("ForcedDeletion takes no value");
      made.set(this, { kind: "ForcedDeletion" });
    }
    static create(): ForcedDeletion {
      return new this();
    }
  }
  class ForcedReplacement extends DataFieldOperator {
    constructor(...args: unknown[]) {
      super();
      if (args.length)
        throw new Error(
          "harness: new ForcedReplacement(value) is not imitated (the evidence contradicts itself): use ForcedReplacement.create(value)",
        );
      made.set(this, { kind: "ForcedReplacement", value: undefined });
    }
    static create(value: unknown): ForcedReplacement {
      refuseNested(value);
      const op = new this();
      made.set(op, { kind: "ForcedReplacement", value: jsonCopy(value) });
      return op;
    }
  }
  /** v14 `reconstructOperator(obj)`: the operator a serialized one stands for. */
  function reconstructOperator(obj: Data): ForcedDeletion | ForcedReplacement {
    const kind = obj?.[OPERATOR_IDENTIFIER];
    if (kind === "ForcedDeletion") return ForcedDeletion.create();
    if (kind === "ForcedReplacement") return ForcedReplacement.create(obj.value);
    throw new Error(`reconstructOperator: ${JSON.stringify(obj)} is not a serialized operator`);
  }
  const operators = {
    DataFieldOperator,
    ForcedDeletion,
    ForcedReplacement,
    OPERATOR_IDENTIFIER,
    reconstructOperator,
  };
  /** The globals core defines beside them: `_del` (one ForcedDeletion) and `_replace(value)`. */
  const globals = {
    _del: ForcedDeletion.create(),
    _replace: (value: unknown) => ForcedReplacement.create(value),
  };
  return { operators, globals };
}

export type Operators = ReturnType<typeof createOperators>;

/** The single-process harness's operator classes (install.ts installs them; `wire` rebuilds into them). */
const own = createOperators();

export const harnessOperators = own;

type OperatorSet = Operators["operators"];

/**
 * Installs v14's operators into a page's globals (`foundry.data.operators`, `_del`, `_replace`); v13 has none (the
 * keys stay absent).
 */
export function installOperators(globals: Record<string, unknown>, set: Operators = own): void {
  if (!V14) return;
  const foundry = globals.foundry as { data: Data };
  foundry.data.operators = set.operators;
  globals._del = set.globals._del;
  globals._replace = set.globals._replace;
}

/**
 * What crosses the socket: a JSON copy in which every serialized operator is reconstructed (v14; v13 has no
 * operators, so nothing to rebuild). A document stand-in copies update data with this where core sends it.
 */
export function wire<T>(value: T, operators: OperatorSet = own.operators): T {
  if (value === undefined) return value;
  const copy = JSON.parse(JSON.stringify(value)) as T;
  return V14 ? revive(copy, operators) : copy;
}

/**
 * Reconstructs the serialized operators found in `value` (in place where it can) with `operators`' classes (the
 * receiving page's, or the single-process harness's), v14 only.
 */
export function revive<T>(value: T, operators: OperatorSet = own.operators): T {
  if (!V14 || !value || typeof value !== "object") return value;
  if (isSerializedOperator(value)) return operators.reconstructOperator(value as Data) as unknown as T;
  if (Array.isArray(value)) {
    const list = value as unknown[];
    for (const [i, v] of list.entries()) list[i] = revive(v, operators);
    return value;
  }
  if (made.has(value)) return value;
  for (const [k, v] of Object.entries(value as Data)) (value as Data)[k] = revive(v, operators);
  return value;
}

/**
 * A legacy `-=key` / `==key` in update data: v13 applies it; v14 deprecates it (a console warning, removal in v16),
 * so the v14 harness records the deprecation as a failure of the test and throws.
 */
export function legacyKey(key: string): boolean {
  const legacy = key.startsWith("-=") || key.startsWith("==");
  if (legacy && V14) {
    const kind = key.startsWith("-=") ? "deletion" : "replacement";
    const op = key.startsWith("-=") ? "ForcedDeletion" : "ForcedReplacement";
    const message = `v14 deprecates the legacy forced ${kind} key "${key}" (since 14, until 16): use {${key.slice(2)}: foundry.data.operators.${op}…}`;
    failures.push(message);
    throw new Error(message);
  }
  return legacy;
}

/** A serialized operator reached a document's data: a stand-in forgot to reconstruct it (the harness's own bug). */
export function refuseSerialized(key: string, value: unknown): void {
  if (isSerializedOperator(value))
    throw new Error(`harness: the update operator at "${key}" was serialized and never reconstructed`);
}
