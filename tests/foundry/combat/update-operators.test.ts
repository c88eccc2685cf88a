/**
 * Issue 23: the update operators. v13 spells a forced replacement `==key` and a deletion `-=key`; v14 has
 * `foundry.data.operators.ForcedReplacement.create(value)` / `ForcedDeletion.create()` (and the globals `_replace`,
 * `_del`) and deprecates the legacy keys until v16 — the v14 harness throws on them. `src/compat/replace-whole.ts`
 * and `delete-key.ts` find what the running Foundry has (never by its version, never the replacement's
 * constructor); every write of Fray's engine, budgets and mailbox goes through them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { failures, wire } from "../../harness/core";
import { V14 } from "../../harness/generation";
import { replaceWhole } from "../../../src/compat/replace-whole";
import { deleteKey } from "../../../src/compat/delete-key";
import { isUpdateOperator } from "../../../src/compat/update-operators";
import { as } from "../../harness/combat";
import { fight, gm, partyActors } from "./setup";

/** v14's `foundry.data.operators` as the harness installs them (not in the v13 types). */
type OperatorClass = (new (...args: unknown[]) => object) & { create?: (...args: unknown[]) => object };
interface Operators {
  DataFieldOperator: OperatorClass;
  ForcedReplacement: OperatorClass & { create(value: unknown): object };
  ForcedDeletion: OperatorClass & { create(): object };
  OPERATOR_IDENTIFIER: string;
  reconstructOperator: (obj: unknown) => object;
}
interface Globals {
  foundry: { data: { operators?: Operators | Record<string, unknown> } };
  _replace?: unknown;
  _del?: unknown;
  [key: string]: unknown;
}
interface Doc {
  system: { budget: unknown };
  _source: { system: { budget: unknown } };
  update(changes: Record<string, unknown>): Promise<unknown>;
}

const g = globalThis as unknown as Globals;
const ops = () => g.foundry.data.operators as Operators;
const combatantOf = (combat: unknown, id: string) =>
  (combat as { combatants: Map<string, Doc> }).combatants.get(id)!;
const saved = {
  operators: g.foundry.data.operators,
  _replace: g._replace as unknown,
  _del: g._del as unknown,
};
/** Puts back what the harness installed (a test below takes parts of it away). */
function restore(): void {
  for (const [key, value] of Object.entries({ _replace: saved._replace, _del: saved._del }))
    if (value === undefined) delete g[key];
    else g[key] = value;
  if (saved.operators === undefined) delete g.foundry.data.operators;
  else g.foundry.data.operators = saved.operators;
}

describe("the running generation's operators", () => {
  it(
    V14 ? "v14: replace and delete with the operators" : "v13: the ==key and -=key prefixes, no operators",
    () => {
      const replaced = replaceWhole("system.engine", { a: 1 });
      const deleted = deleteKey("flags.fray.requests.abc");
      if (V14) {
        const { ForcedReplacement, ForcedDeletion } = ops();
        expect(Object.keys(replaced)).toEqual(["system.engine"]);
        expect(replaced["system.engine"]).toBeInstanceOf(ForcedReplacement);
        expect(Object.keys(deleted)).toEqual(["flags.fray.requests.abc"]);
        expect(deleted["flags.fray.requests.abc"]).toBeInstanceOf(ForcedDeletion);
        expect(isUpdateOperator(replaced["system.engine"])).toBe(true);
        expect(isUpdateOperator(deleted["flags.fray.requests.abc"])).toBe(true);
      } else {
        expect(g.foundry.data.operators).toBeUndefined();
        expect(replaced).toEqual({ "system.==engine": { a: 1 } });
        expect(deleted).toEqual({ "flags.fray.requests.-=abc": null });
        expect(isUpdateOperator(null)).toBe(false);
      }
      expect(isUpdateOperator({ a: 1 })).toBe(false);
      expect(isUpdateOperator("x")).toBe(false);
    },
  );

  it("a null replaces an object without any operator, on both", () => {
    expect(replaceWhole("system.budget", null)).toEqual({ "system.budget": null });
  });

  it("a replaced field is written whole, on the document and on the server's copy (dropped keys gone)", async () => {
    const { combat, ids } = await fight("fast-slow", Object.values(partyActors()));
    const combatant = combatantOf(combat, ids[0]!);
    await as(gm, () => combatant.update(replaceWhole("system.budget", { spent: 1, kept: { a: 1 } })));
    expect(combatant.system.budget).toEqual({ spent: 1, kept: { a: 1 } });
    await as(gm, () => combatant.update(replaceWhole("system.budget", { kept: { b: 2 } })));
    expect(combatant.system.budget).toEqual({ kept: { b: 2 } });
    expect(combatant._source.system.budget).toEqual({ kept: { b: 2 } });
    await as(gm, () => combatant.update(replaceWhole("system.budget", null)));
    expect(combatant.system.budget).toBeNull();
  });

  it("a deleted flag key is gone from the User; the rest of the flag stays", async () => {
    await as(gm, () => gm.update({ "flags.fray.requests": { one: "1", two: "2" } }));
    await as(gm, () => gm.update(deleteKey("flags.fray.requests.one")));
    expect(gm.getFlag("fray", "requests")).toEqual({ two: "2" });
    await as(gm, () => gm.update(deleteKey("flags.fray.requests.two")));
    expect(gm.getFlag("fray", "requests")).toEqual({});
  });
});

