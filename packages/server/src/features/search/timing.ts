import type { AppContext } from '../../context';
import { timed, type SearchKind } from '../observability/messenger-metrics';

/** Runs a search, timed into messenger_search_duration_seconds by its kind. */
export function timedSearch<T>(
  app: AppContext,
  kind: SearchKind,
  search: () => Promise<T>,
): Promise<T> {
  const metrics = app.metrics;
  return timed((seconds) => {
    metrics.searchDuration.observe({ kind }, seconds);
  }, search);
}
