/** The world settings an attack is resolved under (the digests' conventions), read once per attack or click. */
import { getSetting } from "../config/settings";
import type { OpposedD20Conventions } from "../rules/families/opposed-d20/attack";
import type { PhasedRoundConventions } from "../rules/families/phased-round/attack";
import type { RollUnderCriticals } from "../rules/dice/roll-under";

export interface AttackConventions {
  /** FS-D1. */
  readonly boonDie: number;
  /** CD-AT3. */
  readonly cdConfirmCriticals: boolean;
  readonly cdMinimumDamage: number;
  /** OD-A3. */
  readonly opposed: OpposedD20Conventions;
  readonly phased: PhasedRoundConventions;
  /** AD-C3. */
  readonly criticals: RollUnderCriticals;
}

export function attackConventions(): AttackConventions {
  return {
    boonDie: Number(getSetting("boonDie")),
    cdConfirmCriticals: getSetting("cdConfirmCriticals"),
    cdMinimumDamage: getSetting("cdMinimumDamage"),
    opposed: {
      criticalOn: getSetting("odCriticalOn"),
      fumbleOn: getSetting("odFumbleOn"),
      fumbleMissesUndefended: getSetting("odFumbleMissesUndefended"),
    },
    phased: {
      openEnded: {
        enabled: getSetting("prOpenEnded"),
        high: getSetting("prOpenHigh"),
        low: getSetting("prOpenLow"),
      },
      hitThreshold: getSetting("prHitThreshold"),
      damageMode: getSetting("prDamageMode"),
      damageStep: getSetting("prDamageStep"),
    },
    criticals: { success: getSetting("adCriticalSuccess"), failure: getSetting("adCriticalFailure") },
  };
}