describe.runIf(V14)("v14: the operators' shape and what the harness refuses", () => {
  afterEach(() => {
    restore();
    failures.length = 0;
  });

  it("an operator crosses the socket serialized with OPERATOR_IDENTIFIER and comes back an operator", () => {
    const { ForcedReplacement, ForcedDeletion, OPERATOR_IDENTIFIER, reconstructOperator } = ops();
    expect(OPERATOR_IDENTIFIER).toBe("__$OPERATOR$__");
    const op = ForcedReplacement.create({ a: [1, { b: 2 }] });
    const serialized = JSON.parse(JSON.stringify(op)) as Record<string, unknown>;
    expect(serialized[OPERATOR_IDENTIFIER]).toBeDefined();
    expect(reconstructOperator(serialized)).toBeInstanceOf(ForcedReplacement);
    const sent = wire({ "system.engine": op, "flags.x": ForcedDeletion.create() });
    expect(sent["system.engine"]).toBeInstanceOf(ops().DataFieldOperator);
    expect(sent["flags.x"]).toBeInstanceOf(ops().DataFieldOperator);
  });

  it("the legacy ==key and -=key throw, naming the deprecation (v14 deprecates them until v16)", async () => {
    const { combat, ids } = await fight("fast-slow", Object.values(partyActors()));
    const combatant = combatantOf(combat, ids[0]!);
    await expect(as(gm, () => combatant.update({ "system.==budget": { a: 1 } }))).rejects.toThrow(
      /v14 deprecates the legacy forced replacement key "==budget" \(since 14, until 16\)/,
    );
    await expect(as(gm, () => gm.update({ "flags.fray.-=gone": null }))).rejects.toThrow(
      /v14 deprecates the legacy forced deletion key "-=gone"/,
    );
    expect(failures.length).toBeGreaterThan(0);
  });

  it("never the replacement's constructor; an operator inside a replacement is refused (foundryvtt#14573)", () => {
    const { ForcedReplacement, ForcedDeletion } = ops();
    expect(() => new ForcedReplacement({ a: 1 })).toThrow(/create\(value\)/);
    expect(() => ForcedReplacement.create({ a: ForcedDeletion.create() })).toThrow(
      /inside a ForcedReplacement/,
    );
  });

  it("feature-detected: ForcedReplacement.create, else the _replace global, else the ==key", () => {
    const operators = ops();
    const made: unknown[] = [];
    g.foundry.data.operators = { ...operators, ForcedReplacement: class {} };
    g._replace = (value: unknown) => (made.push(value), operators.ForcedReplacement.create(value));
    expect(replaceWhole("system.engine", { a: 1 })["system.engine"]).toBeInstanceOf(
      operators.ForcedReplacement,
    );
    expect(made).toEqual([{ a: 1 }]);
    delete g._replace;
    g.foundry.data.operators = {
      ...operators,
      ForcedReplacement: class {
        constructor() {
          throw new Error("the constructor was used");
        }
      },
    };
    expect(replaceWhole("system.engine", { a: 1 })).toEqual({ "system.==engine": { a: 1 } });
  });

  it("feature-detected: ForcedDeletion.create, else the _del global, else the -=key", () => {
    const operators = ops();
    class NoFactory extends operators.ForcedDeletion {}
    Object.defineProperty(NoFactory, "create", { value: undefined });
    g.foundry.data.operators = { ...operators, ForcedDeletion: NoFactory };
    g._del = new NoFactory();
    expect(deleteKey("flags.fray.x")).toEqual({ "flags.fray.x": g._del });
    delete g._del;
    expect(deleteKey("flags.fray.x")).toEqual({ "flags.fray.-=x": null });
  });
});
