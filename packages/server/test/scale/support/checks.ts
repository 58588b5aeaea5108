import { expect } from 'vitest';
import type { SyncClient } from '../../sync/support/socket';

/** Polls `condition` until it holds, or fails with `describe()` after `timeoutMs`. */
export async function until(
  condition: () => boolean,
  describe: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Ids of the messages that reached these sockets as `message_new`, in arrival order. */
export function receivedMessageIds(clients: readonly SyncClient[]): string[] {
  return clients.flatMap((c) => c.deltas('message_new').map((d) => d.message.id));
}

/**
 * One user's sockets in turn (each resumed from the last one's seq): together
 * their deltas must be the user's log from seq 1 with no gap and no repeat.
 */
export function expectSeamlessLog(clients: readonly SyncClient[]): void {
  const seqs = clients.flatMap((c) => c.deltaFrames().map((f) => f.seq));
  expect(seqs.length).toBeGreaterThan(0);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  for (const client of clients) {
    expect(client.frames.filter((f) => f.type === 'resync_required')).toEqual([]);
  }
}

/** Every id exactly once, nothing else. */
export function expectExactlyOnce(received: readonly string[], expected: Iterable<string>): void {
  const want = [...new Set(expected)].sort();
  expect([...received].sort()).toEqual(want);
}
