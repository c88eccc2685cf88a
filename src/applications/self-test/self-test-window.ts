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
    position: { width: 560 },
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
  #running = false;
  #report: CheckReport | null = null;
  #module: SelfTestModule | null = null;

  override async _prepareContext(options: never): Promise<never> {
    const context = await super._prepareContext(options);
    const players = connectedPlayers();
    if (!this.#running && this.#choices.playerId && !players.some((p) => p.id === this.#choices.playerId))
      this.#choices = { ...this.#choices, playerId: players[0]?.id ?? null };
    const text = this.#report && this.#module ? this.#module.reportText(this.#report) : "";
    return Object.assign(
      context as object,
      selfTestContext(this.id, this.#choices, players, this.#running, this.#report, text),
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
    if (this.#running) return;
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
    this.#running = true;
    this.#report = null;
    await this.render();
    try {
      this.#module ??= await import("../../self-test/self-test");
      this.#report = await this.#module.runCheck({
        ...choices,
        onProgress: (report) => {
          this.#report = report;
          void this.render();
        },
      });
    } finally {
      this.#running = false;
      await this.render();
    }
  }

  static async #onCopy(this: SelfTestWindow): Promise<void> {
    if (!this.#report || !this.#module) return;
    const text = this.#module.reportText(this.#report);
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
