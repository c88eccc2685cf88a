/**
 * FS-M5/FS-M6: "reaching the move's end before finishing the jump means falling prone or falling" — the creature
 * comes down where its move ran out, not at the end of the path its token was dragged along.
 */
import { describe, expect, it } from "vitest";
import { cutShortLanding, type PlacedWaypoint } from "../../../src/rules/budget/jump-landing";
import { movementStretches } from "../../../src/rules/budget/movement-stretches";

const start = { x: 0, y: 0, elevation: 0 };

function landing(waypoints: PlacedWaypoint[], paid: number[]) {
  const stretches = movementStretches(waypoints, start.elevation);
  return cutShortLanding(
    start,
    waypoints,
    stretches,
    paid.map((cost) => ({ cost })),
  );
}

describe("where a jump cut short comes down (FS-M5, FS-M6)", () => {
  it("FS-M6 a long jump cut short after 8 m of walking comes down where the 10 m of move ran out", () => {
    const path = [
      { action: "walk", cost: 8, x: 800, y: 0, elevation: 0 },
      { action: "jump", cost: 3, x: 1100, y: 0, elevation: 0 },
    ];
    expect(landing(path, [2])).toEqual({ x: 1000, y: 0, elevation: 0 });
  });

  it("FS-M5 a high jump skimming 30 m with 6 m of move left comes down 6 m along, at the height it jumped from", () => {
    const path = [{ action: "jump", cost: 30, x: 0, y: 3000, elevation: 0.1 }];
    expect(landing(path, [6])).toEqual({ x: 0, y: 600, elevation: 0 });
  });

  it("FS-M6 along a jump of several waypoints, at the waypoint leg where the metres ran out", () => {
    const path = [
      { action: "walk", cost: 1, x: 100, y: 0, elevation: 0 },
      { action: "jump", cost: 2, x: 300, y: 0, elevation: 0 },
      { action: "jump", cost: 2, x: 300, y: 200, elevation: 0 },
    ];
    expect(landing(path, [3])).toEqual({ x: 300, y: 100, elevation: 0 });
  });

  it("FS-M5 FS-M6 a jump finished in full, or a move with no jump, lands where the path ends: no landing to move", () => {
    expect(landing([{ action: "jump", cost: 3, x: 300, y: 0, elevation: 0 }], [3])).toBeNull();
    expect(landing([{ action: "walk", cost: 30, x: 3000, y: 0, elevation: 0 }], [])).toBeNull();
    // The first jump is finished, the second is cut short.
    const two = [
      { action: "jump", cost: 2, x: 200, y: 0, elevation: 0 },
      { action: "walk", cost: 1, x: 300, y: 0, elevation: 0 },
      { action: "jump", cost: 4, x: 700, y: 0, elevation: 0 },
    ];
    expect(landing(two, [2, 1])).toEqual({ x: 400, y: 0, elevation: 0 });
  });

  it("FS-M6 along a slanted leg, between the leg's two ends", () => {
    const path = [
      { action: "walk", cost: 5, x: 300, y: 400, elevation: 0 },
      { action: "jump", cost: 5, x: 600, y: 800, elevation: 0 },
    ];
    expect(landing(path, [2])).toEqual({ x: 420, y: 560, elevation: 0 });
  });

  it("FS-M5 a jump straight up that its move cannot finish comes down where it left the ground", () => {
    // No horizontal metres: the stretch pays its 2 m rise (never less than its rise), and 1 m was left.
    const path = [
      { action: "walk", cost: 3, x: 300, y: 0, elevation: 0 },
      { action: "jump", cost: 0, x: 300, y: 0, elevation: 2 },
    ];
    expect(landing(path, [1])).toEqual({ x: 300, y: 0, elevation: 0 });
  });

  it("FS-M6 a jump with no metres left at all comes down at its take-off, past any leg of no length", () => {
    const path = [
      { action: "jump", cost: 0, x: 0, y: 0, elevation: 0 },
      { action: "jump", cost: 4, x: 400, y: 0, elevation: 0 },
    ];
    expect(landing(path, [0])).toEqual({ x: 0, y: 0, elevation: 0 });
  });

  it("FS-M5 FS-M6 a jump paid to within a millionth of a metre is finished; a jump the move did not pay is not moved", () => {
    const jump = [{ action: "jump", cost: 3, x: 300, y: 0, elevation: 0 }];
    expect(landing(jump, [3 - 1e-6])).toBeNull();
    expect(landing(jump, [])).toBeNull();
  });
});
