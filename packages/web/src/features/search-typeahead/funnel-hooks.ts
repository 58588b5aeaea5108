import type { SearchEntry } from '@messenger/core';
import { useMemo } from 'react';
import { useSearchFunnel, type SearchFunnel } from '../analytics/use-search-funnel';
import type { TypeaheadHooks } from './use-typeahead';

/**
 * The typeahead's hooks feeding a search funnel (seed 4, "Search funnel
 * events"). The first non-empty query opens the funnel, so a typeahead that
 * is only focused (or opened on its empty state) logs nothing; the popup
 * closing ends it. A pick's position is its place among the rows last shown.
 */
export function typeaheadFunnelHooks(funnel: SearchFunnel): TypeaheadHooks {
  let shown: readonly SearchEntry[] = [];
  return {
    onQueryChanged(query) {
      if (query !== '' || funnel.isOpen()) funnel.queryChanged(query);
    },
    onImpressions(entries) {
      shown = entries;
      funnel.impressions(entries);
    },
    onResultSelected(entry) {
      const position = shown.findIndex((row) => row.uniqueID === entry.uniqueID);
      funnel.resultSelected(entry, Math.max(0, position));
    },
    onSourceStarted(sourceId) {
      funnel.sourceStarted(sourceId);
    },
    onSourceEnded(sourceId, _query, status) {
      funnel.sourceEnded(sourceId, status);
    },
    onEnd() {
      funnel.end();
    },
  };
}

/** The sidebar search's funnel as typeahead hooks, stable for the component's life. */
export function useSidebarSearchFunnel(): TypeaheadHooks {
  const funnel = useSearchFunnel('sidebar');
  return useMemo(() => typeaheadFunnelHooks(funnel), [funnel]);
}
