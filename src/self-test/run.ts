/**
 * "Check Fray in this world": on the active GM's client, for each family asked for, a scratch scene with actors
 * imported from Fray's compendiums, one round played through the same buttons a table presses (scenarios/), the
 * player's part on a connected player's own client (relay.ts) or, with nobody connected, on the GM's; then
 * everything it made is deleted and everything it changed is put back — the world's rule family, the scene and
 * fight each client was viewing, `CONFIG.Dice.randomUniform`, the User flags it used — even when a step fails or
 * throws. A GM-whispered summary is the one thing it leaves.
 */
import { SYSTEM_ID } from "../constants";
import { deleteKey } from "../compat/delete-key";
import { getSetting } from "../config/settings";
import { asFray } from "../documents/combat-api";
import type { FamilyId } from "../rules/families/ids";
import { loc } from "../utils/loc";
import { PlannedDice } from "./dice";
import { DialogAnswers, type Place } from "./gestures";
import { PlayerClient } from "./relay";
import {
  counts,
  familyName,
  SUMMARY_TEMPLATE,
  summaryContext,
  type CheckReport,
  type FamilyReport,
} from "./report";
import { SCENARIOS } from "./scenarios";
import { StepFailed, Table, type Scenario, type Seat } from "./table";
import { TableWatch } from "./watch";

export interface RunOptions {
  readonly families: readonly FamilyId[];
  /** The connected player who plays the player's part (null: the GM's client plays both parts). */
  readonly playerId: string | null;
  onProgress(report: CheckReport): void;
}

/** How long one step may take to settle (ms), and the square's size on the scratch scene (px). */
const STEP_TIMEOUT = 20_000;
const GRID = 100;
const OWNER = 3;
const OBSERVER = 2;
const FLAG = `flags.${SYSTEM_ID}.selfTest`;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The slowest of three round trips of a write to the GM's own User (ms). */
async function roundTrip(user: User.Implementation): Promise<number> {
  let worst = 0;
  for (let i = 1; i <= 3; i++) {
    const started = performance.now();
    await user.update({ [`${FLAG}.ping`]: i } as never);
    worst = Math.max(worst, performance.now() - started);
  }
  return worst;
}

/** The keys of a User's Fray flags (null: it has none at all). */
function frayFlagKeys(user: User.Implementation): string[] | null {
  const flags = (user.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID];
  return flags && typeof flags === "object" ? Object.keys(flags) : null;
}

