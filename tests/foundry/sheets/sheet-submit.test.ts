/**
 * What a sheet submits is what the data model stores. A v13 sheet with `submitOnChange` sends its whole form
 * (`FormDataExtended`) as one update, cleaned and validated against the data model: one field the model refuses
 * and the whole edit is lost; one field the model changes (clamps, drops) and the user sees another value than
 * typed. For every family, every actor type and every item type, rendered as its owner: the unchanged form is
 * valid and stored as shown; every option of every select is a value the model keeps; every number input lets
 * through only values the model stores as typed (its min/max within the field's, a whole step for a whole number).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, creature, freshWorld, setSetting } from "./setup";
import { worldItem } from "../../harness/applications";
import { FormDataExtended } from "../../harness/core";
import { cleanUpdate, NumberField, type SchemaField } from "../../harness/fields";
import { FrayActorSheet } from "../../../src/applications/sheets/actor-sheet";
import { FrayItemSheet } from "../../../src/applications/sheets/item-sheet";
import { DATA_MODELS } from "../../../src/data";
import { ITEM_TYPES } from "../../../src/data/item/types";
import { FAMILY_IDS } from "../../../src/rules/families/ids";

type Data = Record<string, unknown>;

const models = new Map(DATA_MODELS.map((m) => [`${m.metadata.documentName}.${m.metadata.type}`, m]));
const schemaOf = (documentName: string, type: string) =>
  models.get(`${documentName}.${type}`)!.schema as unknown as SchemaField;

const at = (source: unknown, path: string) =>
  path.split(".").reduce<unknown>((node, key) => (node as Data | undefined)?.[key], source);

/** The `system.…` part of what the form submits, by dotted name. */
function submitted(root: HTMLElement): Data {
  const object = new FormDataExtended(root as unknown as HTMLFormElement).object;
  return Object.fromEntries(Object.entries(object).filter(([name]) => name.startsWith("system.")));
}

interface Holder {
  _source: Data;
  id?: unknown;
}

/** Every problem between a rendered sheet's form and the document's data model. */
function formProblems(documentName: string, type: string, doc: Holder, root: HTMLElement): string[] {
  const problems: string[] = [];
  const schema = schemaOf(documentName, type);
  const form = submitted(root);
  if (!Object.keys(form).length) problems.push("the sheet submits no system field");
  // The form as drawn: valid, and stored as shown.
  let cleaned: Data = {};
  try {
    cleaned = cleanUpdate(documentName, type, doc, structuredClone(form));
  } catch (error) {
    problems.push(`the unchanged form is refused: ${(error as Error).message}`);
  }
  for (const [name, value] of Object.entries(form)) {
    const stored = at(cleaned, name);
    if (JSON.stringify(stored) !== JSON.stringify(at(doc._source, name)))
      problems.push(
        `${name}: the form shows ${JSON.stringify(value)}, the model stores ${JSON.stringify(stored)}`,
      );
  }
  // Every option of every select is kept as chosen.
  for (const select of root.querySelectorAll<HTMLSelectElement>('select[name^="system."]')) {
    for (const option of select.options) {
      try {
        const out = cleanUpdate(documentName, type, doc, { [select.name]: option.value });
        if (at(out, select.name) !== option.value)
          problems.push(
            `${select.name}: option "${option.value}" is stored as ${JSON.stringify(at(out, select.name))}`,
          );
      } catch {
        problems.push(`${select.name}: option "${option.value}" is refused by the model`);
      }
    }
  }
  // A number input lets through only what the model stores as typed.
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="number"][name^="system."]')) {
    const field = schema.getField(input.name.slice("system.".length));
    if (!(field instanceof NumberField)) {
      problems.push(`${input.name}: a number input for a field that is not a NumberField`);
      continue;
    }
    const min = input.getAttribute("min");
    const max = input.getAttribute("max");
    const step = input.getAttribute("step");
    if (field.min !== undefined && (min === null || Number(min) < field.min))
      problems.push(`${input.name}: the input's min ${min} lets through less than the model's ${field.min}`);
    if (field.max !== undefined && (max === null || Number(max) > field.max))
      problems.push(`${input.name}: the input's max ${max} lets through more than the model's ${field.max}`);
    if (field.integer && (step === "any" || (step !== null && !Number.isInteger(Number(step)))))
      problems.push(`${input.name}: step ${step} lets through fractions of a whole-number field`);
  }
  return problems;
}

describe("a sheet submits what its data model stores", () => {
  beforeEach(() => {
    freshWorld();
  });

  it.each(FAMILY_IDS)(
    "%s: the actor sheets (character and creature) and their model agree",
    async (family) => {
      setSetting("ruleset", family);
      for (const type of ["character", "creature"]) {
        const who = creature("Aldo", {}, [alice], type);
        const sheet = new FrayActorSheet({ document: who.actor } as never);
        await as(alice, () => sheet.render({ force: true }));
        expect(formProblems("Actor", type, who.actor, sheet.element as HTMLElement), `${type}`).toEqual([]);
      }
    },
  );

  it.each(FAMILY_IDS)("%s: every item sheet and its model agree", async (family) => {
    setSetting("ruleset", family);
    for (const type of ITEM_TYPES) {
      const item = worldItem("Thing", type, {}, [alice]);
      const sheet = new FrayItemSheet({ document: item } as never);
      await as(alice, () => sheet.render({ force: true }));
      expect(formProblems("Item", type, item, sheet.element as HTMLElement), type).toEqual([]);
    }
  });
});
