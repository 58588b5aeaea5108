/**
 * The count of unread conversations for screens that do not load the thread
 * list themselves (the host page): a lazily loaded part that reads the
 * threads publishes it, the screen's title reads it. One per login (session
 * services), so a new login starts from 0.
 */
export class UnreadCount {
  private count = 0;
  private readonly listeners = new Set<() => void>();

  publish(count: number): void {
    if (count === this.count) return;
    this.count = count;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): number => this.count;
}
