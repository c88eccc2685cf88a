import { describe, expect, it } from "vitest";
import { SerialLock } from "../../src/net/serial-lock";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("SerialLock: the GM answers requests on the same thing one at a time", () => {
  it("two clicks on the same key: the second starts after the first finished and sees its result", async () => {
    const lock = new SerialLock();
    let answered = false;
    const log: string[] = [];
    const answer = (who: string) =>
      lock.run("message-1", async () => {
        log.push(`${who} start`);
        if (answered) return `${who} refused`;
        await tick();
        answered = true;
        log.push(`${who} applied`);
        return `${who} applied`;
      });
    const results = await Promise.all([answer("A"), answer("B")]);
    expect(results).toEqual(["A applied", "B refused"]);
    expect(log).toEqual(["A start", "A applied", "B start"]);
  });

  it("different keys do not wait for each other", async () => {
    const lock = new SerialLock();
    const order: string[] = [];
    const slow = lock.run("a", async () => {
      await tick();
      await tick();
      order.push("a");
    });
    const fast = lock.run("b", async () => {
      order.push("b");
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(["b", "a"]);
  });

  it("a failing request does not block the next one, and the lock forgets idle keys", async () => {
    const lock = new SerialLock();
    await expect(lock.run("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(lock.run("k", async () => "next")).resolves.toBe("next");
    await tick();
    expect(lock.size).toBe(0);
  });
});
