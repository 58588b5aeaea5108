import { useEffect, useState } from 'react';

/**
 * The current time, refreshed after `nextRefreshMs(now)` milliseconds (on the
 * beat when something shown can change, e.g. the next minute), so ages and
 * separators move on their own without a fast timer.
 */
export function useNow(nextRefreshMs: (nowMs: number) => number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const delay = Math.max(1_000, nextRefreshMs(now));
    const timer = setTimeout(() => {
      setNow(Date.now());
    }, delay);
    return () => {
      clearTimeout(timer);
    };
  }, [now, nextRefreshMs]);
  return now;
}

const MS_PER_MINUTE = 60_000;

/** Refresh at the next minute: enough for "5m" and for midnight's "Today" becoming "Yesterday". */
export function untilNextMinute(nowMs: number): number {
  return MS_PER_MINUTE - (nowMs % MS_PER_MINUTE);
}
