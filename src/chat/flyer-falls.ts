/**
 * FS-M4: a flying creature falls if it is knocked prone, if its Speed drops to 0, if it is prevented from using
 * actions, or if it fails a Strength roll against turbulence. The active GM watches the statuses and the Speed
 * of creatures whose token flies (movement action "fly", above the ground): one that falls comes down to the
 * ground (moved, not its own move), is prone, and the chat says so. Fast-slow worlds and fights only. The ground is
 * elevation 0 on v13 and the bottom of the token's Scene Level on v14: a token standing on an upper floor is not
 * flying, and a fall stays on its level.
 */
import { getSetting } from "../config/settings";
import { actorSystemOf } from "../data/system-of";
import { activeCombatFor, familyOf } from "../documents/combat-api";
import { setProne } from "../documents/budget-spend";
import { flyerFalls } from "../rules/families/fast-slow/movement";
import { loc } from "../utils/loc";
import { canAct, hasStatus } from "./parties";
import { groundElevation, levelField, tokenLevel } from "../compat/levels";

/** Above the ground under it (v13: elevation 0; v14: the bottom of its Scene Level, src/compat/levels.ts). */
export function aboveGround(token: TokenDocument.Implementation): boolean {
  return Number(token.elevation ?? 0) > groundElevation(token);
}

function flyingTokens(actor: Actor.Implementation): TokenDocument.Implementation[] {
  const tokens = actor.getActiveTokens?.(false, true);
  return (tokens ?? []).filter((t) => aboveGround(t) && t.movementAction === "fly");
}

function fastSlowHere(actor: Actor.Implementation): boolean {
  const combat = activeCombatFor(actor);
  return (combat ? familyOf(combat) : getSetting("ruleset")) === "fast-slow";
}

/** Brings `token` down to the ground, on its own level: prone, and a line in the chat (active GM). */
export async function fall(actor: Actor.Implementation, token: TokenDocument.Implementation): Promise<void> {
  const elevation = groundElevation(token);
  const level = levelField(tokenLevel(token));
  if (typeof token.move === "function") await token.move([{ elevation, ...level, action: "displace" }]);
  else await token.update?.({ elevation });
  await setProne(actor, true);
  const name = foundry.utils.escapeHTML(token.name ?? actor.name ?? "");
  await CONFIG.ChatMessage.documentClass.create({
    content: `<p class="fray-fall">${loc("FRAY.Movement.falls", { name })}</p>`,
    speaker: ChatMessage.getSpeaker({ actor }),
  });
}

/** FS-M4: the active GM checks `actor`'s flying tokens after its statuses or Speed changed. */
export async function checkFlyers(actor: Actor.Implementation | null | undefined): Promise<void> {
  if (!actor || !game.user?.isActiveGM || !fastSlowHere(actor)) return;
  const tokens = flyingTokens(actor);
  if (!tokens.length) return;
  const speed = Number(actorSystemOf(actor).speed ?? 0) || 0;
  const falls = flyerFalls({ prone: hasStatus(actor, "prone"), speed, canUseActions: canAct(actor) });
  if (!falls || falling.has(actor.id ?? "")) return;
  falling.add(actor.id ?? "");
  try {
    for (const token of tokens) await fall(actor, token);
  } finally {
    falling.delete(actor.id ?? "");
  }
}

/** Actors coming down now (their own prone status change must not bring them down twice). */
const falling = new Set<string>();
