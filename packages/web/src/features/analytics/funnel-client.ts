import {
  createFunnelManager,
  searchFunnelEvents,
  type FunnelCommand,
  type FunnelEvent,
  type FunnelManagerState,
  type FunnelName,
  type FunnelRegistry,
  type SearchFunnelHappening,
} from '@messenger/core';
import { browserTimers, FunnelQueue, type FunnelTransport, type Timers } from './funnel-queue';

/** The page events the client listens to (a window, or a stand-in in tests). */
export interface PageEvents {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface FunnelClientOptions {
  transport: FunnelTransport;
  /** Uniform in [0, 1): core decides sampling with it. */
  random: () => number;
  now: () => number;
  newId: () => string;
  timers?: Timers;
  page?: PageEvents | null;
  /** The document whose visibility decides the early beacon flush. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | null;
  trackFocus?: boolean;
  registry?: FunnelRegistry;
}

export interface FunnelClient {
  dispatch(event: FunnelEvent): void;
  /** A typeahead happening, turned into funnel events by core's search-funnel rules. */
  search(name: FunnelName, happening: SearchFunnelHappening): void;
  state(): FunnelManagerState;
  setFocusTracking(enabled: boolean): void;
  /** Sends what is held now (tests, and a caller that knows the session ends). */
  flush(): Promise<void>;
  /** Records logged and not yet acknowledged. */
  pendingCount(): number;
  dispose(): void;
}

/**
 * Core's funnel manager with the effects it asks for: timers for funnel
 * timeouts, the queue for logged records, and the page lifecycle (hiding
 * the page ends every live funnel with session_end and beacons the rest).
 */
export function createFunnelClient(options: FunnelClientOptions): FunnelClient {
  const timers = options.timers ?? browserTimers;
  const queue = new FunnelQueue({
    transport: options.transport,
    newBatchId: options.newId,
    timers,
  });
  const manager = createFunnelManager({
    clock: { now: options.now },
    sample: options.random,
    newId: options.newId,
    ...(options.registry === undefined ? {} : { registry: options.registry }),
  });
  let trackFocus = options.trackFocus ?? false;
  let state = manager.initialState({ trackFocus });
  const timeouts = new Map<string, unknown>();

  function perform(commands: readonly FunnelCommand[]): void {
    for (const command of commands) {
      switch (command.type) {
        case 'schedule_timeout': {
          const { name, instanceId } = command;
          const handle = timers.setTimeout(() => {
            timeouts.delete(instanceId);
            dispatch({ type: 'timeout', name, instanceId });
          }, command.delayMs);
          timeouts.set(instanceId, handle);
          break;
        }
        case 'cancel_timeout': {
          const handle = timeouts.get(command.instanceId);
          if (handle !== undefined) timers.clearTimeout(handle);
          timeouts.delete(command.instanceId);
          break;
        }
        case 'log':
          queue.enqueue(command.record);
          break;
      }
    }
  }

  function dispatch(event: FunnelEvent): void {
    const result = manager.reduce(state, event);
    state = result.state;
    perform(result.commands);
  }

  const listeners: [string, (event: Event) => void][] = [
    [
      'pagehide',
      () => {
        dispatch({ type: 'session_end' });
        queue.flushByBeacon();
      },
    ],
    [
      // Back from the back-forward cache: a new session of funnels.
      'pageshow',
      (event) => {
        if ((event as PageTransitionEvent).persisted) state = manager.initialState({ trackFocus });
      },
    ],
    [
      'blur',
      () => {
        dispatch({ type: 'window_blur' });
      },
    ],
    [
      'focus',
      () => {
        dispatch({ type: 'window_focus' });
      },
    ],
  ];
  const page = options.page === undefined ? globalThis.window : options.page;
  for (const [type, listener] of listeners) page?.addEventListener(type, listener);

  // A hidden tab may be discarded without a pagehide (mobile): send what is held.
  const doc = options.document === undefined ? globalThis.document : options.document;
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden') queue.flushByBeacon();
  };
  doc?.addEventListener('visibilitychange', onVisibility);

  return {
    dispatch,
    search(name, happening) {
      for (const event of searchFunnelEvents(state, name, happening)) dispatch(event);
    },
    state: () => state,
    setFocusTracking(enabled) {
      trackFocus = enabled;
      dispatch({ type: 'set_focus_tracking', enabled });
    },
    flush: () => queue.flush(),
    pendingCount: () => queue.size,
    dispose() {
      for (const [type, listener] of listeners) page?.removeEventListener(type, listener);
      doc?.removeEventListener('visibilitychange', onVisibility);
      for (const handle of timeouts.values()) timers.clearTimeout(handle);
      timeouts.clear();
      queue.dispose();
    },
  };
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    /** The search funnels' client: funnels outlive the components that log them. */
    readonly funnels: FunnelClient;
  }
}
