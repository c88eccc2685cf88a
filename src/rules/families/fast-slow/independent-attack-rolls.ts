/**
 * FS-MT4 at the table: rider and mount attack independently once per round, and in that independent attack
 * each of them makes its own attack roll with 2 banes. The pair's record for a round says who has rolled; the
 * first roll claims the round's independent attack (`independentAttack`), the partner's roll completes it,
 * and any further independent roll that round, by either, is refused. A roll is claimed before its attack
 * spends the turn's action; when that spend is refused, no attack was made and the claim is given back
 * (`releaseIndependentAttackRoll`).
 */
import { accept, refuse, type Outcome } from "../../outcome";
import { INDEPENDENT_ATTACK_BANES, independentAttack, pairOf, type MountPair } from "./mounts";

export interface IndependentAttackRecord {
  /** The round of the pair's independent attack. */
  readonly round: number;
  /** The members who have made their attack roll in it. */
  readonly rolled: readonly string[];
}

/** FS-MT4: may `creatureId` roll an independent attack now? With 2 banes, and the record to keep. */
export function independentAttackRoll(
  pairs: readonly MountPair[],
  record: IndependentAttackRecord | null,
  creatureId: string,
  round: number,
): Outcome<
  { banes: typeof INDEPENDENT_ATTACK_BANES; record: IndependentAttackRecord },
  "notRiding" | "independentAttackUsed"
> {
  const pair = pairOf(pairs, creatureId);
  if (!pair) return refuse("notRiding");
  if (record && record.round === round) {
    if (record.rolled.includes(creatureId)) return refuse("independentAttackUsed");
    return accept({
      banes: INDEPENDENT_ATTACK_BANES,
      record: { round, rolled: [...record.rolled, creatureId] },
    });
  }
  const withRecord: MountPair[] = pairs.map((p) =>
    p === pair && record ? { ...p, independentAttackRound: record.round } : p,
  );
  const claimed = independentAttack(withRecord, creatureId, round);
  if (!claimed.ok) return claimed;
  return accept({ banes: claimed.value.banes, record: { round, rolled: [creatureId] } });
}

/**
 * FS-MT4: `creatureId` claimed its roll in round `round` but made no attack (the action was refused): its
 * claim is given back, the partner's stays. Nothing else changes — a record of another round, or one without
 * that claim, is returned as it is, so releasing twice is releasing once. With no roll left the pair has not
 * attacked independently this round: null (an earlier round's record would allow the same).
 */
export function releaseIndependentAttackRoll(
  record: IndependentAttackRecord | null,
  creatureId: string,
  round: number,
): IndependentAttackRecord | null {
  if (!record || record.round !== round || !record.rolled.includes(creatureId)) return record;
  const rolled = record.rolled.filter((id) => id !== creatureId);
  return rolled.length ? { round, rolled } : null;
}
