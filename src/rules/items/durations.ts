/** Units an effect's duration is given in; "rounds" are counted by the round engine (FS-R8, FS-A3). */
export const DURATION_UNITS = ["instant", "rounds", "minutes", "hours", "days"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

const ROUNDS_PER_UNIT: Record<DurationUnit, number> = {
  instant: 0,
  rounds: 1,
  // A fast-slow round is 10 seconds (FS-R1); the other families count rounds too.
  minutes: 6,
  hours: 360,
  days: 8640,
};

/** A duration in rounds (10-second rounds, FS-R1), for capping concentration at the effect's maximum. */
export function durationInRounds(value: number, unit: DurationUnit): number {
  return Math.max(0, Math.trunc(value)) * ROUNDS_PER_UNIT[unit];
}
