/**
 * A value React reads with useSyncExternalStore: each change makes a new
 * snapshot object (so React sees it changed) and tells every subscriber.
 */
export class ExternalStore<T extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(protected view: T) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): T => this.view;

  protected update(change: Partial<T>): void {
    this.view = { ...this.view, ...change };
    for (const listener of this.listeners) listener();
  }
}
