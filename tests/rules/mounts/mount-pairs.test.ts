import { describe, expect, it } from "vitest";
import {
  dismountCreature,
  independentAttack,
  mountCreature,
  type MountPair,
} from "../../../src/rules/families/fast-slow/mounts";
import { fastSlowLegalDefenses } from "../../../src/rules/families/fast-slow/defenses";

const knightOnHorse: MountPair = { riderId: "knight", mountId: "horse" };
const squireOnPony: MountPair = { riderId: "squire", mountId: "pony" };

describe("mounted pairs side by side (FS-MT1, FS-MT2, FS-MT4)", () => {
  it("FS-MT1 another pair riding elsewhere does not stop a rider mounting a free, larger, willing creature", () => {
    const mounted = mountCreature([knightOnHorse], {
      rider: { id: "squire", size: 1, moveAvailable: true },
      mount: { id: "pony", size: 2, willing: true },
      inReach: true,
    });
    expect(mounted.ok && mounted.value.pairs).toEqual([knightOnHorse, squireOnPony]);
  });

  it("FS-MT2 dismounting ends that pair only", () => {
    const dismounted = dismountCreature([knightOnHorse, squireOnPony], {
      riderId: "squire",
      moveAvailable: true,
    });
    expect(dismounted.ok && dismounted.value.pairs).toEqual([knightOnHorse]);
  });

  it("FS-MT4 one pair's independent attack does not use another pair's", () => {
    const attack = independentAttack([knightOnHorse, squireOnPony], "horse", 3);
    expect(attack.ok && attack.value.pairs).toEqual([
      { ...knightOnHorse, independentAttackRound: 3 },
      squireOnPony,
    ]);
  });
});

describe("fast-slow defenders choose nothing (FS-D2)", () => {
  it("FS-D2 the attack is compared with the Defense: no option to pick, none to decline", () => {
    expect(fastSlowLegalDefenses("defense", 13)).toEqual({
      mode: "passive",
      options: [],
      unavailable: [],
      mayDecline: false,
      passive: { labelKey: "FRAY.Defense.Target.defense", value: 13 },
    });
  });
});
