/**
 * The clock and timers the session and hold logic run on, injectable so tests can drive them with
 * fake timers. The real ones are unref'd: a pending session timer never keeps the process alive.
 */
/** Opaque: whatever the timer functions returned. */
export type TimerHandle = unknown;

export interface Timers {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle | undefined): void;
}

type NodeTimer = ReturnType<typeof setTimeout>;

function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** Reads the globals at call time so vitest's fake timers take effect after construction too. */
export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => unref(setTimeout(callback, ms)),
  clearTimeout: (handle) => clearTimeout(handle as NodeTimer | undefined),
  setInterval: (callback, ms) => unref(setInterval(callback, ms)),
  clearInterval: (handle) => clearInterval(handle as NodeTimer | undefined),
};
