/**
 * The self-test's dice: every die Foundry rolls for the check shows the face the scenario planned, the Foundry
 * way. Core draws each face from `CONFIG.Dice.randomUniform` (a number in [0, 1)) through `Die#mapRandomFace`
 * unless a fulfillment method is configured (`CONFIG.Dice.fulfillment.defaultMethod`: "Leave this blank to use
 * the configured randomUniform", v13 and v14 API docs); the self-test replaces `randomUniform` for the length of
 * the check and puts the original back. It does not assume how a value maps to a face: it rolls one d20 first,
 * off the record, and reads which way the mapping runs. After every step it checks that the planned faces were
 * all drawn, that no unplanned die was, and that the step's chat messages show those faces — a user's manual dice
 * configuration, or a module rolling dice its own way, is reported as such rather than failing a rule later.
 */

export interface PlannedFace {
  readonly faces: number;
  readonly value: number;
}

import { loc } from "../utils/loc";

interface DiceConfig {
  randomUniform: () => number;
  fulfillment?: { defaultMethod?: string };
}

/** One die result as a chat message's roll shows it. */
interface ShownFace {
  readonly faces: number;
  readonly value: number;
}

const describe = (list: readonly (PlannedFace | ShownFace)[]) =>
  list.length ? list.map((f) => `d${f.faces} ${f.value}`).join(", ") : "—";

/** The faces of every die result a message's rolls hold, in order. */
function facesOf(message: ChatMessage.Implementation): ShownFace[] {
  const out: ShownFace[] = [];
  for (const roll of (message.rolls ?? []) as Roll[])
    for (const die of roll.dice ?? [])
      for (const result of die.results ?? [])
        out.push({ faces: Number(die.faces), value: Number(result.result) });
  return out;
}

const key = (f: PlannedFace | ShownFace) => `${f.faces}:${f.value}`;

export class PlannedDice {
  #config: DiceConfig;
  #original: (() => number) | null = null;
  #queue: PlannedFace[] = [];
  #drawn: PlannedFace[] = [];
  #unplanned = 0;
  /** Whether a larger uniform value gives a larger face (null until calibrated). */
  #ascending: boolean | null = null;
  #seen = new Map<string, number>();

  constructor(config: DiceConfig) {
    this.#config = config;
  }

  /** A fulfillment method other than core's own random one is configured (its name), else null. */
  get otherFulfillment(): string | null {
    const method = this.#config.fulfillment?.defaultMethod;
    return typeof method === "string" && method !== "" ? method : null;
  }

  /** Puts the planned dice in place of `CONFIG.Dice.randomUniform`. */
  install(): void {
    if (this.#original) return;
    this.#original = this.#config.randomUniform;
    this.#config.randomUniform = () => this.#draw();
  }

  /** Puts the original `randomUniform` back. */
  restore(): void {
    if (!this.#original) return;
    this.#config.randomUniform = this.#original;
    this.#original = null;
  }

  #draw(): number {
    const next = this.#queue.shift();
    if (!next || this.#ascending === null) {
      this.#unplanned++;
      return (this.#original ?? Math.random)();
    }
    this.#drawn.push(next);
    const centre = (next.value - 0.5) / next.faces;
    return this.#ascending ? centre : 1 - centre;
  }

  /** Reads which way core maps a uniform value to a face: one d20, rolled off the record, never shown. */
  async calibrate(): Promise<void> {
    const low = 0.01;
    const saved = this.#config.randomUniform;
    this.#config.randomUniform = () => low;
    let face: number;
    try {
      const roll = await new Roll("1d20").evaluate({ allowInteractive: false });
      face = Number(roll.dice[0]?.results[0]?.result);
    } finally {
      this.#config.randomUniform = saved;
    }
    if (face === 1) this.#ascending = true;
    else if (face === 20) this.#ascending = false;
    else throw new Error(loc("FRAY.SelfTest.Error.diceCalibration", { value: low, face }));
  }

  plan(faces: number, values: readonly number[]): void {
    for (const value of values) {
      if (!Number.isInteger(value) || value < 1 || value > faces)
        throw new Error(loc("FRAY.SelfTest.Error.notAFace", { value, faces }));
      this.#queue.push({ faces, value });
    }
  }

  /** Before a step: the dice results each message shows now. */
  begin(messages: readonly ChatMessage.Implementation[]): void {
    this.#drawn = [];
    this.#unplanned = 0;
    this.#seen = new Map(messages.map((m) => [String(m.id), facesOf(m).length]));
  }

  /** After a step: what went wrong with its dice (null when every planned face came out, and only those). */
  check(messages: readonly ChatMessage.Implementation[]): string | null {
    const left = this.#queue.splice(0);
    const drawn = this.#drawn.splice(0);
    const unplanned = this.#unplanned;
    this.#unplanned = 0;
    const problems: string[] = [];
    if (left.length) problems.push(loc("FRAY.SelfTest.Error.diceNeverDrawn", { faces: describe(left) }));
    if (unplanned) problems.push(loc("FRAY.SelfTest.Error.diceUnplanned", { count: unplanned }));
    const shown: ShownFace[] = [];
    for (const m of messages) shown.push(...facesOf(m).slice(this.#seen.get(String(m.id)) ?? 0));
    const expected = drawn.map(key).sort();
    const got = shown.map(key).sort();
    if (!left.length && !unplanned && JSON.stringify(expected) !== JSON.stringify(got))
      problems.push(
        loc("FRAY.SelfTest.Error.diceShown", { planned: describe(drawn), shown: describe(shown) }),
      );
    return problems.length ? problems.join("; ") : null;
  }
}
