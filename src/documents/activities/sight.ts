/**
 * FS-A8 Help reaches "a creature … that you can see" («que vous pouvez voir»). Where the scene uses token vision
 * (`scene.tokenVision`) and the helper's token has sight enabled, Fray asks the canvas whether a sight-blocking
 * wall stands between the two tokens' centres (`CONFIG.Canvas.polygonBackends.sight.testCollision`, type
 * "sight", mode "any"). Where the scene has no token vision, the scene does not say and the table decides; a
 * helper's token with no sight sees nothing; where it does but this client cannot test it (its canvas shows another scene), the
 * answer is unknown, and the GM deciding a player's Help refuses it (issue 12). Light, darkness and the vision
 * range are left to the GM, who may also override (activity-rolls.ts offers the GM every creature in range).
 * On Foundry v14 the test runs in the helper's Scene Level (src/compat/sight.ts): a target on a level the helper's
 * does not show is not seen, and a multi-level scene where the helper's level is unknown cannot be tested.
 */

import { sightCollision, type SightBackend } from "../../compat/sight";
import { centrePx } from "../mounts/token-geometry";

type TokenLike = TokenDocument.Implementation;

/**
 * What the scene's vision says of `viewer`'s token seeing `target`'s:
 * - "seen" / "unseen": the canvas tested the walls between them (tokens on different scenes are "unseen");
 * - "open": the scene does not model sight (no token vision): the table's;
 * - "unknown": the scene models sight but this client cannot test it (no canvas, or the canvas shows another
 *   scene: its walls are not the ones tested). The GM's client deciding a player's request treats this as not
 *   seen (activity-rolls.ts): what cannot be checked is not granted.
 * On a scene with token vision, a token whose sight is off sees nothing (as Foundry draws it for its owner); its
 * owner may switch its sight off, so that must not open the walls.
 */
export type SightAnswer = "seen" | "unseen" | "open" | "unknown";

export function tokenSight(viewer: TokenLike, target: TokenLike): SightAnswer {
  const scene = viewer.parent;
  if (!scene) return "open";
  if (target.parent !== scene) return "unseen";
  if (scene.tokenVision !== true) return "open";
  if (viewer.sight?.enabled !== true) return "unseen";
  const viewed = (globalThis as { canvas?: { ready?: boolean; scene?: { id?: string | null } | null } })
    .canvas;
  if (viewed?.ready !== true || !viewed.scene || viewed.scene.id !== scene.id) return "unknown";
  const backend = CONFIG.Canvas?.polygonBackends?.sight;
  if (typeof backend?.testCollision !== "function") return "unknown";
  // v14: in the helper's own Level, at the tokens' elevations (the GM deciding views its own level).
  const test = sightCollision(
    backend as unknown as SightBackend,
    viewer,
    target,
    centrePx(viewer),
    centrePx(target),
  );
  return test === "clear" ? "seen" : test === "unknown" ? "unknown" : "unseen";
}