const isEmptyObject = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * A User's Fray flags as they were: the check's own key and every key the check's requests left empty
 * (the mailbox's `requests`/`answers`) taken off again, and the whole Fray scope if there was none before.
 */
async function putFlagsBack(user: User.Implementation, before: string[] | null): Promise<void> {
  const now = ((user.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] ?? {}) as Record<
    string,
    unknown
  >;
  const keys = Object.keys(now);
  const added = keys.filter((k) => !(before ?? []).includes(k));
  const removable = added.filter((k) => k === "selfTest" || isEmptyObject(now[k]));
  if (before === null && frayFlagKeys(user) !== null && removable.length === keys.length)
    await user.update(deleteKey(`flags.${SYSTEM_ID}`) as never);
  else if (removable.length)
    await user.update(
      Object.assign({}, ...removable.map((k) => deleteKey(`flags.${SYSTEM_ID}.${k}`))) as never,
    );
}

interface Made {
  scene: Scene.Implementation | null;
  readonly actors: Actor.Implementation[];
  readonly messages: Set<string>;
}

/** The id of the fight this client's tracker shows. */
function viewedCombat(): string | null {
  return ui.combat?.viewed?.id ?? null;
}

/** The tracker shows that fight (or the scene's own), drawn again. */
async function setViewedCombat(id: string | null): Promise<void> {
  if (!ui.combat) return;
  ui.combat.viewed = id ? (game.combats?.get(id) ?? null) : null;
  if (ui.combat.rendered) await ui.combat.render();
}

/** The fights of a scene (a Combat's `scene` field holds the scene's id). */
function fightsOn(sceneId: string): Combat.Implementation[] {
  return (game.combats?.contents ?? []).filter((c) => c._source.scene === sceneId).map((c) => asFray(c)!);
}

class CheckRun {
  readonly report: CheckReport;
  readonly watch = new TableWatch();
  readonly dialogs = new DialogAnswers();
  readonly dice = new PlannedDice(CONFIG.Dice as never);
  readonly run = foundry.utils.randomID(16);
  player: PlayerClient | null = null;

  constructor(readonly options: RunOptions) {
    const playerUser = options.playerId ? game.users?.get(options.playerId) : null;
    this.report = {
      state: "running",
      fray: String(game.system?.version ?? ""),
      foundry: String(game.version ?? ""),
      gm: game.user?.name ?? "",
      player: playerUser?.name ?? null,
      families: options.families.map((family) => ({ family, state: "waiting", steps: [] })),
      problems: [],
      warnings: this.watch.warnings,
      quietFor: 0,
      seconds: 0,
    };
  }

  progress(): void {
    this.options.onProgress(this.report);
  }

  /** Why the check cannot start here (null: it can). */
  refusal(): string | null {
    if (!game.user?.isGM || !game.user.isActiveGM) return loc("FRAY.SelfTest.Error.notActiveGM");
    if (this.dice.otherFulfillment)
      return loc("FRAY.SelfTest.Error.fulfillment", { method: this.dice.otherFulfillment });
    for (const pack of ["characters", "creatures"])
      if (!game.packs?.get(`${SYSTEM_ID}.${pack}`)) return loc("FRAY.SelfTest.Error.noPack", { pack });
    if (this.options.playerId) {
      const user = game.users?.get(this.options.playerId);
      if (!user || user.isGM || !user.active)
        return loc("FRAY.SelfTest.Error.playerGone", { player: user?.name ?? this.options.playerId });
    }
    return null;
  }

  /** The check does not start, and says why: in the window and (`summary`) in the whispered summary. */
  async refuse(refusal: string, summary = true): Promise<CheckReport> {
    this.report.problems.push(refusal);
    this.report.state = "failed";
    for (const family of this.report.families) family.state = "failed";
    this.progress();
    if (summary) await this.postSummary();
    return this.report;
  }

  async start(): Promise<CheckReport> {
    const started = performance.now();
    const refusal = this.refusal();
    if (refusal) return this.refuse(refusal);
    const gm = game.user!;
    const playerUser = this.options.playerId ? game.users!.get(this.options.playerId)! : null;
    const before = {
      ruleset: getSetting("ruleset"),
      scene: canvas?.scene?.id ?? null,
      combat: viewedCombat(),
      flags: new Map([gm, ...(playerUser ? [playerUser] : [])].map((u) => [u, frayFlagKeys(u)] as const)),
    };
    this.watch.start();
    this.dialogs.start();
    this.dice.install();
    try {
      await this.dice.calibrate();
      this.watch.quietFor = Math.min(1500, Math.max(10, Math.ceil(3 * (await roundTrip(gm)))));
      this.report.quietFor = this.watch.quietFor;
      if (playerUser) {
        this.player = new PlayerClient(playerUser, this.run);
        this.player.start();
      }
      for (const family of this.report.families) {
        const scenario = SCENARIOS[family.family];
        await this.playFamily(family, scenario, before);
      }
    } catch (error) {
      this.report.problems.push(errorText(error));
    } finally {
      await this.putBack(gm, before);
    }
    this.report.seconds = Math.round((performance.now() - started) / 100) / 10;
    const { failed } = counts(this.report);
    this.report.state =
      failed || this.report.problems.length || this.report.families.some((f) => f.state !== "passed")
        ? "failed"
        : "passed";
    this.progress();
    await this.postSummary();
    return this.report;
  }

  /** Everything the run changed, put back; what cannot be is a problem of the report. */
  async putBack(
    gm: User.Implementation,
    before: {
      ruleset: FamilyId;
      scene: string | null;
      combat: string | null;
      flags: ReadonlyMap<User.Implementation, string[] | null>;
    },
  ): Promise<void> {
    const attempt = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        this.report.problems.push(loc("FRAY.SelfTest.Error.putBack", { error: errorText(error) }));
      }
    };
    this.dice.restore();
    await attempt(async () => {
      if (getSetting("ruleset") !== before.ruleset)
        await game.settings.set(SYSTEM_ID, "ruleset", before.ruleset);
    });
    await attempt(async () => {
      const back = before.scene ? game.scenes?.get(before.scene) : null;
      if (back && canvas?.scene?.id !== back.id) await back.view();
      await setViewedCombat(before.combat && game.combats?.get(before.combat) ? before.combat : null);
    });
    this.player?.stop();
    // The mailbox tidies its requests without waiting: let it finish before the flags are looked at.
    await attempt(() => this.watch.settle(STEP_TIMEOUT));
    for (const [user, keys] of before.flags) await attempt(() => putFlagsBack(user, keys));
    await attempt(() => this.watch.settle(STEP_TIMEOUT));
    for (const problem of [...this.dialogs.takeProblems(), ...this.watch.takeProblems()])
      this.report.problems.push(problem);
    this.dialogs.stop();
    this.watch.stop();
  }

  async playFamily(
    family: FamilyReport,
    scenario: Scenario,
    before: { scene: string | null; combat: string | null },
  ): Promise<void> {
    family.state = "running";
    this.progress();
    const made: Made = { scene: null, actors: [], messages: new Set() };
    // The scene and fight are made by the first steps; until then a step has nowhere to be made (and fails so).
    const place: Place = { scene: null as never, combat: null };
    // The messages of its fights: whatever the GM running the check and the player playing its part post while the
    // family's round is set, played and tidied (a note core or Fray posts when the fight ends included).
    const authors = new Set([game.user?.id, this.player?.user.id].filter(Boolean));
    const hook = Hooks.on("createChatMessage", (message) => {
      if (message.id && authors.has(message.author?.id)) made.messages.add(message.id);
    });
    const names: Record<Seat, string> = {
      gm: game.user?.name ?? "",
      player: this.player?.user.name ?? game.user?.name ?? "",
    };
    const table = new Table({
      place,
      watch: this.watch,
      dialogs: this.dialogs,
      dice: this.dice,
      player: this.player,
      names,
      timeout: STEP_TIMEOUT,
      record: (step) => {
        family.steps.push(step);
        this.progress();
      },
    });
    // A step that failed is in the report already; anything else that stopped the round is reported as such.
    const unexpected = (error: unknown) => {
      if (!(error instanceof StepFailed))
        family.steps.push({
          label: loc("FRAY.SelfTest.Step.unexpected"),
          ok: false,
          error: errorText(error),
        });
    };
    try {
      await this.setTable(table, scenario, made, place);
      await scenario.play(table);
    } catch (error) {
      unexpected(error);
    }
    try {
      await this.tidy(table, made, place, before);
    } catch (error) {
      unexpected(error);
    } finally {
      Hooks.off("createChatMessage", hook);
    }
    family.state = family.steps.every((s) => s.ok) ? "passed" : "failed";
    this.progress();
  }

  async setTable(table: Table, scenario: Scenario, made: Made, place: Place): Promise<void> {
    const playerId = this.player?.user.id ?? null;
    await table.chore(["setFamily", { family: familyName(scenario.family) }], async () => {
      await game.settings.set(SYSTEM_ID, "ruleset", scenario.family);
    });
    await table.chore(["makeScene"], async () => {
      const grid = game.system?.grid;
      const data: Record<string, unknown> = {
        name: loc("FRAY.SelfTest.sceneName", { family: familyName(scenario.family) }),
        width: 12 * GRID,
        height: 9 * GRID,
        padding: 0,
        navigation: false,
        tokenVision: false,
        grid: {
          type: grid?.type ?? 1,
          size: GRID,
          distance: grid?.distance ?? 1.5,
          units: grid?.units ?? "m",
        },
        ownership: { default: 0, ...(playerId ? { [playerId]: OBSERVER } : {}) },
      };
      const scene = (await Scene.create(data as never)) as Scene.Implementation | undefined;
      if (!scene) throw new Error(loc("FRAY.SelfTest.Error.sceneNotCreated"));
      made.scene = scene;
      place.scene = scene;
      await scene.view();
    });
    for (const member of scenario.cast) {
      await table.chore(["placeActor", { actor: member.name }], async () => {
        const pack = game.packs!.get(`${SYSTEM_ID}.${member.pack}`)!;
        const index = await pack.getIndex();
        const entry = index.find((e) => e.name === member.name);
        if (!entry)
          throw new Error(
            loc("FRAY.SelfTest.Error.notInPack", { actor: member.name, pack: pack.collection }),
          );
        const actor = (await game.actors!.importFromCompendium(pack as never, entry._id)) as
          Actor.Implementation | undefined;
        if (!actor) throw new Error(loc("FRAY.SelfTest.Error.notImported", { actor: member.name }));
        made.actors.push(actor);
        if (member.player && playerId)
          await actor.update({ ownership: { default: 0, [playerId]: OWNER } } as never);
        const proto = actor.prototypeToken;
        await place.scene.createEmbeddedDocuments("Token", [
          {
            name: (proto.name as string | undefined) ?? actor.name,
            actorId: actor.id,
            actorLink: proto.actorLink === true,
            width: (proto.width as number | undefined) ?? 1,
            height: (proto.height as number | undefined) ?? 1,
            x: member.at[0] * GRID,
            y: member.at[1] * GRID,
            disposition: (proto.disposition as number | undefined) ?? 0,
            texture: { src: proto.texture?.src ?? actor.img },
          } as never,
        ]);
      });
    }
    await table.chore(["makeFight"], async () => {
      const combat = (await CONFIG.Combat.documentClass.create({
        scene: place.scene.id,
        active: true,
      } as never)) as Combat.Implementation | undefined;
      if (!combat) throw new Error(loc("FRAY.SelfTest.Error.fightNotCreated"));
      place.combat = combat;
      await setViewedCombat(combat.id);
    });
    for (const member of scenario.cast)
      await table.hud("gm", member.name, '[data-action="combat"]', ["joinFight", { token: member.name }]);
    if (this.player) {
      const player = this.player;
      await table.chore(
        ["playerEnters"],
        async () => {
          const problem = await player.ask(
            {
              type: "enter",
              scene: String(place.scene.id),
              combat: place.combat?.id ?? null,
              quietFor: this.watch.quietFor,
              timeout: STEP_TIMEOUT,
            },
            STEP_TIMEOUT * 3,
          );
          if (problem) throw new Error(problem);
        },
        "player",
      );
    }
  }

  /** Deletes what the family's round made, the player's client first back where it was. */
  async tidy(
    table: Table,
    made: Made,
    place: Place,
    before: { scene: string | null; combat: string | null },
  ): Promise<void> {
    const player = this.player;
    if (player && made.scene) {
      const sceneId = String(made.scene.id);
      await table
        .chore(
          ["playerLeaves"],
          async () => {
            const problem = await player.ask(
              {
                type: "leave",
                scene: sceneId,
                combat: null,
                quietFor: this.watch.quietFor,
                timeout: STEP_TIMEOUT,
              },
              STEP_TIMEOUT * 3,
            );
            if (problem) throw new Error(problem);
          },
          "player",
        )
        .catch((error: unknown) => {
          if (!(error instanceof StepFailed)) throw error;
        });
    }
    await table.chore(["tidy"], async () => {
      for (const target of [...(game.user?.targets ?? [])]) target.setTarget(false, { releaseOthers: false });
      const hud = canvas?.hud?.token;
      if (hud?.rendered) await hud.close();
      const sceneId = made.scene?.id ?? null;
      const fights = sceneId ? fightsOn(sceneId) : [];
      if (place.combat && !fights.includes(place.combat) && game.combats?.get(place.combat.id ?? ""))
        fights.push(place.combat);
      if (fights.length) await CONFIG.Combat.documentClass.deleteDocuments(fights.map((c) => String(c.id)));
      await this.watch.settle(STEP_TIMEOUT);
      const back = before.scene ? game.scenes?.get(before.scene) : null;
      if (back && canvas?.scene?.id === sceneId) await back.view();
      const messages = [...made.messages].filter((id) => game.messages?.get(id));
      if (messages.length) await CONFIG.ChatMessage.documentClass.deleteDocuments(messages);
      if (made.scene && game.scenes?.get(made.scene.id ?? "")) await made.scene.delete();
      const actors = made.actors.map((a) => String(a.id)).filter((id) => game.actors?.get(id));
      if (actors.length) await CONFIG.Actor.documentClass.deleteDocuments(actors);
    });
  }

  /** The GM-whispered summary: the one document the check leaves in the world. */
  async postSummary(): Promise<void> {
    try {
      const content = await foundry.applications.handlebars.renderTemplate(
        SUMMARY_TEMPLATE,
        summaryContext(this.report),
      );
      const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => String(u.id));
      await CONFIG.ChatMessage.documentClass.create({
        content,
        whisper: gms,
        speaker: { alias: loc("FRAY.SelfTest.Summary.speaker") },
      } as never);
    } catch (error) {
      this.report.problems.push(loc("FRAY.SelfTest.Error.summary", { error: errorText(error) }));
      this.progress();
    }
  }
}

/** Whether a check runs on this client now (two at once would set the table over each other). */
let checking = false;

/**
 * Runs the check (the active GM's client only, one at a time); resolves with the report once everything is put
 * back.
 */
export async function runCheck(options: RunOptions): Promise<CheckReport> {
  const run = new CheckRun(options);
  // The check under way posts its own summary; this one only says why it did not start.
  if (checking) return run.refuse(loc("FRAY.SelfTest.Error.alreadyRunning"), false);
  checking = true;
  try {
    return await run.start();
  } finally {
    checking = false;
  }
}
