/**
 * Rolls real Foundry Rolls for a card and notes each one's place in `message.rolls`: a new card starts at 0,
 * a GM update continues after the rolls already on the message.
 */
import { allFaces, diceFaces, type DiceFaces } from "../dice/faces";
import {
  rollOptions,
  type AttackRoll,
  type DamageRoll,
  type DefenseRoll,
  type FrayRollOptions,
} from "../dice/fray-roll";
import type { RollSnapshot } from "./card-data";

type RollClass = typeof AttackRoll | typeof DefenseRoll | typeof DamageRoll;

export interface Rolled {
  readonly snapshot: RollSnapshot;
  readonly faces: DiceFaces;
}

export class RollSink {
  readonly rolls: Roll[] = [];
  readonly #offset: number;

  constructor(offset = 0) {
    this.#offset = offset;
  }

  async roll(cls: RollClass, formula: string, options: FrayRollOptions): Promise<Rolled> {
    const roll = new cls(formula, {}, rollOptions(options));
    await roll.evaluate();
    const faces = diceFaces(roll);
    const snapshot: RollSnapshot = {
      index: this.#offset + this.rolls.length,
      formula: roll.formula,
      total: faces.total,
      faces: allFaces(faces),
    };
    this.rolls.push(roll);
    return { snapshot, faces };
  }
}
