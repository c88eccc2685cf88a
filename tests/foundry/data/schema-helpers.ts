import type { DataField, SchemaField } from "../../harness/fields";

/** The field at a dotted path of a schema, or a test failure naming the missing step. */
export function fieldAt(schema: SchemaField, path: string): DataField & Record<string, unknown> {
  let node: DataField = schema;
  for (const part of path.split(".")) {
    const fields = (node as SchemaField).fields;
    if (!fields || !(part in fields)) throw new Error(`no field ${path} (stopped at ${part})`);
    node = fields[part] as DataField;
  }
  return node as DataField & Record<string, unknown>;
}

/** Every leaf path of a schema. */
export function leafPaths(schema: SchemaField, prefix = ""): string[] {
  return Object.entries(schema.fields).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const inner = (field as SchemaField).fields;
    return inner ? leafPaths(field as SchemaField, path) : [path];
  });
}
