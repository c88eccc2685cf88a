/**
 * Phased-round declarations the tracker offers (PR-P1, PR-P4, PR-P6, PR-P7, PR-P9): the choices, and the
 * request payload for a button or a withdrawal in the current phase. Pure.
 */
import type { MissileWeapon } from "../../rules/families/phased-round/budget";
import type { Declaration } from "../../documents/combat-requests";

export const MISSILE_WEAPONS: readonly MissileWeapon[] = ["selfReloading", "single", "thrownPair"];

/** The declaration a `frayDeclare` button carries (`data-kind`, `data-value`), or null for a bad one. */
export function declarationFromButton(
  kind: string | undefined,
  value: string | undefined,
): Declaration | null {
  if (kind === "spell" && (value === "cast" || value === "prepare")) return { kind: "spell", spell: value };
  if (kind === "missile" && (MISSILE_WEAPONS as readonly string[]).includes(value ?? "")) {
    return { kind: "missile", weapon: value as MissileWeapon };
  }
  return null;
}

/** Withdraws this phase's declaration (the engine replaces a declaration made again in the same phase). */
export function withdrawalFor(phaseId: string): Declaration | null {
  switch (phaseId) {
    case "spellDeclaration":
      return { kind: "spell", spell: null };
    case "missileDeclarationA":
    case "missileFireB":
      return { kind: "missile", weapon: null };
    case "movement":
      return { kind: "movement", movement: null };
    case "melee":
      return { kind: "melee", melee: null };
    default:
      return null;
  }
}

/** The manoeuvre choices of the movement dialog: a roll the GM makes; a result only the GM may set (PR-P6). */
export function manoeuvreChoices(gm: boolean): { value: string; label: string }[] {
  const choices = [
    { value: "none", label: "FRAY.Combat.Manoeuvre.none" },
    { value: "roll", label: "FRAY.Combat.Manoeuvre.roll" },
  ];
  if (gm)
    choices.push(
      { value: "succeeded", label: "FRAY.Combat.Manoeuvre.succeeded" },
      { value: "failed", label: "FRAY.Combat.Manoeuvre.failed" },
    );
  return choices;
}

const MANOEUVRE_VALUES = ["roll", "succeeded", "failed"] as const;

/** Reads the movement dialog's fields (PR-P6): share of the potential, manoeuvre, draw, change. */
export function movementFromForm(fields: Record<string, unknown>): Declaration {
  const percent = Math.round(Number(fields.percent));
  const manoeuvre = MANOEUVRE_VALUES.find((v) => v === fields.manoeuvre) ?? ("none" as const);
  return {
    kind: "movement",
    movement: {
      percent: Number.isFinite(percent) ? percent : 0,
      manoeuvre,
      draw: fields.draw === true || fields.draw === "true" || fields.draw === "on",
      change: fields.change === true || fields.change === "true" || fields.change === "on",
    },
  };
}

/** Reads the melee dialog's fields (PR-P9): the group of combatants fighting each other, extra weapons. */
export function meleeFromForm(fields: Record<string, unknown>): Declaration {
  const extra = Math.max(0, Math.trunc(Number(fields.extraWeapons) || 0));
  return { kind: "melee", melee: { group: String(fields.group ?? "").trim(), extraWeapons: extra } };
}
