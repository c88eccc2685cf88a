/**
 * How the GM's client has a player's client play its part of the check, through what the server vouches for
 * (FOUNDRY-API.md: a query carries no sender; a document hook's `userId` is the writer the server names).
 *
 * - The GM's client writes the next instruction on the player's User (`flags.fray.selfTest.instruction`, a JSON
 *   string): only a GM may write another user's User.
 * - The player's client acts on it only when its own User was updated by a GM (`updateUser`'s `userId`), makes the
 *   gesture in its own DOM, waits for its table to go quiet, and reports on its own User
 *   (`flags.fray.selfTest.report`).
 * - The GM's client reads a report only when the player's own write carried it, and takes from it nothing but
 *   "this step passed" or "it failed, with this message" (a bounded text, shown as text).
 */
import { SYSTEM_ID } from "../constants";
import { asFray } from "../documents/combat-api";
import {
  DialogAnswers,
  GESTURE_KINDS,
  perform,
  type DialogAnswer,
  type Gesture,
  type Place,
} from "./gestures";
import { loc } from "../utils/loc";
import { TableWatch } from "./watch";

const FLAG = `flags.${SYSTEM_ID}.selfTest`;
/** The longest instruction a player's client reads, and the longest report message the GM's client keeps. */
const MAX_INSTRUCTION = 20_000;
const MAX_MESSAGE = 1_000;
/** The longest wait an instruction may ask for (ms), and the most warnings a gesture may expect. */
const MAX_WAIT = 120_000;
const MAX_WARNINGS = 5;

export interface Instruction {
  readonly run: string;
  readonly seq: number;
  readonly type: "enter" | "gesture" | "leave";
  readonly scene: string;
  readonly combat: string | null;
  readonly gesture?: Gesture;
  readonly answers?: readonly DialogAnswer[];
  /** The i18n keys of the warnings the gesture must draw here (a refusal the step checks). */
  readonly warnings?: readonly string[];
  /** The GM's measure of a quiet table (ms), and how long a gesture may take to settle (ms). */
  readonly quietFor: number;
  readonly timeout: number;
}

export interface StepOutcome {
  readonly ok: boolean;
  readonly message: string;
}

type Flags = {
  flags?: Record<string, { selfTest?: { instruction?: unknown; report?: unknown } } | undefined>;
};

/** The GM's side: one player's client, instructed and heard. */
export class PlayerClient {
  #seq = 0;
  #waiting = new Map<number, (outcome: StepOutcome) => void>();
  #hook: number | null = null;

  constructor(
    readonly user: User.Implementation,
    readonly run: string,
  ) {}

  start(): void {
    this.#hook = Hooks.on("updateUser", (user, changes, _options, userId) => {
      // The report counts only when the player's own write carried it.
      if (user.id !== this.user.id || userId !== user.id) return;
      const stored = (changes as Flags).flags?.[SYSTEM_ID]?.selfTest?.report;
      if (typeof stored !== "string" || stored.length > MAX_INSTRUCTION) return;
      let report: unknown;
      try {
        report = JSON.parse(stored);
      } catch {
        return;
      }
      const r = report as { run?: unknown; seq?: unknown; ok?: unknown; message?: unknown };
      if (r?.run !== this.run || typeof r.seq !== "number") return;
      this.#waiting.get(r.seq)?.({
        ok: r.ok === true,
        message: typeof r.message === "string" ? r.message.slice(0, MAX_MESSAGE) : "",
      });
    });
  }

  stop(): void {
    if (this.#hook !== null) Hooks.off("updateUser", this.#hook);
    this.#hook = null;
    this.#waiting.clear();
  }

  /**
   * Sends one instruction and waits for the player's word on it: null when the step passed there, else what went
   * wrong, in words (no answer in time, or the player's client's own message).
   */
  async ask(instruction: Omit<Instruction, "run" | "seq">, wait: number): Promise<string | null> {
    const outcome = await this.send(instruction, wait);
    const player = this.user.name ?? "";
    if (outcome.timedOut) return loc("FRAY.SelfTest.Error.noAnswer", { player, seconds: wait / 1000 });
    return outcome.ok ? null : loc("FRAY.SelfTest.Error.playerFailed", { player, message: outcome.message });
  }

  /** Sends one instruction; resolves with the player's word on it, or a failure when no answer comes in time. */
  async send(
    instruction: Omit<Instruction, "run" | "seq">,
    wait: number,
  ): Promise<StepOutcome & { timedOut?: boolean }> {
    const seq = ++this.#seq;
    const answered = new Promise<StepOutcome & { timedOut?: boolean }>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(seq);
        resolve({ ok: false, message: "", timedOut: true });
      }, wait);
      this.#waiting.set(seq, (outcome) => {
        clearTimeout(timer);
        this.#waiting.delete(seq);
        resolve(outcome);
      });
    });
    const full: Instruction = { ...instruction, run: this.run, seq };
    await this.user.update({ [`${FLAG}.instruction`]: JSON.stringify(full) } as never);
    return answered;
  }
}

