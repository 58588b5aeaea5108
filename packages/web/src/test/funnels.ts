import type { FunnelLogBatch, FunnelName } from '@messenger/core';
import { createFunnelClient, type FunnelClient } from '../features/analytics/funnel-client';
import type { SearchSurface } from '../features/analytics/search-surfaces';
import { createSearchFunnel, type SearchFunnel } from '../features/analytics/use-search-funnel';

/**
 * A real funnel client (sampled in) whose transport keeps what it was sent,
 * so a component test reads the records the server would store.
 */
export function recordingFunnels(): {
  client: FunnelClient;
  funnel: (surface: SearchSurface) => SearchFunnel;
  /** Flushes, then each record's funnel name and action names, in order. */
  stored: () => Promise<[FunnelName, string[]][]>;
  batches: FunnelLogBatch[];
} {
  const batches: FunnelLogBatch[] = [];
  let id = 0;
  const client = createFunnelClient({
    transport: {
      send: (batch) => {
        batches.push(batch);
        return Promise.resolve();
      },
      beacon: () => false,
    },
    random: () => 0,
    now: () => Date.now(),
    newId: () => `id-${String((id += 1)).padStart(6, '0')}`,
    page: null,
    document: null,
  });
  return {
    client,
    batches,
    funnel: (surface) => createSearchFunnel(client, surface),
    stored: async () => {
      await client.flush();
      return batches
        .flatMap((batch) => batch.records)
        .map((record) => [record.name, record.actions.map((action) => action.name)]);
    },
  };
}
