/**
 * Weapon readiness in active-defense-3d6 (AD-M4, AD-M5, AD-M8). Drawing a sheathed or slung weapon or shield
 * takes 1 Ready turn. An unbalanced weapon (axes…) is unready after each attack or parry and takes 1 turn to
 * ready again, and cannot parry meanwhile; a feint alone does not unready it. A bow takes 1 turn per arrow; a
 * crossbow at least 1 more to draw the string (the weapon's `readyTurns`: bow 1, crossbow 2 or more). A dropped
 * weapon is picked up in 2 turns.
 */

export interface AdWeaponSpec {
  /** AD-M4: must be readied again after each attack or parry. */
  readonly unbalanced: boolean;
  /** A bow or crossbow: shoots at the start of the turn (AD-M5) and is readied per shot. */
  readonly missile: boolean;
  /** AD-M4: Ready turns after each shot (bow 1, crossbow ≥ 2); ignored for other weapons. */
  readonly readyTurns: number;
}

export type AdWeaponStatus = "sheathed" | "ready" | "unready" | "dropped";

export interface AdWeapon extends AdWeaponSpec {
  readonly status: AdWeaponStatus;
  /** Ready turns still needed while unready or sheathed. */
  readonly readyingLeft: number;
}

/** A weapon as it is when combat finds it. */
export function adWeapon(spec: AdWeaponSpec, status: AdWeaponStatus = "sheathed"): AdWeapon {
  return {
    ...spec,
    status,
    readyingLeft: status === "ready" || status === "dropped" ? 0 : readyTurnsAfterUse(spec),
  };
}

/** AD-M4: turns to ready the weapon after it was used (a shot, or an unbalanced weapon's attack or parry). */
export function readyTurnsAfterUse(spec: AdWeaponSpec): number {
  if (spec.missile) return Math.max(1, Math.trunc(spec.readyTurns));
  return 1;
}

/** The weapon after an attack, a shot or a parry: unbalanced and missile weapons need readying again. */
export function afterUse(weapon: AdWeapon): AdWeapon {
  if (!weapon.unbalanced && !weapon.missile) return weapon;
  return { ...weapon, status: "unready", readyingLeft: readyTurnsAfterUse(weapon) };
}

/**
 * One Ready turn spent on the weapon. Drawing takes 1 turn; a missile weapon drawn still needs loading
 * (`readyTurns`); an unready weapon comes back when its turns are spent.
 */
export function afterReadyTurn(weapon: AdWeapon): AdWeapon {
  if (weapon.status === "sheathed") {
    return weapon.missile
      ? { ...weapon, status: "unready", readyingLeft: readyTurnsAfterUse(weapon) }
      : { ...weapon, status: "ready", readyingLeft: 0 };
  }
  if (weapon.status !== "unready") return weapon;
  const left = Math.max(0, weapon.readyingLeft - 1);
  return left === 0 ? { ...weapon, status: "ready", readyingLeft: 0 } : { ...weapon, readyingLeft: left };
}

/** AD-M8: picking up a dropped weapon: kneel one turn, pick up and stand the next; it is then in hand, ready. */
export const PICK_UP_TURNS = 2;
