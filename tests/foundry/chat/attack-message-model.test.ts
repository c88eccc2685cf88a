import { describe, expect, it } from "vitest";
import "../../harness/chat";
import { AttackMessageModel } from "../../../src/data/chat/attack-message";
import { FAMILY_IDS } from "../../../src/rules/families/ids";
import type { SchemaField } from "../../harness/fields";
import { fieldAt, leafPaths } from "../data/schema-helpers";

const schema = AttackMessageModel.schema as unknown as SchemaField;

describe("ChatMessage attack model", () => {
  it("holds the family, attacker, weapon, the dialog's situation, the combat and one entry per target", () => {
    expect(AttackMessageModel.metadata).toEqual({ documentName: "ChatMessage", type: "attack" });
    expect(leafPaths(schema).sort()).toEqual(
      [
        "family",
        "attacker.actorUuid",
        "attacker.tokenUuid",
        "attacker.name",
        "attacker.img",
        "weapon.itemId",
        "weapon.name",
        "weapon.img",
        "weapon.kind",
        "weapon.damage",
        "situation.modifier",
        "situation.boons",
        "situation.banes",
        "situation.mountedIndependent",
        "combatId",
        "entries",
      ].sort(),
    );
    expect(fieldAt(schema, "family").choices).toEqual([...FAMILY_IDS]);
    // FS-D1: boons and banes are counts.
    expect(fieldAt(schema, "situation.boons")).toMatchObject({ min: 0, integer: true, initial: 0 });
    expect(fieldAt(schema, "situation.banes")).toMatchObject({ min: 0, integer: true, initial: 0 });
  });

  it("repairs a broken number in a stored card instead of failing to load it", () => {
    const source = { situation: { modifier: "oops", boons: 2.7, banes: -1, mountedIndependent: false } };
    const migrated = AttackMessageModel.migrateData(source) as typeof source;
    expect(migrated.situation.modifier).toBe(0);
    expect(Number.isInteger(migrated.situation.boons)).toBe(true);
    expect(migrated.situation.banes).toBeGreaterThanOrEqual(0);
  });
});
