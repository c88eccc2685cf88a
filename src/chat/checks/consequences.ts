/**
 * What a check's result does, run once on the active GM's client when the check is rolled: ending a
 * concentration (FS-A4), fall damage and pinning (FS-MT9), freeing a pinned rider (FS-MT10)… A consequence is
 * stored on the card by name with plain-JSON data (a function cannot be stored in a message), so a module
 * registers its handlers at import and the card finds them again after a reload.
 */
import type { ChallengeFaces, ChallengeRoll } from "../../rules/families/fast-slow/challenge-roll";
import type { RollSink } from "../roll-sink";
import type { CheckCardData, CheckLine, CheckResult, ConsequenceRoll } from "./check-data";

export interface CheckConsequenceContext<D> {
  readonly message: ChatMessage.Implementation;
  readonly card: CheckCardData;
  /** The data stored with the consequence (plain JSON: check it before use). */
  readonly data: D;
  readonly result: CheckResult;
  /** d20 checks: the roll as the fast-slow rules take it (FS-D1), to call them with the same faces. */
  readonly challenge: {
    readonly roll: ChallengeRoll;
    readonly faces: ChallengeFaces;
    readonly target: number;
  } | null;
  /** 3d6 checks: the three faces. */
  readonly rollUnderFaces: readonly number[] | null;
  /** Rolls the consequence makes (damage) go on the card with the check's own. */
  readonly sink: RollSink;
  /** Who asked for the roll. */
  readonly user: User.Implementation;
}

/** What the consequence did, for the card. */
export interface ConsequenceReport {
  readonly lines?: readonly CheckLine[];
  readonly rolls?: readonly ConsequenceRoll[];
}

export type CheckConsequence<D = Record<string, unknown>> = (
  context: CheckConsequenceContext<D>,
) => Promise<ConsequenceReport>;

const registry = new Map<string, CheckConsequence<never>>();

/** Registers a consequence under `name` (e.g. "concentration.check"). A second registration replaces the first. */
export function defineCheckConsequence<D>(name: string, consequence: CheckConsequence<D>): string {
  registry.set(name, consequence as CheckConsequence<never>);
  return name;
}

export function consequenceNamed(name: string): CheckConsequence<Record<string, unknown>> | undefined {
  return registry.get(name) as CheckConsequence<Record<string, unknown>> | undefined;
}
