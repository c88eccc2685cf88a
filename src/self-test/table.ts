/**
 * The table a scenario plays at: two seats (the GM, and the player — a connected player's own client, or the
 * GM's client when nobody else is logged in), the gestures a user makes there, the dice, and the checks of what
 * each seat sees. Each gesture is one step of the report: made on its seat's client, then the table is left to
 * go quiet, then everything that went wrong on the way — on either client — fails the step, with its error,
 * and stops the scenario (as a failed `expect` would).
 *
 * The same scenarios are the smoke test (tests/smoke): the world harness runs this very code, in the GM's page,
 * through the settings menu.
 */
import type { FamilyId } from "../rules/families/ids";
import { loc } from "../utils/loc";
import type { PlannedDice } from "./dice";
import { perform, type DialogAnswer, type DialogAnswers, type Gesture, type Place } from "./gestures";
import { readProbe, plain, type Check, type Expectation, type Probe } from "./probes";
import type { PlayerClient } from "./relay";
import type { StepResult } from "./report";
import type { TableWatch } from "./watch";

export type Seat = "gm" | "player";

/** A step's label: an i18n key under `FRAY.SelfTest.Step.`, with its data (the seat's user fills `{who}`). */
export type Label = readonly [key: string, data?: Readonly<Record<string, string | number>>];

export interface CastMember {
  /** The name of a document in the pack (and of its token). */
  readonly name: string;
  readonly pack: "characters" | "creatures";
  /** Owned by the player (else the GM's). */
  readonly player?: boolean;
  /** Where its token stands (grid squares). */
  readonly at: readonly [number, number];
}

export interface Scenario {
  readonly family: FamilyId;
  readonly cast: readonly CastMember[];
  play(table: Table): Promise<void>;
}

/** A step failed: the scenario stops there (its error is in the report). */
export class StepFailed extends Error {}

/** What the table needs of the run around it. */
export interface TableContext {
  readonly place: Place;
  readonly watch: TableWatch;
  readonly dialogs: DialogAnswers;
  readonly dice: PlannedDice;
  /** The player's client (null: the GM's client plays the player's part). */
  readonly player: PlayerClient | null;
  readonly names: Readonly<Record<Seat, string>>;
  /** How long a step may take to settle (ms). */
  readonly timeout: number;
  record(step: StepResult): void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const elapsed = (started: number) => Math.round(performance.now() - started);

export class Table {
  readonly gm: Seat = "gm";
  readonly player: Seat = "player";
  #answers: Record<Seat, DialogAnswer[]> = { gm: [], player: [] };

  constructor(readonly context: TableContext) {}

  /** Whether a player's own client plays the player's part. */
  get playerConnected(): boolean {
    return this.context.player !== null;
  }

  // --- what the scenario plans ------------------------------------------------------------------------------------

  /** The faces the next dice of `faces` sides show, in order (the GM's client rolls every die). */
  dice(faces: number, ...values: number[]): void {
    this.context.dice.plan(faces, values);
  }

  /** The seat's user will answer the next dialog by pressing `action` after filling `fields`. */
  answer(seat: Seat, action: string, fields?: Readonly<Record<string, string | number | boolean>>): void {
    this.#answers[seat].push(fields ? { action, fields } : { action });
  }

  // --- gestures ---------------------------------------------------------------------------------------------------

  tracker(
    seat: Seat,
    action: string,
    combatant: string | undefined,
    label: Label,
    data?: Readonly<Record<string, string>>,
  ): Promise<void> {
    return this.#step(
      seat,
      { kind: "tracker", action, ...(combatant ? { combatant } : {}), ...(data ? { data } : {}) },
      label,
    );
  }

  item(seat: Seat, token: string, item: string, action: string, label: Label): Promise<void> {
    return this.#step(seat, { kind: "item", token, item, action }, label);
  }

  sheet(seat: Seat, token: string, selector: string, label: Label): Promise<void> {
    return this.#step(seat, { kind: "sheet", token, selector }, label);
  }

  card(seat: Seat, message: string, selector: string, label: Label): Promise<void> {
    return this.#step(seat, { kind: "card", message, selector }, label);
  }

