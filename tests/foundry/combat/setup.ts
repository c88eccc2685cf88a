/**
 * Shared set-up for the combat adapter tests: the harness stand-ins, Fray's combat models registered as
 * index.ts does, the GM requests registered as v13 queries, and the combat hooks wired by `registerCombat`.
 */
import {
  as,
  combatHarness,
  HarnessActor,
  recorded,
  setSetting,
  type HarnessUser,
} from "../../harness/combat";
import { CombatModel } from "../../../src/data/combat/combat-model";
import { CombatantModel } from "../../../src/data/combat/combatant-model";
import { registerCombat } from "../../../src/applications/combat/register";
import { registerGmRequests, REQUEST_TIMEOUT } from "../../../src/net/gm-requests";
import { post } from "../../../src/net/mailbox";
import { FrayCombat } from "../../../src/documents/fray-combat";
import type { FamilyId } from "../../../src/rules/families/ids";
import type { Outcome } from "../../../src/rules/outcome";

const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { dataModels: Record<string, unknown> }> })
  .CONFIG;
CONFIG.Combat!.dataModels.base = CombatModel;
CONFIG.Combatant!.dataModels.base = CombatantModel;
registerCombat();
registerGmRequests();

export const { gm, alice, bob } = combatHarness.users;

/** A fight created under `family` (the world setting at creation), with combatants for the given actors. */
export async function fight(family: FamilyId, actors: HarnessActor[]) {
  setSetting("ruleset", family);
  const combat = (await (FrayCombat as unknown as { create(d: object): Promise<FrayCombat> }).create(
    {},
  )) as unknown as FrayCombatLike;
  const created = await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actor })),
  );
  await settle();
  return { combat, ids: created.map((c) => c.id) };
}

export type FrayCombatLike = FrayCombat & {
  createEmbeddedDocuments(n: "Combatant", d: object[]): Promise<{ id: string }[]>;
  deleteEmbeddedDocuments(n: "Combatant", ids: string[]): Promise<void>;
  updateEmbeddedDocuments(n: "Combatant", d: object[]): Promise<void>;
  _source: Record<string, unknown>;
};

/** Lets the hooks' fire-and-forget reconciliations finish. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Asks a GM request as `user`'s client does: written into the user's own User document, answered by the active
 * GM's client from the `updateUser` hook (src/net/mailbox.ts), the asker being whoever the server says wrote it.
 */
export function askAsGm<P>(name: string, payload: P, user: HarnessUser): Promise<Outcome<unknown>> {
  return as(user, () => post(`fray.${name}`, payload, REQUEST_TIMEOUT));
}

export function partyActors() {
  return {
    ann: new HarnessActor("Ann", {}, [alice]),
    ben: new HarnessActor("Ben", {}, [bob]),
    orc: new HarnessActor("Orc", {}, [], "creature"),
  };
}

export { recorded, setSetting };