// --- the player's side -------------------------------------------------------------------------------------------

/** What the player's client changed to play its part, to put back on "leave". */
let entered: { scene: string | null; combat: string | null } | null = null;
let queue: Promise<unknown> = Promise.resolve();

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parse(json: string): Instruction | null {
  if (json.length > MAX_INSTRUCTION) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const i = value as Partial<Instruction> | null;
  if (!i || typeof i.run !== "string" || typeof i.seq !== "number" || typeof i.scene !== "string")
    return null;
  if (!["enter", "gesture", "leave"].includes(String(i.type))) return null;
  if (i.type === "gesture" && !GESTURE_KINDS.includes(i.gesture?.kind as never)) return null;
  const ms = (value: unknown, most: number) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= most;
  if (!ms(i.quietFor, MAX_WAIT) || !ms(i.timeout, MAX_WAIT)) return null;
  const warnings: unknown = i.warnings ?? [];
  if (
    !Array.isArray(warnings) ||
    warnings.length > MAX_WARNINGS ||
    !warnings.every((key) => typeof key === "string" && key.startsWith("FRAY."))
  )
    return null;
  return i as Instruction;
}

function viewedCombatId(): string | null {
  return ui.combat?.viewed?.id ?? null;
}

/** The tracker shows that fight (or the scene's own), drawn again. */
async function setViewedCombat(id: string | null): Promise<void> {
  if (!ui.combat) return;
  ui.combat.viewed = id ? (game.combats?.get(id) ?? null) : null;
  if (ui.combat.rendered) await ui.combat.render();
}

async function follow(instruction: Instruction): Promise<StepOutcome> {
  const scene = game.scenes?.get(instruction.scene);
  if (!scene) return { ok: false, message: loc("FRAY.SelfTest.Error.noScene", { scene: instruction.scene }) };
  const watch = new TableWatch();
  watch.quietFor = instruction.quietFor;
  const dialogs = new DialogAnswers();
  watch.start();
  dialogs.start();
  try {
    if (instruction.type === "enter") {
      entered ??= { scene: canvas?.scene?.id ?? null, combat: viewedCombatId() };
      if (canvas?.scene?.id !== scene.id) await scene.view();
      await setViewedCombat(instruction.combat);
    } else if (instruction.type === "leave") {
      for (const target of [...(game.user?.targets ?? [])]) target.setTarget(false, { releaseOthers: false });
      const before = entered;
      entered = null;
      const back = before?.scene ? game.scenes?.get(before.scene) : null;
      if (back && canvas?.scene?.id === scene.id) await back.view();
      await setViewedCombat(before?.combat && game.combats?.get(before.combat) ? before.combat : null);
    } else {
      await watch.settle(instruction.timeout);
      dialogs.queue(instruction.answers ?? []);
      watch.expectWarnings((instruction.warnings ?? []).map((key) => loc(key)));
      const place: Place = {
        scene,
        combat: asFray(instruction.combat ? game.combats?.get(instruction.combat) : null) ?? null,
      };
      await perform(instruction.gesture!, place, instruction.timeout);
    }
    await watch.settle(instruction.timeout);
    const problems = [...dialogs.takeProblems(), ...watch.takeProblems()];
    return problems.length ? { ok: false, message: problems.join("; ") } : { ok: true, message: "" };
  } catch (error) {
    return {
      ok: false,
      message: [errorText(error), ...dialogs.takeProblems(), ...watch.takeProblems()].join("; "),
    };
  } finally {
    dialogs.stop();
    watch.stop();
  }
}

/**
 * The player's client: an instruction a GM wrote on this user's User (the caller checked the writer), followed
 * one at a time, and reported on this user's own User.
 */
export function followInstruction(json: string): void {
  const instruction = parse(json);
  if (!instruction) return;
  queue = queue
    .then(async () => {
      const outcome = await follow(instruction);
      const report = {
        run: instruction.run,
        seq: instruction.seq,
        ok: outcome.ok,
        message: outcome.message.slice(0, MAX_MESSAGE),
      };
      await game.user?.update({ [`${FLAG}.report`]: JSON.stringify(report) } as never);
    })
    .catch((error: unknown) => {
      console.warn(`${SYSTEM_ID} | the check's step ${instruction.seq} could not be reported`, error);
    });
}
