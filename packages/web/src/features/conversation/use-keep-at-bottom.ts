import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';

/** How near the end still counts as reading the newest message (a row's growth, not a scroll). */
export const AT_BOTTOM_PX = 48;

/**
 * A reader at the newest message stays there when rows grow after they were placed
 * (reactions, quotes and receipts arrive or measure taller than the estimate):
 * Virtuoso's followOutput follows new rows only, and a grown last row was left cut
 * off at the bottom. Not while a jump to an older message (a reply's original, a
 * search result) is under way (`seeking`). Wire `noteAtBottom` to atBottomStateChange
 * and `keepAtBottom` to totalListHeightChanged.
 */
export function useKeepAtBottom(
  virtuoso: RefObject<VirtuosoHandle | null>,
  seeking: boolean,
): { noteAtBottom: (bottom: boolean) => void; keepAtBottom: () => void } {
  const atBottom = useRef(true);
  const seekingNow = useRef(seeking);
  useEffect(() => {
    seekingNow.current = seeking;
  }, [seeking]);
  const noteAtBottom = useCallback((bottom: boolean) => {
    atBottom.current = bottom;
  }, []);
  const keepAtBottom = useCallback(() => {
    if (atBottom.current && !seekingNow.current) virtuoso.current?.autoscrollToBottom();
  }, [virtuoso]);
  return { noteAtBottom, keepAtBottom };
}
