import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PHASED_REFUSALS } from "../../../src/rules/families/phased-round/budget";
import { refusalKey } from "../../../src/rules/outcome";
import { TURN_REFUSALS } from "../../../src/rules/turns/turn-refusals";

const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;

function lookUp(tree: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("round engine reason codes", () => {
  for (const lang of LANGUAGES) {
    it(`PR-B2 every refusal the tracker can show has a message in ${lang}`, () => {
      const strings = JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as unknown;
      const missing = [...TURN_REFUSALS, ...PHASED_REFUSALS].filter(
        (code) => typeof lookUp(strings, refusalKey(code)) !== "string",
      );
      expect(missing).toEqual([]);
    });
  }

  it("FS-R1 PR-P1 every phase and part of every family has a name in the five languages", async () => {
    const { roundStructureFor } = await import("../../../src/rules/families/round-structures");
    const { FAMILY_IDS } = await import("../../../src/rules/families/ids");
    const labels = FAMILY_IDS.flatMap((family) => roundStructureFor(family).phases.map((p) => p.label));
    for (const lang of LANGUAGES) {
      const strings = JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as unknown;
      expect(
        labels.filter((key) => typeof lookUp(strings, key) !== "string"),
        lang,
      ).toEqual([]);
    }
  });

  it("FS-R1 the French part names are the digest's «tours rapides», «tours lents», «fin de round»", () => {
    const fr = JSON.parse(readFileSync("lang/fr.json", "utf8")) as unknown;
    const names = ["fast", "slow", "endOfRound"].map((id) =>
      String(lookUp(fr, `FRAY.Combat.Part.${id}`)).toLowerCase(),
    );
    expect(names).toEqual(["tours rapides", "tours lents", "fin de round"]);
  });
});
