import { useCallback, useEffect, useRef } from 'react';

/** How near the end still counts as reading the newest message. */
const AT_BOTTOM_PX = 48;

/**
 * A reader at the newest message stays there when rows grow after they were placed
 * (reactions, quotes and receipts arrive or measure taller than the estimate):
 * Virtuoso's followOutput follows new rows only, and a grown last row was left cut
 * off at the bottom. Where the reader is comes from their own scrolling (a row's
 * growth scrolls nothing), so a large growth does not count as leaving the bottom.
 * Not while a jump to an older message (a reply's original, a search result) is
 * under way (`seeking`). Wire `scrollerRef` and `keepAtBottom` (totalListHeightChanged).
 */
export function useKeepAtBottom(seeking: boolean): {
  scrollerRef: (element: HTMLElement | Window | null) => void;
  keepAtBottom: () => void;
} {
  const atBottom = useRef(true);
  const seekingNow = useRef(seeking);
  useEffect(() => {
    seekingNow.current = seeking;
  }, [seeking]);
  const detach = useRef<(() => void) | null>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    detach.current?.();
    detach.current = null;
    scroller.current = element instanceof HTMLElement ? element : null;
    if (!(element instanceof HTMLElement)) return;
    // Only the reader's own scrolling moves them off the bottom: Virtuoso's own scrolls
    // while it places and measures rows do not.
    let reading = false;
    const onReader = () => {
      reading = true;
    };
    const onScroll = () => {
      if (!reading) return;
      const gap = element.scrollHeight - element.scrollTop - element.clientHeight;
      atBottom.current = gap <= AT_BOTTOM_PX;
    };
    const readerEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const type of readerEvents) element.addEventListener(type, onReader, { passive: true });
    element.addEventListener('scroll', onScroll, { passive: true });
    // The rows' box grows without telling anyone (a row measured after placement, a
    // tally or quote arriving): watched directly rather than through the list's callbacks.
    const resized = new ResizeObserver(() => {
      if (atBottom.current && !seekingNow.current) element.scrollTop = element.scrollHeight;
    });
    for (const child of Array.from(element.children)) resized.observe(child);
    detach.current = () => {
      for (const type of readerEvents) element.removeEventListener(type, onReader);
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, []);
  const keepAtBottom = useCallback(() => {
    if (!atBottom.current || seekingNow.current) return;
    // After the new height is laid out; Virtuoso's own autoscroll gives up once its
    // bottom state says the end moved away.
    requestAnimationFrame(() => {
      const element = scroller.current;
      if (element !== null && atBottom.current && !seekingNow.current) {
        element.scrollTop = element.scrollHeight;
      }
    });
  }, []);
  return { scrollerRef, keepAtBottom };
}
