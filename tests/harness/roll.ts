/**
 * A stand-in for Foundry's `Roll` whose dice come out with the faces the test queues (first in, first out);
 * a die with no face queued fails the test, so an unplanned roll is caught. It understands the formulas Fray
 * builds ("1d20 + 3 - 2d6kh", "3d6", "1d100", "2d6 + 1"), serialises to JSON and comes back through
 * `Roll.fromData` by looking its class up in `CONFIG.Dice.rolls`, as a reloaded chat message does.
 */
import { V14 } from "./generation";
import { toMessageMode } from "./message-modes";

type Data = Record<string, unknown>;

export const queuedFaces: number[] = [];

/** The faces the next dice show, in order. */
export function queueFaces(...faces: number[]): void {
  queuedFaces.push(...faces);
}

interface DieResult {
  result: number;
  active: boolean;
}

class Die {
  results: DieResult[] = [];
  constructor(
    readonly number: number,
    readonly faces: number,
    readonly keep: { mode: "kh" | "kl"; count: number } | null,
    readonly sign: 1 | -1,
  ) {}
  get value(): number {
    return this.results.filter((r) => r.active).reduce((sum, r) => sum + r.result, 0);
  }
}

type Term = Die | { sign: 1 | -1; value: number };

const DIE = /^(\d*)d(\d+)(?:(kh|kl)(\d*))?$/i;

function parse(formula: string): Term[] {
  const terms: Term[] = [];
  for (const match of formula.replace(/\s+/g, "").matchAll(/([+-]?)([^+-]+)/g)) {
    const sign = match[1] === "-" ? -1 : 1;
    const body = match[2] ?? "";
    const die = DIE.exec(body);
    if (die) {
      const keep = die[3] ? { mode: die[3].toLowerCase() as "kh" | "kl", count: Number(die[4] || 1) } : null;
      terms.push(new Die(Number(die[1] || 1), Number(die[2]), keep, sign));
    } else if (/^\d+$/.test(body)) terms.push({ sign, value: Number(body) });
    else throw new Error(`the harness Roll does not understand "${formula}"`);
  }
  return terms;
}

export class Roll {
  formula: string;
  data: Data;
  options: Data;
  terms: Term[];
  _evaluated = false;

  constructor(formula: string, data: Data = {}, options: Data = {}) {
    this.formula = Roll.replaceFormulaData(formula, data);
    this.data = data;
    this.options = options;
    this.terms = parse(this.formula);
  }

  /**
   * `@path` references replaced by the value at that path of `data` (v13 `Roll.replaceFormulaData`). Stricter than
   * Foundry, which leaves an unmatched key as it is (or puts `missing` there): here an unmatched or non-numeric
   * reference throws.
   */
  static replaceFormulaData(formula: string, data: Data): string {
    return formula.replace(/@([a-z.0-9_-]+)/gi, (_, path: string) => {
      let node: unknown = data;
      for (const part of path.split("."))
        node = node && typeof node === "object" ? (node as Data)[part] : undefined;
      if (typeof node !== "number" && !(typeof node === "string" && /^-?\d+$/.test(node)))
        throw new Error(`the roll data has no number at @${path} ("${formula}")`);
      return String(node);
    });
  }

  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }

  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.terms.reduce((sum, t) => sum + t.sign * t.value, 0);
  }

  /** The next face of a die of `faces` sides: the queued one (the world harness draws its own: page.ts). */
  protected drawFace(faces: number): number {
    const face = queuedFaces.shift();
    if (face === undefined) throw new Error(`no face queued for d${faces} in "${this.formula}"`);
    return face;
  }

  async evaluate(_options: { allowInteractive?: boolean } = {}): Promise<this> {
    for (const die of this.dice) {
      die.results = [];
      for (let i = 0; i < die.number; i++) {
        const face = this.drawFace(die.faces);
        if (face < 1 || face > die.faces) throw new Error(`face ${face} is not on a d${die.faces}`);
        die.results.push({ result: face, active: true });
      }
      if (die.keep) {
        const order = [...die.results].sort((a, b) =>
          die.keep?.mode === "kh" ? b.result - a.result : a.result - b.result,
        );
        const kept = new Set(order.slice(0, die.keep.count));
        for (const r of die.results) r.active = kept.has(r);
      }
    }
    this._evaluated = true;
    return this;
  }

  /**
   * `Roll#toMessage(messageData, options)`: evaluated first if it is not; the message's data is `messageData` with
   * `rolls: [this]`. v13 `{ rollMode, create }`: the given mode, else the roll's, else `core.rollMode`; v14
   * `{ messageMode, create }`: the given mode, else `core.messageMode`, and `rollMode` throws (deprecated)
   * (message-modes.ts `toMessageMode`). With `create` (the default) it is created through
   * `CONFIG.ChatMessage.documentClass` with that mode as its option and the created message is returned; without,
   * the mode is applied to the data (`applyRollMode` / `applyMode`) and the data returned.
   */
  async toMessage(messageData: Data = {}, options: Data = {}): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const g = globalThis as unknown as {
      CONFIG: { ChatMessage: { documentClass: { create(d: Data, o: Data): Promise<unknown> } } };
      ChatMessage: { applyRollMode(d: Data, m: string): Data; applyMode(d: Data, m: string): Data };
      game: { settings: { get(ns: string, key: string): unknown } };
    };
    const { option, mode } = toMessageMode(options, this, (key) => g.game.settings.get("core", key));
    const data: Data = { ...messageData, rolls: [this] };
    if (options.create === false)
      return V14 ? g.ChatMessage.applyMode(data, mode) : g.ChatMessage.applyRollMode(data, mode);
    return g.CONFIG.ChatMessage.documentClass.create(data, option);
  }

  toJSON(): Data {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      evaluated: this._evaluated,
      total: this.total,
      dice: this.dice.map((d) => d.results),
    };
  }

  static fromData(data: Data): Roll {
    const classes = (globalThis as unknown as { CONFIG: { Dice: { rolls: (typeof Roll)[] } } }).CONFIG.Dice
      .rolls;
    const cls = classes.find((c) => c.name === data.class);
    if (!cls) throw new Error(`Roll class ${String(data.class)} is not in CONFIG.Dice.rolls`);
    const roll = new cls(String(data.formula), {}, (data.options as Data) ?? {});
    const dice = (data.dice as DieResult[][]) ?? [];
    roll.dice.forEach((d, i) => (d.results = (dice[i] ?? []).map((r) => ({ ...r }))));
    roll._evaluated = Boolean(data.evaluated);
    return roll;
  }
}
