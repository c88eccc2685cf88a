import { migrateSource } from "../migrate";
import { boolField, choiceField } from "../fields";
import { actorCoreSchema, prepareActorDerived, type ActorDerived } from "./common";

/** How a creature behaves when its rider cannot act (FS-MT5): the GM's guide, shown on the card. */
export const CREATURE_NATURES = ["steady", "skittish", "aggressive"] as const;

function creatureSchema() {
  return {
    ...actorCoreSchema(),
    /** Accepts a rider (FS-MT1). */
    mount: boolField(false),
    nature: choiceField(CREATURE_NATURES, "steady"),
  };
}

export type CreatureSchema = ReturnType<typeof creatureSchema>;

/** A creature run by the GM: the common core, every family's block, and whether it carries riders. */
export class CreatureModel extends foundry.abstract.TypeDataModel<CreatureSchema, Actor.Implementation> {
  static readonly metadata = { documentName: "Actor", type: "creature" } as const;

  declare derived: ActorDerived;

  static override defineSchema(): CreatureSchema {
    return creatureSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }

  override prepareDerivedData(): void {
    this.derived = prepareActorDerived(this, this.parent);
  }
}
