/** Time is passed in: core never reads the system clock itself. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** A clock for tests and replays: time moves only when told. */
export function manualClock(
  start = 0,
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
