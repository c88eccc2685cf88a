/**
 * The card schemas (src/data/chat/card-schema.ts) and the TypeScript records they store (chat/card-data.ts,
 * chat/checks/check-data.ts) are one definition: a sample of each record with EVERY part present (the `Full` type
 * below makes the compiler demand each optional key) round-trips through its schema — cleaned, then validated —
 * unchanged. A field the schema lacks would be dropped; a field the record lacks would be added; either fails here.
 */
import { describe, expect, it } from "vitest";
import type { TargetEntry } from "../../../src/chat/card-data";
import type { CheckConsequenceRecord, CheckLine, CheckResult } from "../../../src/chat/checks/check-data";
import {
  checkConsequenceSchema,
  checkLineSchema,
  checkResultSchema,
  DEFENSE_CONSEQUENCES,
  MAX_ATTACK_ROLLS,
  MAX_CARD_ENTRIES,
  MAX_DAMAGE_CHECKS,
  targetEntrySchema,
} from "../../../src/data/chat/card-schema";
import { totalOfFaces } from "../../../src/data/chat/card-fields";
import "../chat/setup"; // the chat world (Roll…) that attack-request.ts loads in
import { MAX_TARGETS } from "../../../src/chat/attack-request";
import { DICE_CAPS } from "../../../src/rules/dice/formula-shape";
import type { DataField } from "../../harness/fields";

/** `T` with every optional part required, all the way down: a sample of it leaves nothing out. */
type Full<T> = T extends readonly (infer E)[]
  ? readonly Full<E>[]
  : T extends object
    ? { readonly [K in keyof T]-?: Full<Exclude<T[K], undefined>> }
    : T;

const d20 = (index: number, face: number, bonus: number) => ({
  index,
  formula: `1d20 + ${bonus}`,
  total: face + bonus,
  faces: [face],
});

const FULL_ENTRY = {
  key: "t1",
  target: {
    actorUuid: "Actor.abcdefABCDEF0123",
    tokenUuid: "Scene.s1.Token.t1",
    name: "Bea <b>",
    img: "b.webp",
  },
  combatantId: "abcdefABCDEF0123",
  attack: {
    rolls: [d20(0, 19, 7), { index: 1, formula: "1d20 + 7 + 2d6kh", total: 30, faces: [18, 1, 5] }],
    total: 26,
    natural: 19,
    parts: [{ labelKey: "FRAY.Attack.Bonus.strength", value: 2 }],
    boons: [{ source: "situational", boons: 1, banes: 0 }],
    against: { labelKey: "FRAY.Defense.armorClass", value: 15 },
    margin: 11,
    critical: true,
    fumble: false,
    threat: true,
    confirmation: { roll: d20(1, 18, 7), total: 25, confirmed: true },
    openEnded: "up",
    halved: true,
    wrongGuess: false,
    feint: {
      penalty: 3,
      contest: {
        rolls: [
          { index: 2, formula: "3d6", total: 9, faces: [3, 3, 3] },
          { index: 3, formula: "3d6", total: 12, faces: [6, 5, 1] },
        ],
        feinterMargin: 4,
        enemyMargin: 1,
        effect: 3,
      },
    },
    outcome: "hit",
    data: { roll: 26, kind: "melee", damage: "1d8 + 2", nested: { list: [1, "two", true, null] } },
  },
  stage: "resolved",
  legal: {
    mode: "choose",
    options: [
      {
        id: "parry",
        labelKey: "FRAY.Defense.parry",
        formula: "3d6",
        target: 11,
        modifier: -2,
        consequences: [{ kind: "unreadyWeapon" }, { kind: "concentrationCheck" }],
      },
    ],
    unavailable: [{ id: "block", labelKey: "FRAY.Defense.block", reason: "noShield" }],
    mayDecline: true,
    passive: { labelKey: "FRAY.Defense.armorClass", value: 15 },
    reason: "defenderCannotAct",
  },
  defenses: [
    {
      id: "parry",
      labelKey: "FRAY.Defense.parry",
      roll: { index: 4, formula: "3d6", total: 4, faces: [1, 1, 2] },
      target: 11,
      modifier: -2,
      success: true,
      critical: "success",
      margin: 7,
    },
  ],
  declined: false,
  pendingDefense: "dodge",
  maintenance: [
    {
      roll: { index: 5, formula: "3d6", total: 17, faces: [6, 6, 5] },
      target: 10,
      margin: -7,
      success: false,
      critical: "failure",
    },
  ],
  outcome: { outcome: "hit", hit: true, margin: 11, damageDue: true },
  fumble: { roll: { index: 6, formula: "3d6", total: 10, faces: [2, 3, 5] }, total: 10, key: "dropWeapon" },
  damage: {
    formula: "2d8 + 4",
    roll: { index: 7, formula: "2d8 + 4", total: 13, faces: [8, 1] },
    multiplier: 3,
    reductions: [{ labelKey: "FRAY.Damage.protection", value: -2 }],
    final: 37,
    applied: {
      before: 20,
      after: -17,
      userId: "abcdefABCDEF0123",
      checks: [{ check: "stun", messageId: "0123abcdefABCDEF" }],
    },
    undone: { restored: 37, checks: 1 },
  },
} as const satisfies Full<TargetEntry>;
// The sample is a TargetEntry as the code types it.
const asEntry: TargetEntry = FULL_ENTRY;

