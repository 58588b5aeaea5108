import type { BusHandler, BusMessage, SyncBus } from '../../context';

// The bus protocol lives in context.ts, which holds the runtime's bus; the buses here implement it.
export type { BusHandler, BusMessage, PresenceReport, SyncBus } from '../../context';

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
