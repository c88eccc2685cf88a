/**
 * FS-A8 Help reaches "a creature … that you can see" («que vous pouvez voir»). Where the scene uses token vision
 * (`scene.tokenVision`) and the helper's token has sight enabled, Fray asks the canvas whether a sight-blocking
 * wall stands between the two tokens' centres (`CONFIG.Canvas.polygonBackends.sight.testCollision`, type
 * "sight", mode "any"). The answer is null — not Fray's to give, the GM's — when the scene has no token vision,
 * the helper's token has no sight, the tokens are on different scenes, or their scene is not the one the canvas
 * shows (the walls tested are the viewed scene's). Light, darkness and the vision range are left to the GM, who
 * may also override (activity-rolls.ts offers the GM every creature in range).
 */

type TokenLike = TokenDocument.Implementation;

interface Point {
  readonly x: number;
  readonly y: number;
}

function centreOf(token: TokenLike): Point {
  const size = Number(token.parent?.grid?.size) || 100;
  return {
    x: (Number(token.x) || 0) + ((Number(token.width) || 1) * size) / 2,
    y: (Number(token.y) || 0) + ((Number(token.height) || 1) * size) / 2,
  };
}

/** Whether `viewer`'s token sees `target`'s, as the scene's vision says; null when the scene does not say. */
export function tokenSees(viewer: TokenLike, target: TokenLike): boolean | null {
  const scene = viewer.parent;
  if (!scene || target.parent !== scene || scene.tokenVision !== true) return null;
  if (viewer.sight?.enabled !== true) return null;
  const viewed = (globalThis as { canvas?: { ready?: boolean; scene?: { id?: string | null } | null } })
    .canvas;
  if (viewed?.ready !== true || !viewed.scene || viewed.scene.id !== scene.id) return null;
  const backend = CONFIG.Canvas?.polygonBackends?.sight;
  if (typeof backend?.testCollision !== "function") return null;
  const blocked = backend.testCollision(centreOf(viewer), centreOf(target), { type: "sight", mode: "any" });
  return blocked !== true;
}
