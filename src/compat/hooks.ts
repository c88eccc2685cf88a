/**
 * Registers a hook handler, always called on `Hooks` itself: `Hooks.on` reaches Foundry's private static state
 * through `this`, so a detached `const on = Hooks.on` throws and leaves init half done (issue 11, defect 2).
 * Why a wrapper: fvtt-types types each core hook's arguments exactly, and our handlers are narrowed to the
 * fields they read (and some hooks, like `fray.roundNotices`, are our own), which its overloads do not accept.
 */
export function onHook(name: string, fn: (...args: never[]) => unknown): number {
  return Hooks.on(name as never, fn as never);
}
