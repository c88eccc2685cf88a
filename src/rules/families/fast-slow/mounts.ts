/**
 * Mounts «montures» and riding «chevaucher» in fast-slow (FS-MT1…FS-MT7): who may mount whom, the pair
 * of rider and mount as plain data, their shared turn, independent attacks and opportunity attacks.
 * Falls and the pinned rider (FS-MT8…FS-MT10) are in `mount-falls.ts`.
 *
 * A pair is `{ riderId, mountId }` (combatant or actor ids, as the caller chooses); the world keeps a list
 * of them. One rider per mount, and nobody both rides and carries: the text speaks of "you and your mount"
 * only, so a pair is the unit (a decision where the text is silent).
 */
import { accept, refuse, type Outcome } from "../../outcome";

export interface MountPair {
  readonly riderId: string;
  readonly mountId: string;
  /** The round in which the pair used its independent attack (FS-MT4), if any. */
  readonly independentAttackRound?: number;
}

/** FS-MT2: mounting and dismounting use the creature's move, never its action. */
export const MOUNT_COST = "move";

export type MountRefusal =
  | "mountSelf"
  /** FS-MT1: a mount must be larger than its rider. */
  | "mountNotLarger"
  /** FS-MT1: a mount must accept its rider. */
  | "mountUnwilling"
  /** FS-MT2: only a creature in reach. */
  | "mountOutOfReach"
  /** FS-MT2: it uses the move, which is already spent this turn. */
  | "mountNeedsMove"
  | "alreadyRiding"
  | "riderIsMount"
  | "mountIsRiding"
  | "mountAlreadyRidden";

export interface MountRequest {
  readonly rider: {
    readonly id: string;
    /** Size (may be fractional: 1/2, 1/4…). */
    readonly size: number;
    /** Whether the rider may still use its move this turn (the budget's answer). */
    readonly moveAvailable: boolean;
  };
  readonly mount: {
    readonly id: string;
    readonly size: number;
    /** Whether the creature accepts this rider (its owner's or the GM's answer). */
    readonly willing: boolean;
  };
  /** Whether the mount is within the rider's reach. */
  readonly inReach: boolean;
}

/** The pair `creatureId` belongs to, as rider or as mount. */
export function pairOf(pairs: readonly MountPair[], creatureId: string): MountPair | undefined {
  return pairs.find((p) => p.riderId === creatureId || p.mountId === creatureId);
}

/** FS-MT4: the other member of `creatureId`'s pair, who takes its turn at the same time. */
export function turnPartner(pairs: readonly MountPair[], creatureId: string): string | undefined {
  const pair = pairOf(pairs, creatureId);
  if (!pair) return undefined;
  return pair.riderId === creatureId ? pair.mountId : pair.riderId;
}

/**
 * FS-MT1, FS-MT2: mount a larger, willing creature in reach, using the move. The checks run in a fixed
 * order (self, pairs, size, willingness, reach, move), so the first reason is stable. Call it to grey out
 * the Token HUD button as well: the refusal says why.
 */
export function mountCreature(
  pairs: readonly MountPair[],
  request: MountRequest,
): Outcome<{ pair: MountPair; pairs: MountPair[]; spends: typeof MOUNT_COST }, MountRefusal> {
  const { rider, mount } = request;
  if (rider.id === mount.id) return refuse("mountSelf");
  if (pairs.some((p) => p.riderId === rider.id)) return refuse("alreadyRiding");
  if (pairs.some((p) => p.mountId === rider.id)) return refuse("riderIsMount");
  if (pairs.some((p) => p.riderId === mount.id)) return refuse("mountIsRiding");
  if (pairs.some((p) => p.mountId === mount.id)) return refuse("mountAlreadyRidden");
  if (!(mount.size > rider.size)) return refuse("mountNotLarger");
  if (!mount.willing) return refuse("mountUnwilling");
  if (!request.inReach) return refuse("mountOutOfReach");
  if (!rider.moveAvailable) return refuse("mountNeedsMove");
  const pair: MountPair = { riderId: rider.id, mountId: mount.id };
  return accept({ pair, pairs: [...pairs, pair], spends: MOUNT_COST });
}

