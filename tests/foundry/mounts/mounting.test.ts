/**
 * Mounting and dismounting on the Foundry side (FS-MT1, FS-MT2, FS-MT3): from the Token HUD and the sheet,
 * onto a larger, willing creature in reach, spending the move; the rider's token sits on the mount's space
 * and follows it; refusals in the user's language; FS-MT7 the choice of rider or mount for an attack.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { alice, as, bob, fightWith, gm, settle, setSetting, world } from "../chat/setup";
import {
  answersOf,
  clearScene,
  dialogs,
  giveItem,
  moves,
  scene,
  tokenHudElement,
} from "../../harness/mounted";
import { click, mount as mountHtml } from "../../harness/dom";
import { TokenHUD } from "../../harness/applications";
import { V14 } from "../../harness/generation";
import { harness } from "../../harness/install";
import { loadLanguage, templateEnvironment } from "../../harness/templates";
import { knightAndHorse, standing } from "./setup";
import { applyRoundEvents, combatantData } from "../../../src/documents/combat-api";
import { dismountToken, mountToken } from "../../../src/documents/mounts/mount-requests";
import { addHudControls, pressMountControl } from "../../../src/documents/mounts/mount-controls";
import { ridesOf } from "../../../src/documents/mounts/mount-store";
import { mountedCombatView } from "../../../src/applications/sheets/mounted-combat-view";
import { chooseMountedTargets, mountedTargetChoices } from "../../../src/chat/mounted-targets";
import { initialFastSlowBudget, startFastSlowTurn } from "../../../src/rules/families/fast-slow/budget";
import { FRAY_STATUSES, registerStatuses } from "../../../src/documents/statuses";
import type { TokenDoc } from "../../harness/chat";
import { replaceWhole } from "../../../src/compat/replace-whole";

const LANGS = ["en", "fr", "pl", "es", "ja"] as const;
const tok = (t: TokenDoc) => t as never;
const pos = (t: TokenDoc) => ({ x: (t as unknown as { x: number }).x, y: (t as unknown as { y: number }).y });

async function mount(user: typeof alice, rider: TokenDoc, horse: TokenDoc) {
  const out = await as(user, () => mountToken(tok(rider), tok(horse)));
  await settle();
  return out;
}

describe("mounting and dismounting (FS-MT1, FS-MT2, FS-MT3)", () => {
  beforeEach(() => {
    world.warnings.length = 0;
    world.combats.clear();
    world.messages.clear();
    moves.length = 0;
    clearScene();
    dialogs.answers.length = 0;
    alice.targets.clear();
    harness.translations = loadLanguage("en");
  });

  it("FS-MT1/FS-MT3 a rider mounts a larger, willing creature in reach: the pair is kept on the rider's token, which sits on the mount's space", async () => {
    const { knight, horse } = knightAndHorse();
    expect(await mount(alice, knight.token, horse.token)).toEqual({ ok: true, value: null });
    expect(ridesOf(tok(knight.token))).toBe(horse.token.id);
    expect(knight.actor.statuses.has("mounted")).toBe(true);
    // The horse is 2×2 at (400, 300): its centre (500, 400) is the knight's.
    expect(pos(knight.token)).toEqual({ x: 450, y: 350 });
    expect(moves.at(-1)).toMatchObject({ token: knight.token.id, action: "displace" });
  });

  it("FS-MT1 refuses a mount that is not larger, not willing or not in reach, and a rider that is not yours", async () => {
    const { knight, horse } = knightAndHorse(1);
    expect(await mount(alice, knight.token, horse.token)).toMatchObject({ reason: "mountNotLarger" });
    const bear = standing("Bear", [2, 3], { size: 2, mount: false }, [], "creature", 2);
    expect(await mount(alice, knight.token, bear.token)).toMatchObject({ reason: "mountUnwilling" });
    const far = standing("Far Horse", [9, 9], { size: 2, mount: true }, [], "creature", 2);
    expect(await mount(alice, knight.token, far.token)).toMatchObject({ reason: "mountOutOfReach" });
    const big = knightAndHorse();
    expect(await mount(bob, big.knight.token, big.horse.token)).toMatchObject({ reason: "notOwner" });
    // A creature its owner offers is willing without the flag.
    const pony = standing("Pony", [3, 4], { size: 1.5, mount: false }, [alice], "creature");
    expect(await mount(alice, big.knight.token, pony.token)).toEqual({ ok: true, value: null });
  });

  it("FS-MT2 mounting and dismounting use the move; a second use this turn is refused, the GM may force it", async () => {
    const { knight, horse } = knightAndHorse();
    const { fight, ids } = fightWith("fast-slow", knight, horse);
    await as(gm, () =>
      applyRoundEvents(fight as never, [{ type: "startCombat" }, { type: "takeTurn", id: ids[0] as string }]),
    );
    const fighter = fight.combatants.get(ids[0] as string)!;
    await fighter.update(
      replaceWhole("system.budget", startFastSlowTurn(initialFastSlowBudget(), { kind: "slow", speed: 10 })),
    );
    expect(await mount(alice, knight.token, horse.token)).toEqual({ ok: true, value: null });
    const budget = combatantData(fighter as never).budget as {
      turn: { moveUsed: boolean; moveLeft: number; actionLeft: number };
    };
    expect(budget.turn).toMatchObject({ moveUsed: true, moveLeft: 0, actionLeft: 1 });

    expect(await as(alice, () => dismountToken(tok(knight.token)))).toMatchObject({
      reason: "moveAlreadyUsed",
    });
    expect(ridesOf(tok(knight.token))).toBe(horse.token.id);
    expect(await as(gm, () => dismountToken(tok(knight.token)))).toEqual({ ok: true, value: null });
    await settle();
    expect(ridesOf(tok(knight.token))).toBeNull();
    expect(knight.actor.statuses.has("mounted")).toBe(false);
    // Landed next to the horse, off its space.
    expect(pos(knight.token)).toEqual({ x: 600, y: 400 });
  });

  it("FS-MT2 outside its turn in a fight the rider cannot mount", async () => {
    const { knight, horse } = knightAndHorse();
    const { fight, ids } = fightWith("fast-slow", knight, horse);
    await as(gm, () => applyRoundEvents(fight as never, [{ type: "startCombat" }]));
    await fight.combatants
      .get(ids[0] as string)!
      .update(replaceWhole("system.budget", initialFastSlowBudget()));
    expect(await mount(alice, knight.token, horse.token)).toMatchObject({ reason: "notYourTurn" });
  });

  it("FS-MT3 the rider's token moves with its mount; a player cannot walk it off, the GM can", async () => {
    const { knight, horse } = knightAndHorse();
    await mount(alice, knight.token, horse.token);
    await as(gm, () =>
      (horse.token as unknown as { update: (c: object) => Promise<unknown> }).update({ x: 800, y: 600 }),
    );
    await settle();
    expect(pos(knight.token)).toEqual({ x: 850, y: 650 });
    expect(moves.at(-1)).toMatchObject({ token: knight.token.id, action: "displace", x: 850, y: 650 });

    await as(alice, () =>
      (knight.token as unknown as { update: (c: object) => Promise<unknown> }).update({ x: 0 }),
    );
    expect(pos(knight.token).x).toBe(850);
    expect(world.warnings.at(-1)).toBe("A rider moves with its mount: dismount first.");
  });

  it("a second mount request for the same rider finds it riding (double clicks resolve once)", async () => {
    const { knight, horse } = knightAndHorse();
    const [first, second] = await Promise.all([
      as(alice, () => mountToken(tok(knight.token), tok(horse.token))),
      as(alice, () => mountToken(tok(knight.token), tok(horse.token))),
    ]);
    expect(first).toEqual({ ok: true, value: null });
    expect(second).toMatchObject({ ok: false, reason: "alreadyRiding" });
  });

  it("the Token HUD shows Mount, then Dismount, to the token's owners only; Mount takes the user's target", async () => {
    const { knight, horse } = knightAndHorse();
    const hud = { document: knight.token };
    const theirs = tokenHudElement();
    expect(await as(bob, async () => addHudControls(hud as never, theirs))).toEqual([]);
    expect(theirs.querySelectorAll("button")).toHaveLength(0);
    const html = tokenHudElement();
    const [button] = await as(alice, async () => addHudControls(hud as never, html));
    // In the HUD's left column, a real button.
    expect(html.querySelector(".col.left button")).toBe(button);
    expect(button?.dataset.frayMount).toBe("mount");
    expect(button?.getAttribute("aria-label")).toBe("Mount");
    alice.targets.add({ document: horse.token });
    expect(
      await as(alice, async () => {
        click(button as HTMLElement);
        return answersOf(button as HTMLElement)[0];
      }),
    ).toEqual({
      ok: true,
      value: null,
    });
    await settle();
    const after = tokenHudElement();
    const [dismount] = await as(alice, async () => addHudControls(hud as never, after));
    expect(dismount?.dataset.frayMount).toBe("dismount");
  });

  it("the HUD's mount buttons are drawn once however often renderTokenHUD runs on the same HUD (v14 detached windows)", async () => {
    const { knight, horse } = knightAndHorse();
    const hud = { document: knight.token };
    const html = tokenHudElement();
    await as(alice, async () => addHudControls(hud as never, html));
    await as(alice, async () => addHudControls(hud as never, html));
    expect(
      [...html.querySelectorAll<HTMLElement>("[data-fray-mount]")].map((b) => b.dataset.frayMount),
    ).toEqual(["mount"]);
    await mount(alice, knight.token, horse.token);
    await as(alice, async () => addHudControls(hud as never, html));
    expect(
      [...html.querySelectorAll<HTMLElement>("[data-fray-mount]")].map((b) => b.dataset.frayMount),
    ).toEqual(["dismount"]);
    // Bob owns nothing: a run for him leaves no button of an earlier run behind.
    await as(bob, async () => addHudControls(hud as never, html));
    expect(html.querySelectorAll("[data-fray-mount]")).toHaveLength(0);
  });

  it("a HUD without its left column gets the buttons in its first column, one without columns none; the console says so once", async () => {
    const { knight } = knightAndHorse();
    const hud = { document: knight.token };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const noLeft = () =>
        mountHtml('<form><div class="col middle"></div><div class="col right"></div></form>');
      for (const html of [noLeft(), noLeft()]) {
        const [button] = await as(alice, async () => addHudControls(hud as never, html));
        expect(button?.parentElement?.className).toBe("col middle");
      }
      const bare = mountHtml("<form></form>");
      expect(await as(alice, async () => addHudControls(hud as never, bare))).toEqual([]);
      expect(await as(alice, async () => addHudControls(hud as never, bare))).toEqual([]);
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
        "fray | the Token HUD has no .col.left column: the mount controls are in its first column",
        "fray | the Token HUD has no columns (.col): the mount controls are on the actor sheet only",
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("the Token HUD's render hook: one set of mount buttons after a detach and a reattach (v14), none on v13", async () => {
    const { knight, horse } = knightAndHorse();
    const hud = new TokenHUD().bind({ document: knight.token });
    const buttons = () => [...(hud.element?.querySelectorAll("[data-fray-mount]") ?? [])];
    await as(alice, () => hud.render({ force: true }));
    expect(buttons()).toHaveLength(1);
    expect(hud.element?.querySelector(".col.left [data-fray-mount]")).toBe(buttons()[0]);
    const before = hud.element?.outerHTML;
    if (!V14) {
      expect(() => hud.detach()).toThrow(/v13 has no detached windows/);
      return;
    }
    await as(alice, () => hud.detach());
    await as(alice, () => hud.reattach());
    expect(buttons()).toHaveLength(1);
    expect(hud.element?.outerHTML).toBe(before);
    // The one button left answers a press once (a second listener would ask again, and be told it already rides).
    await as(alice, async () => click(buttons()[0] as HTMLElement));
    await settle();
    expect(ridesOf(tok(knight.token))).toBe(horse.token.id);
    expect(world.warnings).toEqual([]);
  });

  it("Mount with no target picks the one larger creature in reach, and asks for a target when there is none", async () => {
    const lone = standing("Lone", [12, 12], {}, [alice]);
    expect(await as(alice, () => pressMountControl(tok(lone.token), "mount"))).toMatchObject({
      reason: "mountNoCandidate",
    });
    expect(world.warnings.at(-1)).toContain("Target the creature to mount");
    const { knight, horse } = knightAndHorse();
    expect(await as(alice, () => pressMountControl(tok(knight.token), "mount"))).toEqual({
      ok: true,
      value: null,
    });
    expect(ridesOf(tok(knight.token))).toBe(horse.token.id);
  });

  it("the sheet block and its refusals read in five languages, names escaped", async () => {
    const { knight, horse } = knightAndHorse();
    (horse.token as unknown as { actor: { name: string } }).actor.name = "<script>x</script>";
    giveItem(knight.actor, "<i>Ward</i>", "spell", {
      concentration: true,
      duration: { value: 1, unit: "rounds" },
    });
    giveItem(knight.actor, "Spark", "spell", { concentration: false });
    await mount(alice, knight.token, horse.token);
    const view = await as(alice, async () =>
      mountedCombatView(knight.actor as never, tok(knight.token), alice as never),
    );
    expect(view?.mounts).toMatchObject({
      controls: [{ id: "dismount" }],
      pinned: false,
      turnKey: "FRAY.Mount.Turn.together",
      speed: 18,
    });
    expect(view?.concentration).toMatchObject([{ name: "<i>Ward</i>", active: false }]);
    for (const lang of LANGS) {
      const env = templateEnvironment(lang);
      const html = env.render("templates/actor/parts/mounted-combat.hbs", { mountedCombat: view });
      expect(html).toContain('data-action="concentrate"');
      expect(html).toContain(env.hb.escapeExpression(env.localize("FRAY.Mount.Turn.together")));
      expect(html).not.toContain("<i>Ward");
      expect(html).toContain('data-control="dismount"');
      expect(html).not.toContain("<script>");
      for (const code of [
        "mountNotLarger",
        "mountUnwilling",
        "mountOutOfReach",
        "mountNeedsMove",
        "alreadyRiding",
        "riderMovesWithMount",
        "mountNoCandidate",
        "notRiding",
        "independentAttackUsed",
        "pinnedUnderMount",
        "notPinned",
      ])
        expect(env.localize(`FRAY.Refusal.${code}`), `${lang} ${code}`).toBeTruthy();
    }
  });

  it("FS-A3 AD-M6 the Concentrate buttons are for the creature's owners, each named after its spell", async () => {
    const { knight } = knightAndHorse();
    giveItem(knight.actor, "<i>Ward</i>", "spell", {
      concentration: true,
      duration: { value: 1, unit: "rounds" },
    });
    giveItem(knight.actor, "Lull", "talent", { concentration: true, duration: { value: 1, unit: "rounds" } });
    for (const lang of LANGS) {
      const env = templateEnvironment(lang);
      const render = (user: typeof alice) =>
        env.render("templates/actor/parts/mounted-combat.hbs", {
          mountedCombat: mountedCombatView(knight.actor as never, tok(knight.token), user as never),
        });
      // Bob may look at the knight's sheet, but cannot concentrate for it: no button that would be refused.
      const observer = render(bob);
      expect(observer, lang).toContain("&lt;i&gt;Ward&lt;/i&gt;");
      expect(observer, lang).not.toContain('data-action="concentrate"');
      for (const user of [alice, gm]) {
        const labels = [...render(user).matchAll(/data-action="concentrate"[^>]*aria-label="([^"]+)"/g)].map(
          (m) => m[1],
        );
        const named = (name: string) =>
          env.hb.escapeExpression(env.localize("FRAY.Concentration.actionOn").replace("{name}", name));
        expect(labels, lang).toEqual([named("<i>Ward</i>"), named("Lull")]);
      }
    }
  });

  it("FS-A3 AD-M6 the sheet offers Concentrate only where the family concentrates: spells and talents in fast-slow, spells in active-defense-3d6, nothing elsewhere", async () => {
    const { knight } = knightAndHorse();
    giveItem(knight.actor, "Ward", "spell", { concentration: true, duration: { value: 1, unit: "rounds" } });
    giveItem(knight.actor, "Lull", "talent", { concentration: true, duration: { value: 1, unit: "rounds" } });
    const offered = () =>
      as(alice, () =>
        (
          mountedCombatView(knight.actor as never, tok(knight.token), alice as never)?.concentration ?? []
        ).map((c) => c.name),
      );
    try {
      setSetting("ruleset", "fast-slow");
      expect(await offered()).toEqual(["Ward", "Lull"]);
      // AD-M6: concentrating prepares a spell; a talent's Concentrate would always be refused ("notSpell").
      setSetting("ruleset", "active-defense-3d6");
      expect(await offered()).toEqual(["Ward"]);
      for (const family of ["classic-d20", "opposed-d20", "phased-round"] as const) {
        setSetting("ruleset", family);
        expect(await offered(), family).toEqual([]);
      }
    } finally {
      setSetting("ruleset", "fast-slow");
    }
  });

  it("Fray's statuses are registered once each with localized names", () => {
    const g = globalThis as unknown as { CONFIG: { statusEffects?: { id: string; name: string }[] } };
    g.CONFIG.statusEffects = [{ id: "prone", name: "EFFECT.StatusProne" }];
    registerStatuses();
    registerStatuses();
    const ids = g.CONFIG.statusEffects.map((s) => s.id);
    expect(ids).toEqual(["prone", ...FRAY_STATUSES.map((s) => s.id)]);
    for (const lang of LANGS) {
      const env = templateEnvironment(lang);
      for (const s of g.CONFIG.statusEffects.slice(1)) expect(env.localize(s.name)).toBeTruthy();
    }
    expect(ids).toEqual(
      expect.arrayContaining(["immobilized", "concentrating", "hidden", "dazed", "stunned"]),
    );
  });
});

describe("FS-MT7 the rider or the mount", () => {
  beforeEach(() => {
    dialogs.answers.length = 0;
    dialogs.shown.length = 0;
    world.combats.clear();
    clearScene();
  });

  it("FS-MT7 an attacker aiming at a mounted pair chooses the rider or the mount; others are left alone", async () => {
    const { knight, horse } = knightAndHorse();
    const orc = standing("Orc", [8, 3], {}, [], "creature");
    await mount(alice, knight.token, horse.token);
    expect(mountedTargetChoices([tok(orc.token)])).toEqual([]);
    const choices = mountedTargetChoices([tok(knight.token), tok(orc.token)]);
    expect(choices).toMatchObject([
      {
        index: 0,
        options: [
          { name: "Knight", selected: true },
          { name: "War Horse", selected: false },
        ],
      },
    ]);
    dialogs.answers.push({ pair0: (horse.token as unknown as { uuid: string }).uuid });
    const chosen = await as(bob, () => chooseMountedTargets([tok(knight.token), tok(orc.token)]));
    expect(chosen?.map((t) => t.id)).toEqual([horse.token.id, orc.token.id]);
    expect(String(dialogs.shown[0]?.content)).toContain("attack the rider or the mount?");
    // Both targeted: nothing to choose.
    expect(mountedTargetChoices([tok(knight.token), tok(horse.token)])).toEqual([]);
    // Closed: no attack.
    dialogs.answers.push(null);
    expect(await as(bob, () => chooseMountedTargets([tok(horse.token)]))).toBeNull();
    void scene;
  });

  it("FS-MT7 the choice renders in five languages with names escaped", async () => {
    const { knight, horse } = knightAndHorse();
    (knight.token as unknown as { actor: { name: string } }).actor.name = "<b>Sir</b>";
    await mount(alice, knight.token, horse.token);
    const choices = mountedTargetChoices([tok(horse.token)]);
    for (const lang of LANGS) {
      const html = templateEnvironment(lang).render("templates/chat/mounted-targets.hbs", { choices });
      expect(html).toContain("&lt;b&gt;Sir&lt;/b&gt;");
      expect(html).toContain('name="pair0"');
      expect(html).toContain('type="radio"');
    }
  });
});
