import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';

/** Older pages loaded at most while looking for a message to show. */
const SEARCH_PAGES = 20;
/** How long a message jumped to from a reply's quote stays highlighted. */
export const JUMP_HIGHLIGHT_MS = 2_500;

interface Search {
  key: string;
  pages: number;
  shown: boolean;
}

/**
 * Bringing one message of the history into view: a message search's result
 * (`highlightMessageId`, highlighted while the thread stays open there) or a
 * reply's original (`jumpTo`, highlighted briefly). Older pages load until
 * the message is there (the history is paginated), then it is scrolled to,
 * once per request.
 */
export function useJumpToMessage(
  messageIndex: (id: string) => number,
  highlightMessageId: string | null,
  paging: { hasPrevious: boolean; isLoadingPrevious: boolean; loadPrevious: (n: number) => void },
  pageSize: number,
  virtuoso: RefObject<VirtuosoHandle | null>,
): { highlightedId: string | null; targetIndex: number; jumpTo: (id: string) => void } {
  const [jump, setJump] = useState<{ id: string; n: number; lit: boolean } | null>(null);
  const targetId = jump?.id ?? highlightMessageId;
  const targetIndex = targetId === null ? -1 : messageIndex(targetId);
  const key = `${targetId ?? ''}:${String(jump?.n ?? 0)}`;
  const searched = useRef<Search>({ key, pages: 0, shown: false });
  if (searched.current.key !== key) searched.current = { key, pages: 0, shown: false };
  const { hasPrevious, isLoadingPrevious, loadPrevious } = paging;

  useEffect(() => {
    const search = searched.current;
    if (targetId === null || search.shown) return;
    if (targetIndex >= 0) {
      search.shown = true;
      const scroll = () => virtuoso.current?.scrollToIndex({ index: targetIndex, align: 'center' });
      scroll();
      // Rows just prepended (an older page) are measured after this render: once they are,
      // the same index lands elsewhere, so the scroll is repeated when the layout settled.
      const timers = [150, 500].map((ms) => setTimeout(scroll, ms));
      return () => {
        timers.forEach(clearTimeout);
      };
    }
    if (hasPrevious && !isLoadingPrevious && search.pages < SEARCH_PAGES) {
      search.pages += 1;
      loadPrevious(pageSize);
    }
  }, [targetId, targetIndex, hasPrevious, isLoadingPrevious, loadPrevious, pageSize, virtuoso]);

  // A reply's original is highlighted for a moment once it is in view.
  const shownJump = jump !== null && jump.lit && targetIndex >= 0;
  useEffect(() => {
    if (!shownJump) return;
    const timer = setTimeout(() => {
      setJump((current) => (current === null ? null : { ...current, lit: false }));
    }, JUMP_HIGHLIGHT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [shownJump, jump?.n]);

  const jumpTo = useCallback((id: string) => {
    setJump((current) => ({ id, n: (current?.n ?? 0) + 1, lit: true }));
  }, []);
  const highlightedId = jump === null ? highlightMessageId : jump.lit ? jump.id : null;
  return { highlightedId, targetIndex, jumpTo };
}
