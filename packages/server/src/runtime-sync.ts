import type { AppContext } from './context';
import { callsByStatus } from './features/calls/repo';
import { CallRuntime } from './features/calls/runtime';
import { DeliveryQueue } from './features/messaging/delivery-service';
import { SocketSends } from './features/messaging/socket-send';
import { ClusterPresenceStore } from './features/presence/cluster';
import { PresenceTracker } from './features/presence/tracker';
import { pruneDeltas } from './features/sync/delta-log';
import { SyncHub } from './features/sync/hub';
import type { SyncOptions } from './features/sync/options';
import { TypingRelay } from './features/messaging/typing-relay';

/**
 * The live machinery of one node around the sync socket: the hub (the
 * transport) and the features that join it. Built by createRuntime.
 */
export interface SyncRuntime {
  options: SyncOptions;
  hub: SyncHub;
  presence: PresenceTracker;
  typing: TypingRelay;
  delivery: DeliveryQueue;
  calls: CallRuntime;
  /** Sends over the socket; the route tells it who each socket's viewer is. */
  sends: SocketSends;
  /** Runs the retention pruning now (it also runs on a timer once started). */
  prune(): Promise<number>;
  /** Begins the timers and recoveries that only a serving node runs (buildApp calls it). */
  start(): void;
  /**
   * Closes every socket (clients hear 1001 and reconnect) after the sends
   * already received are stored, and stops the timers; idempotent.
   */
  stop(): Promise<void>;
}

/**
 * Builds the hub and joins presence, typing, sends, delivery acks and calls
 * to it as listeners, in this order (each event reaches them in it).
 */
export function createSyncRuntime(ctx: AppContext): SyncRuntime {
  const options = ctx.syncOptions;
  const { bus } = ctx;
  const hub = new SyncHub({
    db: ctx.db,
    bus,
    logger: ctx.logger,
    clock: ctx.clock,
    options,
    metrics: ctx.metrics,
    tracing: ctx.tracing,
  });
  // A bus that may join several nodes: presence is combined across them.
  const cluster = ctx.clustered
    ? new ClusterPresenceStore({
        bus,
        view: ctx.presence,
        clock: ctx.clock,
        logger: ctx.logger,
        reportTtlMs: 3 * options.presenceSweepMs,
        onLapsed: (userId, status) => {
          presence.announceLocally(userId, status);
        },
      })
    : null;
  const presence = new PresenceTracker({
    db: ctx.db,
    bus,
    store: cluster ?? ctx.presence,
    clock: ctx.clock,
    logger: ctx.logger,
    options,
    connectionsOf: (userId) => hub.connectionsOf(userId),
    deliverLocally: (userIds, frame) => {
      hub.deliverEphemeral(userIds, frame);
    },
    reported: (status) => {
      ctx.metrics.presenceReports.inc({ status });
    },
  });
  const typing = new TypingRelay({ db: ctx.db, bus, logger: ctx.logger, options });
  const delivery = new DeliveryQueue(ctx);
  const sends = new SocketSends(ctx);
  const calls = new CallRuntime(ctx, hub, bus);

  ctx.metrics.sources.openSockets = () => hub.size;
  ctx.metrics.sources.callsByStatus = () => callsByStatus(ctx);
  bus.observeLag?.((seconds) => {
    ctx.metrics.busLag.observe(seconds);
  });

  hub.listen({
    connected: (conn) => {
      presence.connected(conn);
    },
    ready: (conn) => {
      presence.ready(conn);
    },
    activity: (conn) => {
      presence.activity(conn);
    },
    disconnected: (conn) => {
      presence.disconnected(conn);
    },
  });
  hub.listen({
    disconnected: (conn) => {
      typing.disconnected(conn);
    },
    typing: (conn, frame) => {
      typing.onTyping(conn, frame).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, 'typing frame failed');
      });
    },
  });
  hub.listen({
    ack: (conn, seq) => {
      delivery.enqueue(conn.userId, seq);
    },
    send: (conn, frame) => {
      sends.onSend(conn, frame);
    },
  });
  hub.listen({
    connected: (conn) => {
      calls.connected(conn);
    },
    disconnected: (conn) => {
      calls.disconnected(conn);
    },
    call: (conn, frame) => {
      calls.onFrame(conn, frame);
    },
  });

  const policy = { maxDeltas: options.retentionMaxDeltas, maxAgeMs: options.retentionMaxAgeMs };
  const prune = () => pruneDeltas(ctx.db, policy, ctx.clock.now());
  let pruner: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  return {
    options,
    hub,
    presence,
    typing,
    delivery,
    calls,
    sends,
    prune,
    start: () => {
      if (pruner !== undefined || stopping !== undefined) return;
      calls.recover(!ctx.clustered).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, 'calls recovery failed');
      });
      pruner = setInterval(() => {
        prune().catch((error: unknown) => {
          ctx.logger.warn({ err: error }, 'delta pruning failed');
        });
      }, options.pruneIntervalMs);
      pruner.unref();
    },
    stop: () => {
      stopping ??= (async () => {
        // Sends already received are stored and answered before their sockets close.
        await sends.idle();
        clearInterval(pruner);
        presence.close();
        cluster?.close();
        calls.close();
        await hub.close();
      })();
      return stopping;
    },
  };
}
