import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  concentrateOnSpell,
  resolveMaintenanceRoll,
} from "../../../src/rules/families/active-defense-3d6/concentration";
import { concentrate } from "../../../src/rules/families/fast-slow/concentration";
import {
  canStandUp,
  escapeRoll,
  mountFallsProne,
  riderKnockedProne,
} from "../../../src/rules/families/fast-slow/mount-falls";
import {
  dismountCreature,
  independentAttack,
  mountCreature,
  type MountPair,
  type MountRequest,
} from "../../../src/rules/families/fast-slow/mounts";
import { refusalKey, type Outcome } from "../../../src/rules/outcome";
import type { TimedState } from "../../../src/rules/turns/timed-states";

const LANGUAGES = ["en", "fr", "pl", "es", "ja"] as const;

function lookup(lang: string, key: string): unknown {
  const data = JSON.parse(readFileSync(`lang/${lang}.json`, "utf8")) as Record<string, unknown>;
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
}

function reasonOf(outcome: Outcome<unknown>): string {
  if (outcome.ok) throw new Error("expected a refusal");
  return outcome.reason;
}

const pair: MountPair = { riderId: "knight", mountId: "horse", independentAttackRound: 1 };
const base: MountRequest = {
  rider: { id: "squire", size: 1, moveAvailable: true },
  mount: { id: "pony", size: 2, willing: true },
  inReach: true,
};
// Built inside the test, not while vitest collects the file: Stryker does not count a file that fails to collect
// as a kill, so a mutant that breaks `concentrate` must fail the test instead.
function concentrations(): { concentrating: TimedState[]; fsConcentrating: TimedState[] } {
  const spell = concentrateOnSpell([], { holder: "mage", spellId: "fire", round: 1 });
  const fs = concentrate([], {
    holder: "mage",
    effectId: "fog",
    round: 1,
    maxDuration: { startRound: 1, rounds: 1 },
  });
  return {
    concentrating: spell.ok ? spell.value.states : [],
    fsConcentrating: fs.ok ? fs.value.states : [],
  };
}
const pinned: TimedState[] = [
  {
    key: "pinnedUnderMount",
    holder: "knight",
    createdRound: 1,
    expiry: { kind: "manual" },
    data: { mountId: "horse", mountSize: 2 },
  },
];

describe("refusals of concentration and mounted combat are shown to users", () => {
  it("FS-A3 FS-A4 AD-M6 FS-MT1…FS-MT10 every refusal reason has a message in the five languages", () => {
    const { concentrating, fsConcentrating } = concentrations();
    const reasons = [
      reasonOf(
        concentrate([], {
          holder: "mage",
          effectId: "fog",
          round: 5,
          maxDuration: { startRound: 1, rounds: 1 },
        }),
      ),
      reasonOf(concentrate(fsConcentrating, { holder: "mage", effectId: "fog", round: 1 })),
      reasonOf(concentrate(fsConcentrating, { holder: "mage", effectId: "fog", round: 2 })),
      reasonOf(concentrateOnSpell(concentrating, { holder: "mage", spellId: "ice", round: 1 })),
      reasonOf(
        resolveMaintenanceRoll([], "mage", {
          wl: 10,
          faces: [1, 1, 1],
          criticals: { success: 4, failure: 17 },
        }),
      ),
      reasonOf(mountCreature([], { ...base, mount: { ...base.mount, id: "squire" } })),
      reasonOf(mountCreature([], { ...base, mount: { ...base.mount, size: 1 } })),
      reasonOf(mountCreature([], { ...base, mount: { ...base.mount, willing: false } })),
      reasonOf(mountCreature([], { ...base, inReach: false })),
      reasonOf(mountCreature([], { ...base, rider: { ...base.rider, moveAvailable: false } })),
      reasonOf(mountCreature([pair], { ...base, rider: { ...base.rider, id: "knight" } })),
      reasonOf(mountCreature([pair], { ...base, rider: { ...base.rider, id: "horse" } })),
      reasonOf(mountCreature([pair], { ...base, mount: { ...base.mount, id: "knight" } })),
      reasonOf(mountCreature([pair], { ...base, mount: { ...base.mount, id: "horse" } })),
      reasonOf(dismountCreature([], { riderId: "squire", moveAvailable: true })),
      reasonOf(independentAttack([pair], "knight", 1)),
      reasonOf(
        riderKnockedProne([], "knight", {
          mountCentre: { x: 0, y: 0 },
          source: { x: 1, y: 0 },
          mountRadius: 1,
        }),
      ),
      reasonOf(mountFallsProne([], "horse")),
      reasonOf(canStandUp(pinned, "knight")),
      reasonOf(escapeRoll([], { riderId: "knight", riderSize: 1, attribute: "strength", modifier: 0 })),
    ];
    expect(new Set(reasons).size).toBe(19);
    for (const lang of LANGUAGES) {
      for (const reason of reasons) {
        const message = lookup(lang, refusalKey(reason));
        expect(typeof message, `${lang}: ${refusalKey(reason)}`).toBe("string");
        expect((message as string).length).toBeGreaterThan(0);
      }
    }
  });
});
