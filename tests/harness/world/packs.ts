/**
 * The compendium content of the BUILT system: every document of every pack the manifest names, read from the
 * compiled LevelDB in dist/packs through the fvtt-cli's `extractPack`, and one page's `game.packs` over them
 * (v13 CompendiumCollection: `collection`, `metadata`, `documentName`, `index`, `getIndex`, `getDocument`,
 * `getDocuments`; a pack document knows its `pack` and has a `Compendium.` uuid).
 */
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Collection } from "./collection";
import { clone, type Data } from "./server";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

export type Packs = Map<string, { meta: Data; entries: Data[] }>;

export async function readPacks(dist = "dist"): Promise<Packs> {
  const manifest = JSON.parse(readFileSync(join(dist, "system.json"), "utf8")) as { packs: Data[] };
  const out: Packs = new Map();
  const scratch = mkdtempSync(join(tmpdir(), "fray-packs-"));
  try {
    for (const meta of manifest.packs) {
      const entries: Data[] = [];
      // Read from a private copy: LevelDB locks the database it opens, and two smoke files booting their worlds at
      // once (one per worker) failed with "Iterator is not open" when both opened dist/packs itself.
      const copy = join(scratch, `${String(meta.name)}.db`);
      cpSync(join(dist, String(meta.path)), copy, { recursive: true });
      await extractPack(copy, join(scratch, "out"), {
        log: false,
        transformEntry: (entry: Data) => {
          entries.push(entry);
          return false;
        },
      } as never);
      out.set(String(meta.name), { meta, entries });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

/** A source as a document holds it: the LevelDB keys (`_key`) dropped, embedded ones too. */
function strip(source: Data): Data {
  const out = clone(source);
  delete out._key;
  for (const field of ["items", "effects"])
    for (const child of (out[field] as Data[] | undefined) ?? []) delete child._key;
  return out;
}

/** Fills `game.packs` of the page whose code runs now (called while it builds its world, before `setup`). */
export function installPacks(globals: Record<string, unknown>, packs: Packs): void {
  const g = globals as Any;
  const collection = g.game.packs as Collection<Any>;
  for (const [name, { meta, entries }] of packs) {
    const id = `fray.${name}`;
    const documentName = String(meta.type);
    const metadata: Data = { ...clone(meta), id, packageType: "system", packageName: "fray", system: "fray" };
    const pack: Any = {
      collection: id,
      metadata,
      documentName,
      index: new Collection<Data>(),
      get title() {
        return metadata.label;
      },
      async getIndex() {
        return pack.index;
      },
      async getDocument(docId: string) {
        const source = entries.find((e) => e._id === docId);
        if (!source) return undefined;
        return new g.CONFIG[documentName].documentClass(strip(source), { pack: id });
      },
      async getDocuments() {
        return Promise.all(entries.map((e) => pack.getDocument(String(e._id))));
      },
    };
    for (const e of entries)
      pack.index.set(String(e._id), {
        _id: e._id,
        name: e.name,
        img: e.img,
        type: e.type,
        uuid: `Compendium.${id}.${documentName}.${String(e._id)}`,
      });
    collection.set(id, pack);
  }
}