/** FS-MT2: dismount, using the move. */
export function dismountCreature(
  pairs: readonly MountPair[],
  request: { readonly riderId: string; readonly moveAvailable: boolean },
): Outcome<
  { pair: MountPair; pairs: MountPair[]; spends: typeof MOUNT_COST },
  "notRiding" | "mountNeedsMove"
> {
  const pair = pairs.find((p) => p.riderId === request.riderId);
  if (!pair) return refuse("notRiding");
  if (!request.moveAvailable) return refuse("mountNeedsMove");
  return accept({ pair, pairs: pairs.filter((p) => p !== pair), spends: MOUNT_COST });
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * FS-MT3: rider and mount share one space, so the rider's token is centred on the mount's; effects that
 * start "in your space" start from there. They stay distinct creatures (two ids, two sets of statistics).
 */
export function riderCentre(mountCentre: Point): Point {
  return { x: mountCentre.x, y: mountCentre.y };
}

export interface PairTurnInput {
  /** Whether the rider can use actions now (not dazed, stunned, unconscious…). */
  readonly riderCanAct: boolean;
  readonly mountCanAct: boolean;
  /** The mount's current Speed (after its own conditions). */
  readonly mountSpeed: number;
}

export interface PairTurn {
  /**
   * "together": one shared action, the rider directs (FS-MT4).
   * "mountByNature": the rider cannot use actions; the mount acts according to its nature (FS-MT5).
   * "riderIndependent": the mount cannot use actions; the rider acts on its own (FS-MT5).
   * "none": neither can use actions.
   */
  readonly mode: "together" | "mountByNature" | "riderIndependent" | "none";
  /** Whose controller decides: the rider's, or the mount's (the GM for a creature acting by its nature). */
  readonly controller: "rider" | "mount";
  /** Actions the pair has between them: one, shared (FS-MT4). */
  readonly actions: 0 | 1;
  /** FS-MT6: the pair moves with the mount's Speed. */
  readonly speed: number;
  /** FS-MT4: both take this turn at the same time; the turn engine marks both as having acted. */
  readonly members: readonly [string, string];
}

/** FS-MT4, FS-MT5, FS-MT6: how a pair takes its turn. */
export function pairTurn(pair: MountPair, input: PairTurnInput): PairTurn {
  const members = [pair.riderId, pair.mountId] as const;
  const speed = Math.max(0, input.mountSpeed);
  if (input.riderCanAct && input.mountCanAct) {
    return { mode: "together", controller: "rider", actions: 1, speed, members };
  }
  if (input.mountCanAct) return { mode: "mountByNature", controller: "mount", actions: 1, speed, members };
  if (input.riderCanAct) return { mode: "riderIndependent", controller: "rider", actions: 1, speed, members };
  return { mode: "none", controller: "mount", actions: 0, speed, members };
}

/** FS-MT4: both attack rolls of an independent attack take 2 banes. */
export const INDEPENDENT_ATTACK_BANES = 2;

export function independentAttackAvailable(pair: MountPair, round: number): boolean {
  return pair.independentAttackRound !== round;
}

/**
 * FS-MT4: rider and mount attack independently — both attack rolls take 2 banes, and this happens at most
 * once per round whatever the number of attacks. (An attack action taken together has no banes; a rider
 * acting alone because the mount cannot act, FS-MT5, is not an independent attack.)
 */
export function independentAttack(
  pairs: readonly MountPair[],
  creatureId: string,
  round: number,
): Outcome<
  {
    banes: typeof INDEPENDENT_ATTACK_BANES;
    attackers: readonly [string, string];
    pair: MountPair;
    pairs: MountPair[];
  },
  "notRiding" | "independentAttackUsed"
> {
  const pair = pairOf(pairs, creatureId);
  if (!pair) return refuse("notRiding");
  if (!independentAttackAvailable(pair, round)) return refuse("independentAttackUsed");
  const used: MountPair = { ...pair, independentAttackRound: round };
  return accept({
    banes: INDEPENDENT_ATTACK_BANES,
    attackers: [pair.riderId, pair.mountId],
    pair: used,
    pairs: pairs.map((p) => (p === pair ? used : p)),
  });
}

/** FS-MT7: when the mount's movement provokes an opportunity attack, the attacker picks one of these. */
export function opportunityAttackTargets(pair: MountPair): readonly [string, string] {
  return [pair.riderId, pair.mountId];
}
