/**
 * The statistics the families order combatants by, read from the actor: CD-I1/CD-I3 Dexterity modifier,
 * OD-I2/OD-I3 Initiative, PR-B3 quickness bonus, AD-T2 speed score (AG or DEV, the Combat's recorded
 * convention). A combatant with no actor (its token was deleted) reads zeros.
 */
import type { ActorDerived } from "../data/actor/derive";

interface ActorSystemView {
  derived?: ActorDerived;
  opposedD20?: { initiative?: number };
  phasedRound?: { quickness?: number };
  activeDefense?: { ag?: number; dev?: number };
}

export interface InitiativeStats {
  readonly dex: number;
  readonly initiative: number;
  readonly quickness: number;
  readonly ag: number;
  readonly dev: number;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export function initiativeStats(actor: Actor.Implementation | null | undefined): InitiativeStats {
  const system = (actor?.system ?? {}) as ActorSystemView;
  return {
    dex: num(system.derived?.classicD20?.modifiers?.dex),
    initiative: num(system.opposedD20?.initiative),
    quickness: num(system.phasedRound?.quickness),
    ag: num(system.activeDefense?.ag),
    dev: num(system.activeDefense?.dev),
  };
}

/** AD-T2: the speed score under the combat's recorded choice. */
export function speedScore(stats: InitiativeStats, score: string): number {
  return score === "dev" ? stats.dev : stats.ag;
}
