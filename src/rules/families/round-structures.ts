/**
 * The round structure of each family, built from the world settings the digests mark "convention"
 * (FS-R2/FS-R3 `fsTurnOrder`, CD-I3 `cdInitiativeTies`, OD-I3 `odInitiativeTies`, OD-A3 `odCriticalOn`, PR-P6
 * `prDrawCost` and `prChangeCost`, PR-P3 `prOrientationLow`). The Foundry layer should
 * record these options on the Combat when it is created, as it records the family, so that a setting changed
 * mid-combat does not reorder a fight in progress.
 */
import type { RoundStructure } from "../turns/round-structure";
import { activeDefenseStructure } from "./active-defense-3d6/structure";
import { classicD20Structure, DEFAULT_CLASSIC_D20_TURN_OPTIONS } from "./classic-d20/structure";
import { fastSlowStructure, type FsTurnOrder } from "./fast-slow/structure";
import type { FamilyId } from "./ids";
import { DEFAULT_OPPOSED_D20_TURN_OPTIONS, opposedD20Structure } from "./opposed-d20/structure";
import { DEFAULT_WEAPON_COSTS } from "./phased-round/budget";
import type { OrientationLowReading } from "./phased-round/orientation";
import { phasedRoundStructure } from "./phased-round/structure";

export interface RoundStructureOptions {
  /** FS-R2/FS-R3 */
  readonly fsTurnOrder?: FsTurnOrder;
  /** CD-I3 */
  readonly cdInitiativeTies?: "dexterity" | "rolloff";
  /** OD-I3 */
  readonly odInitiativeTies?: "random" | "initiative" | "manual";
  /** OD-I4 / OD-A3 */
  readonly odCriticalOn?: number;
  /** PR-P6: drawing and changing weapons, percent of the round's activity. */
  readonly prDrawCost?: number;
  readonly prChangeCost?: number;
  /** PR-P3: a low orientation roll always leaves the character unable, or the GM decides. */
  readonly prOrientationLow?: OrientationLowReading;
}

export function roundStructureFor(family: FamilyId, options: RoundStructureOptions = {}): RoundStructure {
  switch (family) {
    case "fast-slow":
      return fastSlowStructure(options.fsTurnOrder ? { turnOrder: options.fsTurnOrder } : {});
    case "classic-d20":
      return classicD20Structure({ ties: options.cdInitiativeTies ?? DEFAULT_CLASSIC_D20_TURN_OPTIONS.ties });
    case "opposed-d20":
      return opposedD20Structure({
        ties: options.odInitiativeTies ?? DEFAULT_OPPOSED_D20_TURN_OPTIONS.ties,
        criticalOn: options.odCriticalOn ?? DEFAULT_OPPOSED_D20_TURN_OPTIONS.criticalOn,
      });
    case "phased-round":
      return phasedRoundStructure({
        weaponCosts: {
          draw: options.prDrawCost ?? DEFAULT_WEAPON_COSTS.draw,
          change: options.prChangeCost ?? DEFAULT_WEAPON_COSTS.change,
        },
        ...(options.prOrientationLow ? { orientationLow: options.prOrientationLow } : {}),
      });
    case "active-defense-3d6":
      return activeDefenseStructure();
  }
}
