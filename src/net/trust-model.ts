/**
 * The trust model (issue 24), as data: for every piece of state Fray reads on the GM side, who may write it and
 * which of four rules the GM holds it to. `SECURITY.md` (beside this file) explains each row; the Foundry-side test
 * `tests/foundry/security/trust-model.test.ts` fails when a field of an Actor, Item, Combat or Combatant data model
 * has no rule here, or when a row here is missing from SECURITY.md.
 *
 * - `gm`: only a GM writes it (core's permissions), or the only copy that counts is on a GM-only document; any
 *   copy a player may write is a mirror the GM writes back.
 * - `fight`: the owner's sheet data; while its creature is in a started fight, a non-GM's change is put back by the
 *   active GM (the world setting `fray.fightEdits` may open sheet numbers, never `gm` state).
 * - `bounded`: the owner's at any time, held by the GM side to bounds when used (weapon numbers, names, requests).
 * - `owners`: the owner's to decide; never read to decide something about another creature or the fight.
 *
 * No Foundry call and no user-visible string lives here.
 */

export type TrustRule = "gm" | "fight" | "bounded" | "owners";

export interface TrustRow {
  /** The document (Actor and Item rows name a data model type: `Actor`, `Item.weapon`…). */
  readonly document: string;
  /** A field path, or a path prefix ending with `.` (every field under it). */
  readonly path: string;
  /** Who may write it in Foundry. */
  readonly writers: string;
  readonly rule: TrustRule;
}

const ACTOR_OWNER = "the actor's owners and GMs";
const ITEM_OWNER = "the owners of the item's actor and GMs";

export const TRUST_MODEL: readonly TrustRow[] = [
  // --- Actor (character and creature) -----------------------------------------------------------------------------
  { document: "Actor", path: "system.health.value", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.health.max", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.size", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.speed", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.fastSlow.", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.classicD20.", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.opposedD20.", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.phasedRound.", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.activeDefense.", writers: ACTOR_OWNER, rule: "fight" },
  { document: "Actor", path: "system.notes", writers: ACTOR_OWNER, rule: "owners" },
  { document: "Actor", path: "system.ancestry", writers: ACTOR_OWNER, rule: "owners" },
  { document: "Actor", path: "system.profession", writers: ACTOR_OWNER, rule: "owners" },
  { document: "Actor", path: "system.mount", writers: ACTOR_OWNER, rule: "owners" },
  { document: "Actor", path: "system.nature", writers: ACTOR_OWNER, rule: "owners" },
  { document: "Actor", path: "name", writers: ACTOR_OWNER, rule: "bounded" },

  // --- Item ---------------------------------------------------------------------------------------------------------
  { document: "Item", path: "name", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item", path: "system.description", writers: ITEM_OWNER, rule: "owners" },
  { document: "Item", path: "system.quantity", writers: ITEM_OWNER, rule: "owners" },
  { document: "Item", path: "system.weight", writers: ITEM_OWNER, rule: "owners" },
  { document: "Item", path: "system.equipped", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.weapon", path: "system.damage", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.reach", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.range", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.rangeIncrement", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.ob", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.parry", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.threat.", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.weapon", path: "system.kind", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.weapon", path: "system.attribute", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.weapon", path: "system.skill", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.weapon", path: "system.properties.", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.weapon", path: "system.readyTurns", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.armor", path: "system.", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.shield", path: "system.", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.spell", path: "system.damage", writers: ITEM_OWNER, rule: "bounded" },
  { document: "Item.spell", path: "system.", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item.talent", path: "system.", writers: ITEM_OWNER, rule: "fight" },
  { document: "Item", path: "(created or deleted)", writers: ITEM_OWNER, rule: "fight" },

  // --- ActiveEffect and statuses ------------------------------------------------------------------------------------
  { document: "ActiveEffect", path: "statuses a GM applied", writers: ACTOR_OWNER, rule: "fight" },
  { document: "ActiveEffect", path: "statuses a player adds", writers: ACTOR_OWNER, rule: "fight" },
  { document: "ActiveEffect", path: "changes", writers: ACTOR_OWNER, rule: "fight" },

  // --- Token --------------------------------------------------------------------------------------------------------
  { document: "Token", path: "x, y, elevation, level", writers: ACTOR_OWNER, rule: "bounded" },
  {
    document: "Token",
    path: "width, height, actorId, actorLink, hidden",
    writers: ACTOR_OWNER,
    rule: "fight",
  },
  { document: "Token", path: "name", writers: ACTOR_OWNER, rule: "bounded" },
  { document: "Token", path: "sight.enabled", writers: ACTOR_OWNER, rule: "owners" },
  { document: "Token", path: "flags.fray (old mount store)", writers: ACTOR_OWNER, rule: "gm" },
  { document: "Scene", path: "flags.fray.pairs", writers: "GMs", rule: "gm" },

  // --- Combatant and Combat -----------------------------------------------------------------------------------------
  { document: "Combatant", path: "initiative", writers: "the actor's owners and GMs", rule: "gm" },
  { document: "Combatant", path: "system.", writers: "GMs", rule: "gm" },
  { document: "Combatant", path: "defeated", writers: "GMs", rule: "gm" },
  { document: "Combat", path: "round, turn", writers: "every player and GMs", rule: "gm" },
  { document: "Combat", path: "system.", writers: "GMs", rule: "gm" },

  // --- User, ChatMessage --------------------------------------------------------------------------------------------
  { document: "User", path: "flags.fray.requests", writers: "the user and GMs", rule: "bounded" },
  {
    document: "User",
    path: "flags.fray.answers, flags.fray.notices",
    writers: "the user and GMs",
    rule: "gm",
  },
  { document: "ChatMessage", path: "system.", writers: "its author and GMs", rule: "gm" },
];

/** The row of a model field (`document` `Actor`, `Item.weapon`…): the longest matching path or prefix, or null. */
export function trustRowOf(document: string, path: string): TrustRow | null {
  const [base] = document.split(".");
  let best: TrustRow | null = null;
  for (const row of TRUST_MODEL) {
    if (row.document !== document && row.document !== base) continue;
    const matches = row.path.endsWith(".") ? path.startsWith(row.path) : row.path === path;
    if (!matches) continue;
    const better =
      !best ||
      row.path.length > best.path.length ||
      (row.path.length === best.path.length && row.document === document);
    if (better) best = row;
  }
  return best;
}
