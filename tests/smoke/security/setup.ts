/**
 * Setting the table for one family, as a GM does in Foundry: the world's rule family chosen in the settings, the
 * creatures imported from the system's compendiums, the players' characters given to them (ownership), tokens
 * dropped on the scene, an encounter created from the tracker and the tokens added to it from the Token HUD.
 */
import { ROLES } from "../../harness/world/server";
import { createWorld } from "../../harness/world/world";
import { Table, watchConsole } from "./table";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the pages' documents are untyped here

export interface CastMember {
  /** The name of a document in the pack. */
  readonly name: string;
  readonly pack: "characters" | "creatures";
  /** The player who owns it (none: the GM's). */
  readonly owner?: string;
  /** Where its token stands (grid squares). */
  readonly at: readonly [number, number];
}

export interface Fight {
  readonly table: Table;
  readonly gm: ReturnType<Table["page"]>;
  readonly alice: ReturnType<Table["page"]>;
  /** Each cast member's actor (its token's) and token, on a page. */
  actor(page: ReturnType<Table["page"]>, name: string): Any;
  token(page: ReturnType<Table["page"]>, name: string): Any;
  combat(page: ReturnType<Table["page"]>): Any;
  /** What a page's user wrote on the server, as `<action> <documentName>`, once each. */
  writesBy(page: ReturnType<Table["page"]>): string[];
  stop(): void;
}

const GRID = 100;

/** A world with a GM (English) and Alice (`aliceLang`), the family chosen, the cast on the scene, an encounter. */
export async function setTable(
  family: string,
  cast: readonly CastMember[],
  aliceLang = "en",
): Promise<Fight> {
  const world = await createWorld({
    gm: { role: ROLES.GAMEMASTER },
    alice: { role: ROLES.PLAYER, lang: aliceLang },
  });
  const table = new Table(world);
  const stop = watchConsole(table);
  const gm = table.page("gm");
  const alice = table.page("alice");
  await table.settle("boot");
  const aliceId = alice.userId;

  // The world setting (core's settings form writes it through game.settings.set).
  await table.on(gm, (g) => g.game.settings.set("fray", "ruleset", family));
  await table.settle(`ruleset ${family}`);

  for (const member of cast) {
    await table.on(gm, async (g) => {
      const pack = g.game.packs.get(`fray.${member.pack}`);
      const entry = pack.index.find((e: Any) => e.name === member.name);
      if (!entry) throw new Error(`no ${member.name} in ${member.pack}`);
      // Core's "Import" of a compendium entry.
      const actor = await g.game.actors.importFromCompendium(pack, entry._id);
      // Core's ownership configuration.
      if (member.owner) await actor.update({ ownership: { default: 0, [aliceId]: 3 } });
      // Core's drop of an actor on the canvas: its prototype token at the drop point — linked for the characters,
      // unlinked (a synthetic actor with its own ActorDelta) for the creatures, as the packs' prototypes say.
      const proto = actor.prototypeToken ?? {};
      await g.canvas.scene.createEmbeddedDocuments("Token", [
        {
          name: proto.name ?? actor.name,
          actorId: actor.id,
          actorLink: proto.actorLink === true,
          width: proto.width ?? 1,
          height: proto.height ?? 1,
          x: member.at[0] * GRID,
          y: member.at[1] * GRID,
          disposition: proto.disposition ?? 0,
        },
      ]);
    });
    await table.settle(`${member.name} imported and placed`);
  }
  const fight: Fight = {
    table,
    gm,
    alice,
    // The creature on the scene: its token's actor (a synthetic actor for an unlinked token).
    actor: (page, name) =>
      table.on(page, (g) => g.canvas.scene.tokens.getName(name)?.actor ?? g.game.actors.getName(name)),
    token: (page, name) => table.on(page, (g) => g.canvas.scene.tokens.getName(name)),
    combat: (page) => table.on(page, (g) => g.game.combat),
    writesBy: (page) => [
      ...new Set(
        world.server.writes
          .filter((w) => w.userId === page.userId)
          .map((w) => `${w.action} ${w.documentName}`),
      ),
    ],
    stop,
  };
  // Core's "Create Encounter" in the tracker's header: a fight on the viewed scene, active.
  await table.on(gm, (g) => g.CONFIG.Combat.documentClass.create({ scene: g.canvas.scene.id, active: true }));
  await table.settle("encounter created");
  // Core's Token HUD "Toggle Combat State", for each token.
  for (const member of cast) {
    const hud = await table.hud(gm, fight.token(gm, member.name));
    await table.click(gm, hud.querySelector('[data-action="combat"]'), `${member.name} joins the fight`);
  }
  return fight;
}
