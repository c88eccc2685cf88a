import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FUMBLE_TABLE } from "../../../src/rules/families/active-defense-3d6/fumble-table";
import { FS_ATTACK_TARGETS } from "../../../src/rules/families/fast-slow/attack";
import { activeDefenseLegalDefenses } from "../../../src/rules/families/active-defense-3d6/defenses";
import { opposedD20LegalDefenses } from "../../../src/rules/families/opposed-d20/defenses";

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;
const files = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(readFileSync(`lang/${l}.json`, "utf8")) as Record<string, unknown>]),
);

function lookup(tree: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

// Every reason code the legal-defense functions can return.
const reasons = new Set<string>();
const guard = {
  canAct: true,
  targets: { parry: null, block: null, dodge: 5 },
  parryWeaponReady: false,
  allOutAttack: false,
  allOutDefense: true,
  usage: { parry: 2, block: 2 },
};
for (const legal of [
  activeDefenseLegalDefenses({ ...guard, canAct: false }, { missile: false, critical: false }),
  activeDefenseLegalDefenses(guard, { missile: false, critical: true }),
  activeDefenseLegalDefenses({ ...guard, allOutAttack: true }, { missile: false, critical: false }),
  activeDefenseLegalDefenses(
    { ...guard, allOutDefense: false },
    { missile: false, critical: false, failed: ["dodge"] },
  ),
  activeDefenseLegalDefenses(guard, { missile: false, critical: false, failed: ["dodge", "parry"] }),
  activeDefenseLegalDefenses(guard, { missile: false, critical: false }),
  activeDefenseLegalDefenses(
    { ...guard, targets: { parry: 9, block: 8, dodge: 5 }, parryWeaponReady: true },
    { missile: false, critical: false, failed: ["dodge"] },
  ),
  activeDefenseLegalDefenses(
    { ...guard, targets: { parry: 9, block: 8, dodge: 5 } },
    { missile: false, critical: false, failed: ["block"] },
  ),
  opposedD20LegalDefenses({ canAct: false, passiveActionsLeft: 1, defenses: [] }, { kind: "melee" }),
  opposedD20LegalDefenses({ canAct: true, passiveActionsLeft: 0, defenses: [] }, { kind: "melee" }),
  opposedD20LegalDefenses(
    { canAct: true, passiveActionsLeft: 1, defenses: [{ id: "dodge", value: 1, validAgainst: ["x"] }] },
    { kind: "melee" },
  ),
]) {
  if (legal.reason) reasons.add(legal.reason);
  legal.unavailable.forEach((u) => reasons.add(u.reason));
}

const keys = [
  ...[...reasons].map((r) => `FRAY.Refusal.${r}`),
  ...FUMBLE_TABLE.map((b) => `FRAY.Fumble.${b.band}`),
  "FRAY.Fumble.title",
  ...[
    "hit",
    "miss",
    "nearHit",
    "threat",
    "confirmed",
    "notConfirmed",
    "critical",
    "fumble",
    "defended",
    "mitigated",
  ].map((o) => `FRAY.Attack.Outcome.${o}`),
  ...["defend", "hidden", "guessPosition", "mountedIndependent", "help", "prepared", "situational"].map(
    (s) => `FRAY.Attack.Source.${s}`,
  ),
  ...["baseAttackBonus", "strength", "dexterity", "size", "range", "other"].map(
    (p) => `FRAY.Attack.Bonus.${p}`,
  ),
  ...["skill", "modifier", "allOutAttack", "aim", "noAim"].map((p) => `FRAY.Attack.Part.${p}`),
  ...["confirm", "openEndedUp", "openEndedDown", "damage", "fumbleTable"].map((p) => `FRAY.Attack.Next.${p}`),
  ...["parry", "block", "dodge", "armorClass", "defensiveBonus", "roll", "decline", "retry"].map(
    (d) => `FRAY.Defense.${d}`,
  ),
  ...FS_ATTACK_TARGETS.map((t) => `FRAY.Defense.Target.${t}`),
  ...["passiveAction", "loseAim", "voidReadying", "unreadyWeapon", "concentrationCheck"].map(
    (c) => `FRAY.Defense.Consequence.${c}`,
  ),
];

describe("attack and defense strings", () => {
  it("every key the attack rules return exists in all five languages", () => {
    expect(reasons.size).toBeGreaterThanOrEqual(14);
    for (const lang of LANGS) {
      const missing = keys.filter((k) => typeof lookup(files[lang], k) !== "string");
      expect(missing, lang).toEqual([]);
    }
  });

  it("AD-C2 the ja fumble table uses «ファンブル表»; AD-A2 the ja defenses «受け» «止め» «よけ»", () => {
    expect(lookup(files.ja, "FRAY.Fumble.title")).toBe("ファンブル表");
    expect(["parry", "block", "dodge"].map((d) => lookup(files.ja, `FRAY.Defense.${d}`))).toEqual([
      "受け",
      "止め",
      "よけ",
    ]);
    expect(lookup(files.pl, "FRAY.Defense.armorClass")).toBe("Klasa Pancerza (KP)");
    expect(lookup(files.es, "FRAY.Attack.Outcome.fumble")).toBe("Pifia");
  });
});
