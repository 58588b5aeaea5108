import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { threadListMessages } from './messages';

/** How far below the visible part of the list the next page is already asked for. */
const PREFETCH_MARGIN = '200px';

/**
 * The end of a thread list with more pages: a button that loads the next
 * one (keyboard and screen-reader users), pressed for the reader when it
 * scrolls into view. While a page loads it stays enabled (disabling it would
 * drop the keyboard focus) and says so; presses then do nothing.
 */
export function LoadMoreThreads({
  isLoading,
  onLoadMore,
}: {
  isLoading: boolean;
  onLoadMore: () => void;
}): ReactNode {
  const intl = useIntl();
  const ref = useRef<HTMLButtonElement>(null);
  // The latest callback, so the observer is not recreated on every render.
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  // A new observer after each page: its first report says whether the button is still in
  // view (a short page, a tall screen), and later ones fire when the reader scrolls to it.
  useEffect(() => {
    const element = ref.current;
    if (isLoading || element === null || typeof IntersectionObserver === 'undefined') return;
    // The implicit root (the viewport) respects clipping by the scrolling list panel.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [isLoading]);
  return (
    <Button
      ref={ref}
      className="thread-list-more"
      onPress={() => {
        load.current();
      }}
    >
      {intl.formatMessage(isLoading ? threadListMessages.loadingMore : threadListMessages.loadMore)}
    </Button>
  );
}
