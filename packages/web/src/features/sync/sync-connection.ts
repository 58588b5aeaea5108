import {
  SYNC_PATH,
  initialSyncClientState,
  parseServerFrame,
  reduceSyncClient,
  type CallClientFrame,
  type ClientFrame,
  type Delta,
  type EphemeralFrame,
  type SyncClientCommand,
  type SyncClientEvent,
  type SyncClientState,
  type SyncStopReason,
} from '@messenger/core';

/** The close code of a connection lost without a close frame (RFC 6455). */
const ABNORMAL_CLOSURE = 1006;

/** What the page shows of the socket. */
export type ConnectionStatus = 'connecting' | 'live' | 'offline' | 'stopped';

export function connectionStatusOf(state: SyncClientState): ConnectionStatus {
  switch (state.status) {
    case 'idle':
    case 'connecting':
    case 'replaying':
      return 'connecting';
    case 'live':
      return 'live';
    case 'waiting':
      return 'offline';
    case 'stopped':
      return 'stopped';
  }
}

export type DeltaListener = (delta: Delta, info: { live: boolean }) => void;

/** The outside world of a sync connection, passed in so tests can drive it. */
export interface SyncConnectionDeps {
  url: string;
  createSocket: (url: string) => WebSocket;
  /** Applies one delta to the store; true when the data must be refetched (a thread unknown here). */
  apply: (seq: number, delta: Delta) => boolean;
  /** Refetches what the screens show (resync_required, or a delta about unknown data). */
  resync: () => void;
  random: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  onError?: (code: string, message: string) => void;
  /** This tab's id in hellos: call signals are routed to it. */
  deviceId?: string;
}

/**
 * The sync socket of one signed-in session: core's `reduceSyncClient` decides,
 * this performs its commands (socket, timers, applying deltas). `lastSeq` is
 * kept in memory with the store it describes: the Relay store lives in memory
 * too, so after a reload both start again from the data's `sync_seq`.
 */
export class SyncConnection {
  private state: SyncClientState = initialSyncClientState();
  private socket: WebSocket | null = null;
  private timer: unknown = null;
  private readonly listeners = new Set<() => void>();
  private readonly ephemeralListeners = new Set<(frame: EphemeralFrame) => void>();
  private readonly deltaListeners = new Set<DeltaListener>();
  private status: ConnectionStatus = 'connecting';

  constructor(private readonly deps: SyncConnectionDeps) {}

  get lastSeq(): number {
    return this.state.lastSeq;
  }

  get started(): boolean {
    return this.state.status !== 'idle';
  }

  /** Connects, resuming after `lastSeq` (the `sync_seq` read with the data); a second call does nothing. */
  start(lastSeq: number): void {
    if (this.started) return;
    this.state = initialSyncClientState(lastSeq, this.deps.deviceId ?? null);
    this.dispatch({ type: 'start' });
  }

  stop(): void {
    this.dispatch({ type: 'stop' });
  }

  /** The browser is back online: reconnect now instead of waiting for the backoff. */
  retryNow(): void {
    if (this.state.status !== 'waiting') return;
    this.cancelTimer();
    this.dispatch({ type: 'reconnect_timer_fired' });
  }

  /**
   * The browser went offline. An open socket is not closed by that (Chromium
   * keeps it, and a dead TCP connection can look open for minutes): drop it
   * now, so the page shows 'Offline' and reconnects when the browser is back.
   */
  dropOffline(): void {
    if (this.socket === null) return;
    this.closeSocket();
    this.dispatch({ type: 'closed', code: ABNORMAL_CLOSURE, jitter: this.deps.random() });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): ConnectionStatus => this.status;

  /** Why the connection stopped for good ('unauthenticated': the session ended), or null. */
  get stopReason(): SyncStopReason | null {
    return this.state.status === 'stopped' ? this.state.reason : null;
  }

  /** Ephemeral frames (typing, presence) as they arrive; never replayed. */
  onEphemeral(listener: (frame: EphemeralFrame) => void): () => void {
    this.ephemeralListeners.add(listener);
    return () => this.ephemeralListeners.delete(listener);
  }

  /**
   * Durable deltas after they were applied to the store (for side effects
   * such as notifications, never for changing the data). `live` is false for
   * the deltas replayed after a (re)connect.
   */
  onDelta(listener: DeltaListener): () => void {
    this.deltaListeners.add(listener);
    return () => this.deltaListeners.delete(listener);
  }

  /** Sends an ephemeral client frame (typing, presence) when live; dropped otherwise. */
  sendEphemeral(frame: Extract<ClientFrame, { type: 'typing' | 'presence' }>): boolean {
    const socket = this.socket;
    if (this.status !== 'live' || socket === null || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** The device id this socket says hello with, or null. */
  get deviceId(): string | null {
    return this.deps.deviceId ?? null;
  }

  /** Sends a call action or signal when live; false when it could not be sent. */
  sendCall(frame: CallClientFrame): boolean {
    const socket = this.socket;
    if (this.status !== 'live' || socket === null || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  private dispatch(event: SyncClientEvent): void {
    const { state, commands } = reduceSyncClient(this.state, event);
    this.state = state;
    for (const command of commands) this.perform(command);
    const status = connectionStatusOf(this.state);
    if (status !== this.status) {
      this.status = status;
      for (const listener of this.listeners) listener();
    }
  }

  private perform(command: SyncClientCommand): void {
    switch (command.type) {
      case 'open_socket':
        this.open();
        return;
      case 'close_socket':
        this.closeSocket();
        return;
      case 'send':
        this.socket?.send(JSON.stringify(command.frame));
        return;
      case 'apply_delta':
        if (this.deps.apply(command.seq, command.delta)) this.deps.resync();
        for (const listener of this.deltaListeners) {
          try {
            listener(command.delta, { live: this.state.status === 'live' });
          } catch (error) {
            // A listener's bug must not stop the sync; it still shows as an uncaught error.
            queueMicrotask(() => {
              throw error;
            });
          }
        }
        return;
      case 'resync':
        this.deps.resync();
        return;
      case 'ephemeral':
        for (const listener of this.ephemeralListeners) listener(command.frame);
        return;
      case 'send_result':
        // This client sends through GraphQL (the outbox); it sends no `send` frames.
        return;
      case 'schedule_reconnect':
        this.cancelTimer();
        this.timer = this.deps.setTimer(() => {
          this.timer = null;
          this.dispatch({ type: 'reconnect_timer_fired' });
        }, command.delayMs);
        return;
      case 'cancel_reconnect':
        this.cancelTimer();
        return;
      case 'report_error':
        this.deps.onError?.(command.code, command.message);
        return;
    }
  }

  private open(): void {
    const socket = this.deps.createSocket(this.deps.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket === socket) this.dispatch({ type: 'opened' });
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      const parsed = parseServerFrame(event.data);
      if (parsed.ok) this.dispatch({ type: 'frame', frame: parsed.frame });
      else this.deps.onError?.(parsed.code, parsed.message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.dispatch({ type: 'closed', code: event.code, jitter: this.deps.random() });
    };
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket === null) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.close();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}

/** `ws(s)://<this host>/sync`. */
export function syncUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SYNC_PATH}`;
}
