/**
 * FS-MT4 for the attack-card tests that tick the independent mounted attack: the attacker must ride. This puts
 * a rider on a mount the way Fray stores a pair (the mount's token id in the rider token's `flags.fray.rides`,
 * both tokens on one scene) on the plain chat-harness tokens, without the mounted-combat stand-ins.
 */
import type { TokenDoc } from "../../harness/chat";

export function rideOn(
  rider: { token: TokenDoc },
  mount: { token: TokenDoc },
  /** Other creatures on the pair's scene (an attack's targets are tokens on the attacker's scene). */
  others: readonly { token: TokenDoc }[] = [],
): void {
  const tokens = [rider.token, mount.token, ...others.map((o) => o.token)];
  const scene = { tokens: { contents: tokens } };
  for (const token of tokens) Object.assign(token, { parent: scene });
  Object.assign(rider.token, { flags: { fray: { rides: mount.token.id } } });
}
