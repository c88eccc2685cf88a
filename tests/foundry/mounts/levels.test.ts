/**
 * FS-MT3 on v14's Scene Levels (issue 23, E-movement §E5): the rider shares its mount's space — its level too. A
 * mount taking the stairs, or moved to another level in place, carries its rider there; a rider getting off
 * (FS-MT2) or knocked off (FS-MT8) lands beside the mount, on the mount's level. On v13 there are no levels: the
 * same moves carry no `level` at all (v13's waypoint has none, and the harness throws on one).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alice, as, gm, settle, world } from "../chat/setup";
import { clearScene, moves, scene, setSceneLevels } from "../../harness/mounted";
import { V14 } from "../../harness/generation";
import { HOUSE_LEVELS } from "../../harness/movement";
import { knightAndHorse } from "./setup";
import { dismountToken, mountToken } from "../../../src/documents/mounts/mount-requests";
import { knockRiderOff } from "../../../src/documents/mounts/mount-falls";
import type { TokenDoc } from "../../harness/chat";

type Placed = TokenDoc & {
  x: number;
  y: number;
  elevation: number;
  level?: string;
  move(w: unknown, o?: object): Promise<boolean>;
  update(c: object): Promise<unknown>;
};
const tok = (t: TokenDoc) => t as never;
const placed = (t: TokenDoc) => t as Placed;
const [, DOWNSTAIRS, UPSTAIRS] = HOUSE_LEVELS.map((l) => l.id) as [string, string, string];
const onLevel = (level: string) => (V14 ? { level } : {});

async function mountedPair() {
  const { knight, horse } = knightAndHorse();
  if (V14) {
    placed(knight.token).level = DOWNSTAIRS;
    placed(horse.token).level = DOWNSTAIRS;
  }
  expect(await as(alice, () => mountToken(tok(knight.token), tok(horse.token)))).toEqual({
    ok: true,
    value: null,
  });
  await settle();
  return { knight: placed(knight.token), horse: placed(horse.token) };
}

describe("FS-MT3 the pair on Scene Levels (v14)", () => {
  beforeEach(() => {
    world.warnings.length = 0;
    world.messages.clear();
    moves.length = 0;
    clearScene();
    setSceneLevels(HOUSE_LEVELS);
  });

  it("the rider is seated on its mount's level; a mount taking the stairs carries its rider up", async () => {
    const { knight, horse } = await mountedPair();
    if (V14) expect(knight.level).toBe(DOWNSTAIRS);
    else expect(scene.levels).toBeUndefined();
    moves.length = 0;
    await as(gm, () => horse.move([{ x: 600, y: 300, elevation: 10, ...onLevel(UPSTAIRS) }]));
    await settle();
    expect({ elevation: knight.elevation, x: knight.x, y: knight.y }).toEqual({
      elevation: 10,
      x: 650,
      y: 350,
    });
    const seat = moves.find((m) => m.token === knight.id);
    expect(seat).toMatchObject({ action: "displace", elevation: 10, ...onLevel(UPSTAIRS) });
    if (V14) expect(knight.level).toBe(UPSTAIRS);
    else expect(seat && "level" in seat).toBe(false);
  });

  it("a mount moved to another level in place (its level only) takes its rider along", async () => {
    if (!V14) return;
    const { knight, horse } = await mountedPair();
    await as(gm, () => horse.move([{ elevation: 10 }]));
    await settle();
    expect(knight.level).toBe(DOWNSTAIRS);
    // Downstairs ends at 10, where Upstairs begins: the GM moves the horse to Upstairs without moving it.
    await as(gm, () => horse.update({ level: UPSTAIRS }));
    await settle();
    expect(knight.level).toBe(UPSTAIRS);
    expect(knight.elevation).toBe(10);
  });

  it("FS-MT2 a dismounting rider and FS-MT8 a rider knocked off land on the mount's level", async () => {
    const first = await mountedPair();
    await as(gm, () => first.horse.move([{ elevation: 10, ...onLevel(UPSTAIRS) }]));
    await settle();
    expect(await as(alice, () => dismountToken(tok(first.knight)))).toEqual({ ok: true, value: null });
    await settle();
    expect(first.knight.elevation).toBe(10);
    if (V14) expect(first.knight.level).toBe(UPSTAIRS);

    clearScene();
    setSceneLevels(HOUSE_LEVELS);
    const second = await mountedPair();
    await as(gm, () => second.horse.move([{ elevation: 12, ...onLevel(UPSTAIRS) }]));
    await settle();
    expect(await as(gm, () => knockRiderOff(tok(second.knight), null))).toBe(true);
    await settle();
    expect(second.knight.elevation).toBe(12);
    if (V14) expect(second.knight.level).toBe(UPSTAIRS);
  });
});