const FULL_LINE = {
  key: "FRAY.Check.Reason.fall",
  data: {
    name: "Ana",
    rider: "Ana",
    mount: "Horse",
    effect: "prone",
    spell: "Light",
    amount: "3",
    damage: "2d6",
    banes: "1",
    target: "10",
    wl: "12",
  },
} as const satisfies Full<CheckLine>;

const FULL_RESULT = {
  roll: { index: 0, formula: "1d20 + 2 + 1d6kh", total: 18, faces: [12, 4] },
  total: 18,
  target: 10,
  success: true,
  margin: 8,
  critical: "success",
  natural: 12,
  boonValue: 4,
  userId: "abcdefABCDEF0123",
} as const satisfies Full<CheckResult>;

const FULL_CONSEQUENCE = {
  name: "mount.fall",
  data: { riderUuid: "Actor.abcdefABCDEF0123", size: 2, pinned: false, list: ["a"] },
  applied: true,
  lines: [FULL_LINE],
  rolls: [{ labelKey: "FRAY.Mount.fallDamage", roll: { index: 1, formula: "2d6", total: 7, faces: [3, 4] } }],
} as const satisfies Full<CheckConsequenceRecord>;

function roundTrip(field: DataField, sample: unknown) {
  const cleaned = field.clean(structuredClone(sample));
  return { cleaned, failure: field.validate(cleaned) };
}

const harness = (make: () => unknown) => make() as DataField;

describe("card schemas: one definition with the TypeScript records", () => {
  it.each([
    ["TargetEntry", () => targetEntrySchema(), FULL_ENTRY],
    ["CheckLine", () => checkLineSchema(), FULL_LINE],
    ["CheckResult", () => checkResultSchema(), FULL_RESULT],
    ["CheckConsequenceRecord", () => checkConsequenceSchema(), FULL_CONSEQUENCE],
  ] as const)("a full %s round-trips through its schema unchanged", (_name, make, sample) => {
    const { cleaned, failure } = roundTrip(harness(make), sample);
    expect(failure?.message, JSON.stringify(failure)).toBeUndefined();
    expect(failure).toBeUndefined();
    expect(cleaned).toStrictEqual(sample);
    expect(asEntry.key).toBe("t1");
  });

  it("a record that leaves out an optional part is stored with null there (a SchemaField left out would be filled in)", () => {
    const { feint: _feint, ...attack } = FULL_ENTRY.attack;
    const { passive: _passive, reason: _reason, ...legal } = FULL_ENTRY.legal;
    const { target: _target, modifier: _modifier, ...option } = FULL_ENTRY.legal.options[0];
    const { checks: _checks, ...applied } = FULL_ENTRY.damage.applied;
    const sparse: TargetEntry = {
      ...FULL_ENTRY,
      attack,
      legal: { ...legal, options: [option] },
      damage: { ...FULL_ENTRY.damage, applied, undone: { restored: 37 } },
    };
    const { cleaned, failure } = roundTrip(harness(targetEntrySchema), sparse);
    expect(failure).toBeUndefined();
    const entry = cleaned as TargetEntry;
    expect(entry.attack.feint).toBeNull();
    expect(entry.legal).toMatchObject({ passive: null, reason: null });
    expect(entry.legal?.options[0]).toMatchObject({ target: null, modifier: null });
    expect(entry.damage?.applied?.checks).toEqual([]);
    expect(entry.damage?.undone?.checks).toBe(0);
    // A line with no values has none.
    const line = roundTrip(harness(checkLineSchema), { key: "FRAY.Check.x" });
    expect(line.failure).toBeUndefined();
    expect(line.cleaned).toStrictEqual({ key: "FRAY.Check.x", data: undefined });
  });

  it("each bound is the rules' or an existing limit", () => {
    // One entry per target, and the GM takes at most MAX_TARGETS targets.
    expect(MAX_CARD_ENTRIES).toBe(MAX_TARGETS);
    // Phased-round's open-ended chain stops at 50 d100 (families/phased-round.ts MAX_D100).
    expect(MAX_ATTACK_ROLLS).toBe(50);
    // AD-A4: stun, knockdown, unconsciousness, death.
    expect(MAX_DAMAGE_CHECKS).toBe(4);
    expect(DEFENSE_CONSEQUENCES).toHaveLength(5);
    expect(DICE_CAPS.total).toBe(100);
  });

  it("a roll's faces must be ones its formula gives, and its total the one they make", () => {
    expect(totalOfFaces("3d6", [1, 6, 3])).toBe(10);
    expect(totalOfFaces("1d20 + 7 - 2", [20])).toBe(25);
    expect(totalOfFaces("1d20 - 3d6kh", [10, 1, 6, 2])).toBe(4);
    expect(totalOfFaces("1d20 + 2d6kl", [10, 1, 6])).toBe(11);
    expect(totalOfFaces("3d6", [0, 3, 3])).toBeNull();
    expect(totalOfFaces("3d6", [7, 3, 3])).toBeNull();
    expect(totalOfFaces("3d6", [3, 3])).toBeNull();
    expect(totalOfFaces("3d6", [3, 3, 3, 3])).toBeNull();
    expect(totalOfFaces("1d6 * 1000", [3])).toBeNull();
  });
});
