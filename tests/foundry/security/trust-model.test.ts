/**
 * Issue 24, Deliver 1: the trust model lists every field Fray's data models define (src/net/trust-model.ts), and
 * SECURITY.md explains every row. Adding a field to an Actor, Item, Combat or Combatant model without deciding who
 * may write it and what the GM does with a player's write fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "../chat/setup";
import { DATA_MODELS } from "../../../src/data";
import { TRUST_MODEL, trustRowOf } from "../../../src/net/trust-model";

interface FieldLike {
  readonly fields?: Record<string, FieldLike>;
}

/** The leaf paths of a schema (`system.health.value`…): a nested SchemaField is walked, any other field is a leaf. */
function leaves(fields: Record<string, FieldLike>, prefix: string): string[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.fields ? leaves(field.fields, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

const MODELS = DATA_MODELS.filter((m) => m.metadata.documentName !== "ChatMessage");

describe("security: the trust model (src/net/trust-model.ts, SECURITY.md)", () => {
  it("every field of every Actor, Item, Combat and Combatant model has a rule", () => {
    const missing: string[] = [];
    for (const model of MODELS) {
      const document =
        model.metadata.documentName === "Item" ? `Item.${model.metadata.type}` : model.metadata.documentName;
      const schema = (model as unknown as { defineSchema(): Record<string, FieldLike> }).defineSchema();
      const paths = leaves(schema, "system.");
      expect(paths.length, document).toBeGreaterThan(0);
      for (const path of paths) if (!trustRowOf(document, path)) missing.push(`${document} ${path}`);
    }
    expect(missing).toEqual([]);
  });

  it("a row for a type's field wins over the document's own prefix; an unknown field has none", () => {
    expect(trustRowOf("Item.spell", "system.damage")?.rule).toBe("bounded");
    expect(trustRowOf("Item.spell", "system.rank")?.rule).toBe("fight");
    expect(trustRowOf("Item.spell", "system.description")?.rule).toBe("owners");
    expect(trustRowOf("Actor", "system.fastSlow.defense.base")?.rule).toBe("fight");
    expect(trustRowOf("Actor", "system.fastSlowX")).toBeNull();
    expect(trustRowOf("Item.gear", "system.damage")).toBeNull();
  });

  it("SECURITY.md has a row for each rule of the model, with the same rule", () => {
    const text = readFileSync("src/net/SECURITY.md", "utf8");
    const rows = new Set(
      text
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .map((line) =>
          line
            .split("|")
            .slice(1, 4)
            .map((cell) => cell.trim())
            .join(" | "),
        ),
    );
    const absent = TRUST_MODEL.map((r) => `\`${r.document}\` | \`${r.path}\` | ${r.rule}`).filter(
      (row) => !rows.has(row),
    );
    expect(absent).toEqual([]);
  });
});
