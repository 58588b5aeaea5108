import type { Clock } from '@messenger/core';

/** The browser's wall clock, for core's rules that take one (tests pass their own). */
export const browserClock: Clock = { now: () => Date.now() };
