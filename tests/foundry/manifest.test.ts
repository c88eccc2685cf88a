/**
 * system.json declares no sub-type "base": core creates Combats and Combatants with that reserved type and v13
 * warns at load when a manifest lists it (FOUNDRY-API.md). Fray's Combat and Combatant models are still
 * registered under `dataModels.base`; and the dist check (tools/check-dist.mjs) fails if "base" comes back.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DATA_MODELS } from "../../src/data";

type Manifest = { documentTypes: Record<string, Record<string, unknown>> };
const manifest = JSON.parse(readFileSync("system.json", "utf8")) as Manifest;

describe("system.json sub-types", () => {
  it("declares no sub-type named base (core's reserved type)", () => {
    const declared = Object.entries(manifest.documentTypes).filter(([, types]) => "base" in types);
    expect(declared.map(([name]) => name)).toEqual([]);
  });

  it("still registers the Combat and Combatant models under base", () => {
    const registered = DATA_MODELS.map((m) => `${m.metadata.documentName}.${m.metadata.type}`);
    expect(registered).toContain("Combat.base");
    expect(registered).toContain("Combatant.base");
  });

  it("the dist check fails on a manifest that declares base", () => {
    const dir = mkdtempSync(join(tmpdir(), "fray-dist-"));
    try {
      mkdirSync(join(dir, "dist"));
      mkdirSync(join(dir, "src"));
      const bad = { ...manifest, documentTypes: { ...manifest.documentTypes, Combat: { base: {} } } };
      writeFileSync(join(dir, "dist", "system.json"), JSON.stringify(bad));
      let output = "";
      let failed = false;
      try {
        execFileSync(process.execPath, [resolve("tools/check-dist.mjs")], { cwd: dir, stdio: "pipe" });
      } catch (error) {
        failed = true;
        output = String((error as { stderr?: Buffer }).stderr ?? "");
      }
      expect(failed).toBe(true);
      expect(output).toContain('documentTypes.Combat declares "base"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
