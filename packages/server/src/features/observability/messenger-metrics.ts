import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { MessengerMetrics, MetricSources } from '../../context';

export type HelloKind = 'fresh' | 'resume' | 'resync';

/** Search fields, by what they look for (the label of messenger_search_duration_seconds). */
export type SearchKind =
  'people' | 'groups' | 'rooms' | 'messages' | 'pages' | 'combined' | 'see_all' | 'workchat';

// The interfaces live in context.ts, which holds the runtime's metrics.
export type { MessengerMetrics, MetricSources } from '../../context';

export function createMessengerMetrics(registry: Registry): MessengerMetrics {
  const registers = [registry];
  const sources: MetricSources = {};
  new Gauge({
    name: 'messenger_sync_sockets',
    help: 'Sync sockets open on this node.',
    registers,
    collect() {
      this.set(sources.openSockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'messenger_calls',
    help: 'Calls not yet ended, by status (the whole cluster: read from the database).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const counts = (await sources.callsByStatus?.()) ?? {};
      for (const status of ['ringing', 'active']) this.set({ status }, counts[status] ?? 0);
      for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
    },
  });
  return {
    sources,
    hellos: new Counter({
      name: 'messenger_sync_hellos_total',
      help: 'Sync hellos: fresh (from the start), resume (from a seq the log still has), resync (window gone).',
      labelNames: ['kind'] as const,
      registers,
    }),
    deltasAppended: new Counter({
      name: 'messenger_deltas_appended_total',
      help: 'Deltas appended to the users\u2019 logs by this node.',
      registers,
    }),
    deltasPushed: new Counter({
      name: 'messenger_deltas_pushed_total',
      help: 'Delta frames written to sync sockets by this node (replays and live pushes).',
      registers,
    }),
    sendBatchSize: new Histogram({
      name: 'messenger_send_batch_size',
      help: 'Sends written in one transaction (group commit).',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    }),
    sendBatchDuration: new Histogram({
      name: 'messenger_send_batch_duration_seconds',
      help: 'From a batch of sends starting to its commit and publish.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    busLag: new Histogram({
      name: 'messenger_bus_lag_seconds',
      help: 'From another node publishing a sync note on Redis to this node receiving it (node clocks must agree: NTP).',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    }),
    presenceReports: new Counter({
      name: 'messenger_presence_reports_total',
      help: 'Presence changes this node reported, by the status shown.',
      labelNames: ['status'] as const,
      registers,
    }),
    searchDuration: new Histogram({
      name: 'messenger_search_duration_seconds',
      help: 'Search resolvers, by what they search.',
      labelNames: ['kind'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
  };
}

/** Times `work` into `histogram` (seconds), whether it succeeds or throws. */
export async function timed<T>(
  observe: (seconds: number) => void,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    observe((performance.now() - started) / 1000);
  }
}
