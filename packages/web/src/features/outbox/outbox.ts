import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Environment } from 'relay-runtime';
import { useRelayServices } from '../../session/session-services';
import type { DeltaReducers } from '../sync/delta-reducers';
import type { LiveSync } from '../sync/live-sync';
import {
  initialOutboxState,
  queuedDisplay,
  reduceOutbox,
  type OutboxCommand,
  type OutboxEvent,
  type OutboxItem,
  type OutboxMessage,
  type OutboxState,
} from './outbox-reducer';
import { browserOutboxStorage, type OutboxStorage } from './outbox-storage';
import { sendOutboxMessage, type SendResult } from './send-message';

/** Whether messages can go out now, and a way to hear when that changes. */
export interface Connectivity {
  isOnline: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

/** The outside world of an outbox, passed in so tests can drive it. */
export interface OutboxDeps {
  send: (message: OutboxMessage) => Promise<SendResult>;
  storage: OutboxStorage | null;
  connectivity: Connectivity;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/**
 * The outbox of one signed-in session: `reduceOutbox` decides, this performs
 * its commands (requests, the retry timer) and keeps the queue in storage.
 *
 * It sends only while attached (a conversation screen is open): after a
 * sign-out the screens are gone, so a queue can never go out under the next
 * person's session cookie; it waits in storage for its own person.
 */
export class Outbox {
  private state: OutboxState;
  private attachments = 0;
  private unsubscribe: (() => void) | null = null;
  private timer: unknown = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: OutboxDeps) {
    this.state = initialOutboxState(deps.storage?.load() ?? []);
  }

  getState = (): OutboxState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Queues a message typed now; `id` is its offline_threading_id for every attempt. */
  enqueue(message: OutboxMessage): void {
    this.dispatch({ type: 'enqueued', message });
  }

  retry(id: string): void {
    this.dispatch({ type: 'retry', id });
  }

  discard(id: string): void {
    this.dispatch({ type: 'discard', id });
  }

  /** The store holds these messages already (matched by offline_threading_id). */
  echoed(ids: readonly string[]): void {
    this.dispatch({ type: 'echoed', ids });
  }

  /** A screen that sends is open; the returned function says it closed. */
  attach(): () => void {
    this.attachments += 1;
    if (this.attachments === 1) {
      this.unsubscribe = this.deps.connectivity.subscribe(() => {
        this.updateConnectivity();
      });
    }
    this.updateConnectivity();
    let attached = true;
    return () => {
      if (!attached) return;
      attached = false;
      this.attachments -= 1;
      if (this.attachments === 0) {
        this.unsubscribe?.();
        this.unsubscribe = null;
      }
      this.updateConnectivity();
    };
  }

  private updateConnectivity(): void {
    const online = this.attachments > 0 && this.deps.connectivity.isOnline();
    this.dispatch({ type: 'connectivity', online });
  }

  private dispatch(event: OutboxEvent): void {
    const before = this.state;
    const { state, commands } = reduceOutbox(before, event);
    this.state = state;
    if (state.items !== before.items) this.deps.storage?.save(state.items);
    for (const command of commands) this.perform(command);
    if (state !== before) for (const listener of this.listeners) listener();
  }

  private perform(command: OutboxCommand): void {
    switch (command.type) {
      case 'send': {
        const id = command.message.id;
        void this.deps.send(command.message).then((result) => {
          this.dispatch(
            result.ok ? { type: 'sent', id } : { type: 'send_failed', id, failure: result.failure },
          );
        });
        return;
      }
      case 'schedule_retry':
        this.cancelTimer();
        this.timer = this.deps.setTimer(() => {
          this.timer = null;
          this.dispatch({ type: 'retry_timer_fired' });
        }, command.delayMs);
        return;
      case 'cancel_retry':
        this.cancelTimer();
        return;
    }
  }

  /** The login ended: no retry fires any more (unsent messages stay in storage). */
  dispose(): void {
    this.cancelTimer();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}

/**
 * Usable means the browser says it is online and the sync socket is live:
 * a message sent then is echoed to the other devices at once, and a socket
 * that cannot connect is a good sign a request would not get through either.
 */
export function browserConnectivity(live: LiveSync): Connectivity {
  return {
    isOnline: () => navigator.onLine && live.connection.getStatus() === 'live',
    subscribe: (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      const stop = live.connection.subscribe(listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
        stop();
      };
    },
  };
}

/** A login's outbox in the browser (built once per login by the session services). */
export function createBrowserOutbox({
  environment,
  viewerId,
  liveSync,
  reducers,
}: {
  environment: Environment;
  viewerId: string;
  liveSync: LiveSync;
  reducers: DeltaReducers;
}): Outbox {
  return new Outbox({
    send: (message) => sendOutboxMessage(environment, viewerId, reducers, message),
    storage: browserOutboxStorage(viewerId),
    connectivity: browserConnectivity(liveSync),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => {
      window.clearTimeout(handle as number);
    },
  });
}

/** The login's outbox, attached (sending) while the calling component is mounted. */
export function useOutbox(): Outbox {
  const outbox = useRelayServices().outbox;
  useEffect(() => outbox.attach(), [outbox]);
  return outbox;
}

/** A pending row: an unsent message and what its row says. */
export interface PendingRow {
  item: OutboxItem;
  display: 'sending' | 'waiting' | 'failed';
}

/**
 * The thread's unsent messages, minus those the store holds already
 * (`held`: offline_threading_ids of the viewer's messages in the history),
 * so a message is never shown twice; those are taken out of the outbox.
 */
export function usePendingRows(
  outbox: Outbox,
  threadId: string,
  held: ReadonlySet<string>,
): PendingRow[] {
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState);
  const echoed = useMemo(
    () => state.items.filter((item) => held.has(item.id)).map((item) => item.id),
    [state.items, held],
  );
  useEffect(() => {
    if (echoed.length > 0) outbox.echoed(echoed);
  }, [outbox, echoed]);
  return useMemo(() => {
    const queued = queuedDisplay(state);
    return state.items
      .filter((item) => item.threadId === threadId && !held.has(item.id))
      .map((item) => ({
        item,
        display:
          item.status === 'failed' ? 'failed' : item.status === 'sending' ? 'sending' : queued,
      }));
  }, [state, threadId, held]);
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    readonly outbox: Outbox;
  }
}
