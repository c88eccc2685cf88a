/**
 * classic-d20 round structure (CD-I1…CD-I3): at the start of combat everyone makes an initiative check
 * «test na inicjatywę», d20 + Dexterity modifier (CD-I1; the Foundry layer rolls and sends the total);
 * turns run from the highest initiative to the lowest, every round (CD-I2); ties go to the higher Dexterity
 * modifier, then to a roll-off, and the order stays fixed for the whole combat (CD-I3, convention: the
 * world setting `cdInitiativeTies` may skip the Dexterity step).
 */
import { accept, refuse } from "../../outcome";
import type { RoundStructure } from "../../turns/round-structure";

export interface ClassicD20TurnOptions {
  /** CD-I3: "dexterity" (Dexterity modifier, then a roll-off) or "rolloff" (a roll-off only). */
  readonly ties: "dexterity" | "rolloff";
}

// Stryker disable next-line ObjectLiteral,StringLiteral: equivalent, only "rolloff" is tested for, so any other default reads as "dexterity"
export const DEFAULT_CLASSIC_D20_TURN_OPTIONS: ClassicD20TurnOptions = { ties: "dexterity" };

export function classicD20Structure(
  options: ClassicD20TurnOptions = DEFAULT_CLASSIC_D20_TURN_OPTIONS,
): RoundStructure {
  return {
    family: "classic-d20",
    phases: [
      { id: "turns", policy: "initiative", label: "FRAY.Combat.Phase.turns" },
      { id: "endOfRound", policy: "endOfRound", label: "FRAY.Combat.Phase.endOfRound" },
    ],
    initiative: "combat",
    ties: "rollOff",
    readInitiative(roll) {
      if (options.ties === "rolloff") return accept({ tieKeys: [], critical: false });
      const dexterity = roll.dexterity ?? NaN;
      if (!Number.isFinite(dexterity)) return refuse("dexterityMissing");
      return accept({ tieKeys: [dexterity], critical: false });
    },
    newCombatant: () => ({ speed: null, actions: null, sheet: null }),
    notes: (_d, c) => (c.tieKeys[0] !== undefined ? { dexterity: c.tieKeys[0] } : {}),
  };
}
