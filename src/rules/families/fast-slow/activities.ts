/**
 * What a fast-slow creature can do with its action (FS-A1…FS-A15). Every activity here uses the action; some
 * also open movement of their own: Retreat moves half Speed without provoking opportunity attacks (FS-A12),
 * Rush moves double Speed (FS-A13). Reactions (FS-A16) and minor activities (FS-A17) are budgeted apart.
 */

export const FS_ACTIVITIES = [
  "attack", // FS-A1
  "cast", // FS-A2
  "concentrate", // FS-A3
  "defend", // FS-A5
  "dismiss", // FS-A6
  "search", // FS-A7
  "help", // FS-A8
  "hide", // FS-A9
  "prepare", // FS-A10
  "reload", // FS-A11
  "retreat", // FS-A12
  "rush", // FS-A13
  "stabilize", // FS-A14
  "useItem", // FS-A15
] as const;

export type FsActivity = (typeof FS_ACTIVITIES)[number];

/** Movement an activity grants, as a multiple of Speed. */
export interface ActivityMovement {
  readonly speedFactor: number;
  /** FS-A12: this movement provokes no opportunity attack. */
  readonly noOpportunity: boolean;
}

export const ACTIVITY_MOVEMENT: Readonly<Partial<Record<FsActivity, ActivityMovement>>> = {
  retreat: { speedFactor: 0.5, noOpportunity: true },
  rush: { speedFactor: 2, noOpportunity: false },
};

/** FS-A10: a prepared activity must be one that resolves through an action; preparing to prepare is not one. */
export function isPreparable(activity: FsActivity): boolean {
  return activity !== "prepare";
}

/** FS-A10: a prepared activity, used as a reaction, is rolled with this many boons. */
export const PREPARED_BOONS = 1;

/** FS-A14: Stabilize takes 1 bane when the target is dying. */
export function stabilizeBanes(targetIsDying: boolean): number {
  return targetIsDying ? 1 : 0;
}

export function isFsActivity(value: unknown): value is FsActivity {
  // Stryker disable next-line ConditionalExpression: includes() of a list of strings is already false for any non-string, so the typeof test only narrows the type
  return typeof value === "string" && (FS_ACTIVITIES as readonly string[]).includes(value);
}
