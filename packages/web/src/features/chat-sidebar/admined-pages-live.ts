import { useEffect } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { LiveSync } from '../sync/live-sync';
import type { adminedPagesLiveQuery } from './__generated__/adminedPagesLiveQuery.graphql';

/** Deltas come in bursts (a message is several): one read for a burst. */
const REFETCH_AFTER_MS = 250;

const query = graphql`
  query adminedPagesLiveQuery {
    viewer {
      admined_pages {
        id
        badgingCount
      }
    }
  }
`;

/**
 * Keeps the admined_pages badges live: after the session's deltas (a person
 * writing to the page, another admin reading its threads) and when the
 * sidebar shows again, the viewer's pages are read again. Their records are
 * normalized by id, so the sidebar's own rows show the new counts.
 */
export function useLiveAdminedBadges(live: LiveSync, enabled: boolean): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    if (!enabled) return undefined;
    const read = () => {
      fetchQuery<adminedPagesLiveQuery>(environment, query, {}, { fetchPolicy: 'network-only' })
        .toPromise()
        // A failed read leaves the last counts; the next delta tries again.
        .catch(() => undefined);
    };
    // What was read in a page inbox since the preload was fetched shows at once.
    read();
    let timer: number | null = null;
    const stop = live.connection.onDelta(() => {
      if (timer !== null) return;
      timer = window.setTimeout(() => {
        timer = null;
        read();
      }, REFETCH_AFTER_MS);
    });
    return () => {
      stop();
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [environment, live, enabled]);
}
