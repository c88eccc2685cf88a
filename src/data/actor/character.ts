import { migrateSource } from "../migrate";
import { textField } from "../fields";
import { actorCoreSchema, prepareActorDerived, type ActorDerived } from "./common";

function characterSchema() {
  return {
    ...actorCoreSchema(),
    ancestry: textField(),
    profession: textField(),
  };
}

export type CharacterSchema = ReturnType<typeof characterSchema>;

/** A player character: the common core, every family's block, and who they are. */
export class CharacterModel extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation> {
  static readonly metadata = { documentName: "Actor", type: "character" } as const;

  declare derived: ActorDerived;

  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSource(this.schema, source));
  }

  override prepareDerivedData(): void {
    this.derived = prepareActorDerived(this, this.parent);
  }
}
