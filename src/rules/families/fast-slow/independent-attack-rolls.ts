/**
 * FS-MT4 at the table: rider and mount attack independently once per round, and in that independent attack
 * each of them makes its own attack roll with 2 banes. The pair's record for a round says who has rolled; the
 * first roll claims the round's independent attack (`independentAttack`), the partner's roll completes it,
 * and any further independent roll that round, by either, is refused.
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
