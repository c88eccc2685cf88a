/**
 * Mounted combat's wiring (FS-MT1…FS-MT10), called once from the init hook: the Token HUD controls, the rider
 * following its mount, falls and pins following the `prone` status, and the pair's shared turn. The GM
 * requests and check-card consequences declare themselves at import.
 */
import { ROUND_NOTICES_HOOK } from "../round-lifecycle";
import type { RoundNotice } from "../../rules/turns/round-state";
import { addHudControls } from "./mount-controls";
import { mayStandUp, mayStandUpBy, onProneEffect } from "./mount-falls";
import { mayMoveToken, onTokenDeleted, onTokenMoved } from "./mount-follow";
import { onPairNotices } from "./mount-turns";
import "./mount-requests";
import { onHook } from "../../compat/hooks";

type TokenLike = TokenDocument.Implementation;
type Changes = Record<string, unknown>;

export function registerMounts(): void {
  const on = onHook;
  on("renderTokenHUD", (hud: Parameters<typeof addHudControls>[0], html: HTMLElement) => {
    addHudControls(hud, html);
  });
  on("preUpdateToken", (token: TokenLike, changes: Changes) =>
    mayMoveToken(token, changes, game.user as User.Implementation | null) ? undefined : false,
  );
  on("updateToken", (token: TokenLike, changes: Changes) => void onTokenMoved(token, changes));
  on("deleteToken", (token: TokenLike) => void onTokenDeleted(token));
  // FS-MT8, FS-MT9 follow the `prone` status, whichever of the three hooks brings its change.
  type Effect = Parameters<typeof onProneEffect>[0];
  on("createActiveEffect", (effect: Effect) => void onProneEffect(effect));
  on("updateActiveEffect", (effect: Effect, changes: Changes) => void onProneEffect(effect, changes));
  on("deleteActiveEffect", (effect: Effect) => void onProneEffect(effect));
  // FS-MT9: a pinned rider stays down, whether its `prone` is deleted or turned off. The user the hook names is
  // the one writing (core's own expiry may write from any client, v14).
  on("preDeleteActiveEffect", (effect: Effect, _options: unknown, userId: string) =>
    mayStandUp(effect, game.users?.get(userId) ?? null) ? undefined : false,
  );
  on("preUpdateActiveEffect", (effect: Effect, changes: Changes, _options: unknown, userId: string) =>
    mayStandUpBy(effect, changes, game.users?.get(userId) ?? null) ? undefined : false,
  );
  on(ROUND_NOTICES_HOOK, (combat: Combat.Implementation, notices: readonly RoundNotice[]) => {
    void onPairNotices(combat, notices);
  });
}
