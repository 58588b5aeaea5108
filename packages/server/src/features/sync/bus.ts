import type { DeltaNote } from './delta-log';

/**
 * Fan-out between the nodes that hold sockets (DESIGN.md section 3). After a
 * commit the writer publishes which users' logs moved; every node pushes to
 * the sockets it holds for them. Ephemeral frames (typing, presence) travel
 * the same way and are never stored. In one process the bus is a function
 * call; with REDIS_URL it is Redis pub/sub (redis-bus.ts), same interface.
 *
 * Delivery is at most once: a lost note only delays a push until the socket's
 * next note or reconnect, because every socket reads from the log itself.
 */
export type BusMessage =
  | {
      type: 'deltas';
      notes: DeltaNote[];
      /**
       * W3C `traceparent` of the publish span when the send was traced
       * (observability/tracing.ts): each node's delivery spans join that trace.
       */
      trace?: string;
    }
  /** `frame` is the JSON text of a server frame, for the users' sockets wherever they are. */
  | {
      type: 'ephemeral';
      userIds: string[];
      frame: string;
      /** Only this device (its hello's device_id) of the users: call signalling. */
      deviceId?: string;
    }
  /** A node's reports of its users' presence, for nodes that aggregate several nodes' sockets. */
  | { type: 'presence'; nodeId: string; reports: PresenceReport[] }
  /**
   * Sessions ended on purpose (logout, deactivation, SSO logout): every node closes
   * the sockets of these users, or of these sessions (by id hash), at once
   * with 4401 instead of at its next periodic session check.
   */
  | { type: 'sessions_ended'; userIds: string[]; sessionHashes: string[] };

export interface PresenceReport {
  userId: string;
  status: 'ACTIVE' | 'IDLE' | 'OFFLINE';
}

export type BusHandler = (message: BusMessage) => void;

export interface SyncBus {
  /** This node's id (presence notes of several nodes are told apart by it). */
  readonly nodeId: string;
  /** What trace spans call this bus (`messaging.system`, `messaging.destination.name`). */
  readonly destination: { system: string; name: string };
  publish(message: BusMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  /** Reports how long other nodes' messages took to arrive (a bus between nodes only). */
  observeLag?(observer: (seconds: number) => void): void;
  close(): Promise<void>;
  /**
   * Rejects while the bus cannot carry messages between nodes (Redis down): /readyz
   * then says 503. Absent: an in-process bus, always able.
   */
  checkReady?(timeoutMs: number): Promise<void>;
}

/** Calls every handler in publish order, each on its own microtask, never inside `publish`. */
export class LocalHandlers {
  private readonly handlers = new Set<BusHandler>();

  add(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  dispatch(message: BusMessage, onError: (error: unknown) => void): void {
    for (const handler of this.handlers) {
      queueMicrotask(() => {
        try {
          handler(message);
        } catch (error) {
          onError(error);
        }
      });
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

/** The embedded default: one process, no network. */
export class InProcessBus implements SyncBus {
  private readonly handlers = new LocalHandlers();
  private closed = false;
  readonly destination = { system: 'in_process', name: 'sync' };

  constructor(
    readonly nodeId = 'local',
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  publish(message: BusMessage): Promise<void> {
    if (!this.closed) this.handlers.dispatch(message, this.onError);
    return Promise.resolve();
  }

  subscribe(handler: BusHandler): () => void {
    return this.handlers.add(handler);
  }

  close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    return Promise.resolve();
  }
}
