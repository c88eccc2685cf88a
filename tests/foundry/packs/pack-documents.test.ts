/**
 * Every document the build compiles into a pack — and every item embedded in a pack actor — validates against
 * Fray's data models, carries a well-formed, unique `_id`/`_key` (compilePack silently skips a file without
 * `_key`), and uses only fields Foundry knows.
 */
import { describe, expect, it } from "vitest";
import { DATA_MODELS } from "../../../src/data";
import { embeddedItems, manifest, packDocuments, SOURCE_ROOT, type SourceDocument } from "./pack-sources";
import { sourceProblems } from "./validate-source";
import { existsSync } from "node:fs";
import { join } from "node:path";

const models = new Map<string, (typeof DATA_MODELS)[number]>(
  DATA_MODELS.map((m) => [`${m.metadata.documentName}.${m.metadata.type}`, m]),
);
const schemaOf = (documentName: string, type: string) => {
  const model = models.get(`${documentName}.${type}`);
  if (!model) throw new Error(`no ${documentName} model of type ${type}`);
  return model;
};

/** Core Foundry icons the packs may use (never invented paths). */
const CORE_ICONS = new Set([
  "icons/svg/sword.svg",
  "icons/svg/shield.svg",
  "icons/svg/book.svg",
  "icons/svg/fire.svg",
  "icons/svg/frozen.svg",
  "icons/svg/lightning.svg",
  "icons/svg/upgrade.svg",
  "icons/svg/item-bag.svg",
  "icons/svg/mystery-man.svg",
  "icons/svg/pawprint.svg",
]);

const TOP_LEVEL = {
  Item: ["_id", "_key", "name", "type", "img", "system", "effects", "folder", "sort", "ownership", "flags"],
  Actor: [
    "_id",
    "_key",
    "name",
    "type",
    "img",
    "system",
    "prototypeToken",
    "items",
    "effects",
    "folder",
    "sort",
    "ownership",
    "flags",
  ],
} as const;
const TOKEN_FIELDS = ["name", "actorLink", "disposition", "width", "height", "texture"];
const ID = /^[A-Za-z0-9]{16}$/;

function documentProblems(
  documentName: "Actor" | "Item",
  doc: SourceDocument,
  expectedKey: string,
): string[] {
  const problems: string[] = [];
  const allowed: readonly string[] = TOP_LEVEL[documentName];
  for (const key of Object.keys(doc)) if (!allowed.includes(key)) problems.push(`unknown field ${key}`);
  for (const key of allowed) if (!(key in doc)) problems.push(`missing ${key}`);
  if (!ID.test(doc._id)) problems.push(`_id ${doc._id} is not 16 letters and digits`);
  if (doc._key !== expectedKey) problems.push(`_key ${doc._key} should be ${expectedKey}`);
  if (typeof doc.name !== "string" || !doc.name.trim()) problems.push("name is blank");
  if (!CORE_ICONS.has(doc.img)) problems.push(`img ${doc.img} is not a known core icon`);
  if (!Array.isArray(doc.effects) || doc.effects.length) problems.push("effects must be an empty list");
  if (doc.folder !== null) problems.push("folder must be null");
  if (typeof doc.sort !== "number") problems.push("sort must be a number");
  problems.push(...sourceProblems(schemaOf(documentName, doc.type), doc.system));
  if (documentName === "Actor") {
    const token = doc.prototypeToken ?? {};
    for (const key of Object.keys(token))
      if (!TOKEN_FIELDS.includes(key)) problems.push(`unknown prototypeToken.${key}`);
    if (token.name !== doc.name) problems.push("the token is not named after the actor");
    if ((token.texture as { src?: string } | undefined)?.src !== doc.img)
      problems.push("token image ≠ actor image");
    if (!Array.isArray(doc.items)) problems.push("items must be a list");
  }
  return problems;
}

describe("compendium packs", () => {
  it("system.json names one source folder per pack, all in the Fray pack folder", () => {
    for (const pack of manifest.packs) {
      expect(existsSync(join(SOURCE_ROOT, pack.name)), pack.name).toBe(true);
      expect(pack).toMatchObject({ path: `packs/${pack.name}`, system: "fray" });
      expect(["Actor", "Item"]).toContain(pack.type);
    }
    const foldered = manifest.packFolders.flatMap((f) => f.packs);
    expect([...foldered].sort()).toEqual(manifest.packs.map((p) => p.name).sort());
    expect(manifest.packFolders.map((f) => f.name)).toEqual(["Fray"]);
  });

  it("every pack holds documents", () => {
    for (const pack of manifest.packs)
      expect(packDocuments.filter((d) => d.pack === pack.name).length, pack.name).toBeGreaterThan(0);
  });

  it.each(packDocuments.map((d) => [d.file, d] as const))(
    "%s validates against its data model",
    (_file, { documentName, doc }) => {
      const key = `!${documentName === "Actor" ? "actors" : "items"}!${doc._id}`;
      expect(documentProblems(documentName as "Actor" | "Item", doc, key)).toEqual([]);
    },
  );

  it.each(embeddedItems.map((e) => [`${e.file} › ${e.doc.name}`, e] as const))(
    "%s (embedded) validates against its data model",
    (_name, { actor, doc }) => {
      expect(documentProblems("Item", doc, `!actors.items!${actor._id}.${doc._id}`)).toEqual([]);
    },
  );

  it("ids are unique: documents across all packs, embedded items within each actor and across packs", () => {
    const ids = [...packDocuments.map((d) => d.doc._id), ...embeddedItems.map((e) => e.doc._id)];
    expect(new Set(ids).size).toBe(ids.length);
    const keys = [...packDocuments.map((d) => d.doc._key), ...embeddedItems.map((e) => e.doc._key)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("each data model stores the pack values as they are (migrateData repairs nothing)", () => {
    for (const { documentName, doc } of [
      ...packDocuments,
      ...embeddedItems.map((e) => ({ ...e, documentName: "Item" })),
    ]) {
      const model = schemaOf(documentName, doc.type);
      const migrated = model.migrateData(structuredClone(doc.system));
      expect(migrated, `${doc.name}`).toEqual(doc.system);
    }
  });

  it("the check refuses what Foundry's import would refuse or change (unknown, missing, out of range, fraction, bad choice, bad formula, not a number)", () => {
    const longsword = packDocuments.find((d) => d.doc.name === "Longsword")?.doc as SourceDocument;
    const weapon = schemaOf("Item", "weapon");
    expect(sourceProblems(weapon, longsword.system)).toEqual([]);
    const broken = structuredClone(longsword.system) as Record<string, unknown>;
    broken.sharpness = 3;
    delete broken.reach;
    broken.parry = 11;
    broken.ob = 2.5;
    broken.skill = "laser";
    broken.damage = "2d6*3";
    (broken.threat as Record<string, unknown>).multiplier = "x2";
    const problems = sourceProblems(weapon, broken);
    for (const expected of [
      "system.sharpness is not a field of the model",
      "system.reach is missing",
      "system.parry = 11 is stored as 10",
      "system.ob = 2.5 is stored as 3",
      'system.skill: "laser" is not a valid choice',
      "system.damage: is not a dice formula",
      'system.threat.multiplier = "x2" is stored as 2',
    ])
      expect(
        problems.some((p) => p.startsWith(expected)),
        `${expected}\n${problems.join("\n")}`,
      ).toBe(true);
    expect(problems).toHaveLength(7);
  });
});