  /**
   * Presses a control of a token's Token HUD. `warnings`: the i18n keys of the warnings the press must draw on the
   * seat's client (a refusal the step checks), in that client's language; any other warning still fails it.
   */
  hud(
    seat: Seat,
    token: string,
    selector: string,
    label: Label,
    warnings: readonly string[] = [],
  ): Promise<void> {
    return this.#step(seat, { kind: "hud", token, selector }, label, warnings);
  }

  target(seat: Seat, token: string | null): Promise<void> {
    return this.#step(seat, { kind: "target", token }, token ? ["target", { token }] : ["untarget"]);
  }

  drag(seat: Seat, token: string, to: { x: number; y: number }, label: Label): Promise<void> {
    return this.#step(seat, { kind: "drag", token, to }, label);
  }

  /** Checks what the seat's client holds: every check must hold there. */
  see(seat: Seat, ...checks: readonly (readonly [Probe, Expectation])[]): Promise<void> {
    const list: Check[] = checks.map(([probe, expect]) => ({ probe, expect }));
    return this.#step(seat, { kind: "see", checks: list }, ["see"]);
  }

  // --- what the GM's client reads (trusted: the check runs there) -------------------------------------------------

  /** A value as the GM's client holds it, as plain data. */
  read<T = unknown>(probe: Probe): T {
    const scope = {
      scene: this.context.place.scene,
      combat: this.context.place.combat,
      tracker: ui.combat?.element ?? null,
      messages: game.messages?.contents ?? [],
    };
    return plain(readProbe(probe, scope)) as T;
  }

  /** The id of the newest chat message of a Fray card type, on the GM's client. */
  lastMessageId(type: string): string {
    const id = this.read<string | null>({ of: "lastMessage", type, path: "id" });
    if (!id) throw new StepFailed(loc("FRAY.SelfTest.Error.noMessage", { type }));
    return id;
  }

  // --- one step ---------------------------------------------------------------------------------------------------

  #label(seat: Seat, [key, data]: Label): string {
    return loc(`FRAY.SelfTest.Step.${key}`, { who: this.context.names[seat], ...data });
  }

  async #step(seat: Seat, gesture: Gesture, label: Label, warnings: readonly string[] = []): Promise<void> {
    const { watch, dialogs, dice, timeout, player, place } = this.context;
    const started = performance.now();
    const answers = this.#answers[seat].splice(0);
    const text = this.#label(seat, label);
    const problems: string[] = [];
    try {
      await watch.settle(timeout);
      dice.begin(game.messages?.contents ?? []);
      if (seat === "player" && player) {
        const problem = await player.ask(
          {
            type: "gesture",
            scene: String(place.scene.id),
            combat: place.combat?.id ?? null,
            gesture,
            answers,
            warnings,
            quietFor: watch.quietFor,
            timeout,
          },
          timeout * 3,
        );
        if (problem) problems.push(problem);
      } else {
        dialogs.queue(answers);
        watch.expectWarnings(warnings.map((key) => loc(key)));
        await perform(gesture, place, timeout);
      }
      await watch.settle(timeout);
    } catch (error) {
      problems.push(errorText(error));
    }
    problems.push(...dialogs.takeProblems(), ...watch.takeProblems());
    const diceProblem = dice.check(game.messages?.contents ?? []);
    if (diceProblem) problems.push(loc("FRAY.SelfTest.Error.dice", { problem: diceProblem }));
    const error = problems.length ? problems.join("; ") : null;
    this.context.record({ label: text, ok: error === null, error, ms: elapsed(started) });
    if (error !== null) throw new StepFailed(error);
  }

  /** A step the run itself makes (setting the table, tidying up): recorded like a gesture. */
  async chore(label: Label, work: () => Promise<void>, seat: Seat = "gm"): Promise<void> {
    const { watch, dialogs, timeout } = this.context;
    const started = performance.now();
    const problems: string[] = [];
    try {
      await work();
      await watch.settle(timeout);
    } catch (error) {
      problems.push(errorText(error));
    }
    problems.push(...dialogs.takeProblems(), ...watch.takeProblems());
    const error = problems.length ? problems.join("; ") : null;
    this.context.record({ label: this.#label(seat, label), ok: error === null, error, ms: elapsed(started) });
    if (error !== null) throw new StepFailed(error);
  }
}
