import fc from "fast-check";
import { runs } from "../../property-runs";
import { describe, expect, it } from "vitest";
import {
  INDEPENDENT_ATTACK_BANES,
  dismountCreature,
  independentAttack,
  mountCreature,
  opportunityAttackTargets,
  pairOf,
  pairTurn,
  riderCentre,
  turnPartner,
  type MountPair,
  type MountRequest,
} from "../../../src/rules/families/fast-slow/mounts";

function request(overrides: {
  riderSize?: number;
  mountSize?: number;
  willing?: boolean;
  inReach?: boolean;
  moveAvailable?: boolean;
  riderId?: string;
  mountId?: string;
}): MountRequest {
  return {
    rider: {
      id: overrides.riderId ?? "knight",
      size: overrides.riderSize ?? 1,
      moveAvailable: overrides.moveAvailable ?? true,
    },
    mount: {
      id: overrides.mountId ?? "horse",
      size: overrides.mountSize ?? 2,
      willing: overrides.willing ?? true,
    },
    inReach: overrides.inReach ?? true,
  };
}

const pair: MountPair = { riderId: "knight", mountId: "horse" };

describe("mounts «montures» (FS-MT1, FS-MT2)", () => {
  it("FS-MT1 a larger creature that accepts the rider can be mounted", () => {
    const result = mountCreature([], request({}));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.pair).toEqual(pair);
    expect(result.value.pairs).toEqual([pair]);
  });

  it("FS-MT1 a mount must be larger than its rider: same size or smaller is refused", () => {
    expect(mountCreature([], request({ riderSize: 2, mountSize: 2 }))).toEqual({
      ok: false,
      reason: "mountNotLarger",
    });
    expect(mountCreature([], request({ riderSize: 3, mountSize: 2 }))).toEqual({
      ok: false,
      reason: "mountNotLarger",
    });
    expect(mountCreature([], request({ riderId: "horse" }))).toEqual({ ok: false, reason: "mountSelf" });
  });

  it("FS-MT1 fractional sizes compare as numbers: a Size 1/2 rider may ride a Size 1 mount", () => {
    expect(mountCreature([], request({ riderSize: 0.5, mountSize: 1 })).ok).toBe(true);
    expect(mountCreature([], request({ riderSize: 0.5, mountSize: 0.25 })).ok).toBe(false);
  });

  it("FS-MT1 an unwilling creature is no mount", () => {
    expect(mountCreature([], request({ willing: false }))).toEqual({ ok: false, reason: "mountUnwilling" });
  });

  it("FS-MT2 only a creature in reach", () => {
    expect(mountCreature([], request({ inReach: false }))).toEqual({ ok: false, reason: "mountOutOfReach" });
  });

  it("FS-MT2 mounting uses the move: refused once it is spent, and it reports spending it", () => {
    expect(mountCreature([], request({ moveAvailable: false }))).toEqual({
      ok: false,
      reason: "mountNeedsMove",
    });
    const ok = mountCreature([], request({}));
    expect(ok.ok && ok.value.spends).toBe("move");
  });

  it("FS-MT2 dismounting uses the move and ends the pair", () => {
    const result = dismountCreature([pair], { riderId: "knight", moveAvailable: true });
    expect(result.ok && result.value).toMatchObject({ pairs: [], spends: "move" });
    expect(dismountCreature([pair], { riderId: "knight", moveAvailable: false })).toEqual({
      ok: false,
      reason: "mountNeedsMove",
    });
    expect(dismountCreature([pair], { riderId: "horse", moveAvailable: true })).toEqual({
      ok: false,
      reason: "notRiding",
    });
  });

  it("FS-MT1 one rider per mount, and no rider rides twice or carries while riding", () => {
    expect(mountCreature([pair], request({}))).toEqual({ ok: false, reason: "alreadyRiding" });
    expect(mountCreature([pair], request({ riderId: "squire" }))).toEqual({
      ok: false,
      reason: "mountAlreadyRidden",
    });
    expect(
      mountCreature([pair], request({ riderId: "horse", mountId: "elephant", mountSize: 4, riderSize: 2 })),
    ).toEqual({
      ok: false,
      reason: "riderIsMount",
    });
    expect(
      mountCreature([pair], request({ riderId: "pixie", riderSize: 0.25, mountId: "knight", mountSize: 1 })),
    ).toEqual({
      ok: false,
      reason: "mountIsRiding",
    });
  });
});

