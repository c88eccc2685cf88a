/**
 * FS-A6 Dismiss «cesser»: a creature ends an effect it created with a spell or talent. What it may dismiss is
 * what its own spells and talents keep going: the effects it concentrates on (FS-A3), and the effects its
 * spells or talents placed on any creature (their origin is the item). Nothing else — another creature's
 * effect, or an item that placed nothing — can be dismissed. Dismissing is the turn's action (activity
 * "dismiss", budget.ts); the Foundry layer then ends the concentration on it (its effect ends with it) or
 * removes the effects the item placed.
 */

/** One of the creature's items, as the dismissal sees it (the uuid is what effects name as their origin). */
export interface DismissSource {
  readonly uuid: string;
  readonly type: string;
  readonly name: string;
}

export interface DismissableEffect {
  /** The item's uuid: the effect's id in a concentration state, the origin of the effects it placed. */
  readonly effectId: string;
  readonly name: string;
  /** The creature concentrates on it (ending the concentration ends the effect, FS-A3). */
  readonly concentration: boolean;
}

/** Only spells and talents create effects a creature may dismiss (FS-A6). */
export const DISMISS_SOURCE_TYPES: readonly string[] = ["spell", "talent"];

/**
 * FS-A6: the effects the creature may dismiss, in the order of its items: its spells and talents that it
 * concentrates on (`concentrating`: effect ids of its concentration states) or that placed an effect still in
 * play (`placed`: the origins of the effects on every creature).
 */
export function dismissableEffects(
  items: readonly DismissSource[],
  concentrating: readonly string[],
  placed: ReadonlySet<string>,
): DismissableEffect[] {
  const held = new Set(concentrating);
  return items
    .filter((i) => DISMISS_SOURCE_TYPES.includes(i.type) && (held.has(i.uuid) || placed.has(i.uuid)))
    .map((i) => ({ effectId: i.uuid, name: i.name, concentration: held.has(i.uuid) }));
}
