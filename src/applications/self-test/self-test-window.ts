/**
 * "Check Fray in this world" (Configure Settings → Fray, GM only): the window where the GM picks the families to
 * check and who plays the player's part, starts the check, and watches each step pass or fail with its error.
 * The check itself is its own chunk (src/self-test/, dist/fray-self-test.mjs), imported only when the GM presses
 * Start; this window is all of it that `fray.mjs` carries.
 */
import { FAMILY_IDS, type FamilyId } from "../../rules/families/ids";
import { loc } from "../../utils/loc";
import type { CheckReport } from "../../self-test/report";
import { SELF_TEST_TEMPLATE, selfTestContext, type SelfTestChoices } from "./self-test-context";
import type * as SelfTestChunk from "../../self-test/self-test";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type SelfTestModule = typeof SelfTestChunk;

/**
 * The check this client runs — at most one — and its report so far, shared by every window the menu opens: a
 * window opened again while a check runs shows its progress, with Start disabled.
 */
const check: { running: boolean; report: CheckReport | null; module: SelfTestModule | null } = {
  running: false,
  report: null,
  module: null,
};
/** The windows to draw again as the check goes. */
const windows = new Set<SelfTestWindow>();

function redraw(): void {
  for (const app of windows) if (app.rendered) void app.render();
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The players connected now (the GM's client may have one of them play the player's part). */
function connectedPlayers(): { id: string; name: string }[] {
  return (game.users?.contents ?? [])
    .filter((u) => u.active && !u.isGM)
    .map((u) => ({ id: String(u.id), name: u.name ?? "" }));
}

export class SelfTestWindow extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "fray-self-test",
    classes: ["fray", "fray-self-test"],
    position: { width: 560, height: 680 },
    window: { title: "FRAY.SelfTest.title", icon: "fa-solid fa-stethoscope", resizable: true },
    actions: {
      start: SelfTestWindow.#onStart,
      copy: SelfTestWindow.#onCopy,
    },
  };

  static override PARTS = {
    body: { template: SELF_TEST_TEMPLATE, scrollable: [".fray-self-test-report"] },
  };

  #choices: SelfTestChoices = { families: [...FAMILY_IDS], playerId: connectedPlayers()[0]?.id ?? null };

  constructor(...args: ConstructorParameters<typeof ApplicationV2>) {
    super(...args);
    windows.add(this);
  }

  override async close(options?: never): Promise<this> {
    windows.delete(this);
    return super.close(options);
  }

  override async _prepareContext(options: never): Promise<never> {
    const context = await super._prepareContext(options);
    const players = connectedPlayers();
    if (!check.running && this.#choices.playerId && !players.some((p) => p.id === this.#choices.playerId))
      this.#choices = { ...this.#choices, playerId: players[0]?.id ?? null };
    const text = check.report && check.module ? check.module.reportText(check.report) : "";
    return Object.assign(
      context as object,
      selfTestContext(this.id, this.#choices, players, check.running, check.report, text),
    ) as never;
  }

  /** What the form says now: the families ticked, the player chosen ("" is the GM's own client). */
  #readChoices(): SelfTestChoices {
    const root = this.element;
    const families = [...root.querySelectorAll<HTMLInputElement>('input[name="family"]')]
      .filter((input) => input.checked)
      .map((input) => input.value as FamilyId)
      .filter((id) => FAMILY_IDS.includes(id));
    const player = root.querySelector<HTMLSelectElement>('select[name="player"]')?.value ?? "";
    return { families, playerId: player || null };
  }

  static async #onStart(this: SelfTestWindow): Promise<void> {
    if (check.running) return;
    if (!game.user?.isGM) {
      ui.notifications?.warn(loc("FRAY.SelfTest.Error.notActiveGM"));
      return;
    }
    const choices = this.#readChoices();
    this.#choices = choices;
    if (!choices.families.length) {
      ui.notifications?.warn(loc("FRAY.SelfTest.Error.noFamily"));
      return;
    }
    check.running = true;
    check.report = null;
    redraw();
    try {
      try {
        check.module ??= await import("../../self-test/self-test");
      } catch (error) {
        // The chunk could not be loaded (a file missing from the install, the server gone): said in words.
        ui.notifications?.error(loc("FRAY.SelfTest.Error.notLoaded", { error: errorText(error) }));
        return;
      }
      check.report = await check.module.runCheck({
        ...choices,
        onProgress: (report) => {
          check.report = report;
          redraw();
        },
      });
    } finally {
      check.running = false;
      redraw();
    }
  }

  static async #onCopy(this: SelfTestWindow): Promise<void> {
    if (!check.report || !check.module) return;
    const text = check.module.reportText(check.report);
    try {
      await navigator.clipboard.writeText(text);
      ui.notifications?.info(loc("FRAY.SelfTest.copied"));
    } catch {
      // No clipboard here (an insecure origin): the report stays selected in its text box for the GM to copy.
      const box = this.element.querySelector<HTMLTextAreaElement>(".fray-self-test-text");
      box?.focus();
      box?.select();
      ui.notifications?.info(loc("FRAY.SelfTest.copyByHand"));
    }
  }
}