describe("riding together (FS-MT3…FS-MT7)", () => {
  it("FS-MT3 rider and mount share one space but remain two creatures", () => {
    expect(riderCentre({ x: 4.5, y: -2 })).toEqual({ x: 4.5, y: -2 });
    expect(pairOf([pair], "knight")).toBe(pair);
    expect(pairOf([pair], "horse")).toBe(pair);
    expect(opportunityAttackTargets(pair)).toHaveLength(2);
  });

  it("FS-MT4 the pair takes its turn at the same time, with one shared action", () => {
    expect(turnPartner([pair], "knight")).toBe("horse");
    expect(turnPartner([pair], "horse")).toBe("knight");
    expect(turnPartner([pair], "orc")).toBeUndefined();
    const turn = pairTurn(pair, { riderCanAct: true, mountCanAct: true, mountSpeed: 12 });
    expect(turn).toMatchObject({
      mode: "together",
      controller: "rider",
      actions: 1,
      members: ["knight", "horse"],
    });
  });

  it("FS-MT5 a rider who cannot use actions leaves the mount to act by its nature", () => {
    expect(pairTurn(pair, { riderCanAct: false, mountCanAct: true, mountSpeed: 12 })).toMatchObject({
      mode: "mountByNature",
      controller: "mount",
      actions: 1,
    });
  });

  it("FS-MT5 a mount that cannot use actions leaves the rider to act independently", () => {
    expect(pairTurn(pair, { riderCanAct: true, mountCanAct: false, mountSpeed: 12 })).toMatchObject({
      mode: "riderIndependent",
      controller: "rider",
      actions: 1,
    });
    expect(pairTurn(pair, { riderCanAct: false, mountCanAct: false, mountSpeed: 12 })).toMatchObject({
      mode: "none",
      actions: 0,
    });
  });

  it("FS-MT6 the pair moves at the mount's Speed", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 30 }),
        (riderCanAct, mountCanAct, mountSpeed) => {
          expect(pairTurn(pair, { riderCanAct, mountCanAct, mountSpeed }).speed).toBe(mountSpeed);
        },
      ),
      runs(1000),
    );
  });

  it("FS-MT4 an independent attack gives both attack rolls 2 banes", () => {
    const result = independentAttack([pair], "knight", 3);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(INDEPENDENT_ATTACK_BANES).toBe(2);
    expect(result.value.banes).toBe(2);
    expect(result.value.attackers).toEqual(["knight", "horse"]);
    expect(result.value.pairs).toEqual([{ ...pair, independentAttackRound: 3 }]);
  });

  it("FS-MT4 independent attacks happen at most once per round, asked by either member", () => {
    const first = independentAttack([pair], "horse", 3);
    if (!first.ok) throw new Error(first.reason);
    expect(independentAttack(first.value.pairs, "knight", 3)).toEqual({
      ok: false,
      reason: "independentAttackUsed",
    });
    expect(independentAttack(first.value.pairs, "horse", 3)).toEqual({
      ok: false,
      reason: "independentAttackUsed",
    });
    expect(independentAttack(first.value.pairs, "knight", 4).ok).toBe(true);
    expect(independentAttack([], "knight", 3)).toEqual({ ok: false, reason: "notRiding" });
  });

  it("FS-MT4 whatever the sequence of requests, at most one independent attack per round", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("knight", "horse"), fc.integer({ min: 0, max: 2 })), {
          maxLength: 40,
        }),
        (requests) => {
          let pairs: MountPair[] = [pair];
          let round = 1;
          const granted = new Map<number, number>();
          for (const [who, advance] of requests) {
            round += advance;
            const result = independentAttack(pairs, who, round);
            if (result.ok) {
              pairs = result.value.pairs;
              granted.set(round, (granted.get(round) ?? 0) + 1);
            } else {
              expect(result.reason).toBe("independentAttackUsed");
              expect(granted.get(round)).toBe(1);
            }
          }
          for (const count of granted.values()) expect(count).toBe(1);
        },
      ),
      runs(1000),
    );
  });

  it("FS-MT7 the opportunity attacker chooses between the rider and the mount", () => {
    expect(opportunityAttackTargets(pair)).toEqual(["knight", "horse"]);
  });
});
