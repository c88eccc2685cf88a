/**
 * Set-up for the mount tests: the concentration set-up (chat stand-ins, mounted-combat stand-ins, check cards,
 * statuses, concentration) plus the mount wiring, then every GM request registered again; a knight (Alice's)
 * next to a war horse (the GM's, accepting riders) on the scene's grid.
 */
import "../concentration/setup";
import { registerGmRequests } from "../../../src/net/gm-requests";
import { registerMounts } from "../../../src/documents/mounts/register";
import { alice, creature } from "../chat/setup";
import { place } from "../../harness/mounted";
import type { ChatUser } from "../../harness/chat";

registerMounts();
registerGmRequests();

type Data = Record<string, unknown>;

/** A creature standing at (column, row), `size` squares wide. */
export function standing(
  name: string,
  at: [number, number],
  stats: Data = {},
  owners: ChatUser[] = [],
  type = "character",
  squares = 1,
) {
  const c = creature(name, stats, owners, type);
  place(c.token, at[0], at[1], squares);
  return c;
}

/** Alice's knight (Size 1, Agility 12, Strength 13) at (3, 3), the GM's war horse (Size 2, Speed 18) at (4, 3). */
export function knightAndHorse(horseSize = 2, knightSize = 1) {
  const knight = standing(
    "Knight",
    [3, 3],
    { size: knightSize, speed: 10, fastSlow: { agility: { value: 12 }, strength: { value: 13 } } },
    [alice],
  );
  const horse = standing("War Horse", [4, 3], { size: horseSize, speed: 18, mount: true }, [], "creature", 2);
  return { knight, horse };
}
