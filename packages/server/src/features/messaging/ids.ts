import { randomInt } from 'node:crypto';

/**
 * New thread ids: digit strings like the network's, unique across nodes
 * without asking the database (a snowflake: milliseconds since 2020, ten
 * random bits per process, a per-millisecond counter).
 */
const EPOCH = 1_577_836_800_000n;
const NODE_BITS = BigInt(randomInt(1024));
let lastMs = 0n;
let counter = 0n;

export function newThreadId(now: number): string {
  let ms = BigInt(Math.max(0, Math.floor(now))) - EPOCH;
  if (ms < 0n) ms = 0n;
  if (ms <= lastMs) {
    counter += 1n;
    if (counter >= 4096n) {
      lastMs += 1n;
      counter = 0n;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    counter = 0n;
  }
  return ((ms << 22n) | (NODE_BITS << 12n) | counter).toString();
}

/**
 * Message ids are `mid.<thread>.<seq>`, as the network import writes them:
 * unique because (thread_id, seq_in_thread) is, which is also how a message
 * is found by its id (there is no index on the id; migration 010).
 */
export const messageId = (threadId: string, seq: number): string =>
  `mid.${threadId}.${String(seq)}`;

/** The thread and seq of an id `messageId` makes; null for any other string. */
export function parseMessageId(id: string): { threadId: string; seq: number } | null {
  const dot = id.lastIndexOf('.');
  if (!id.startsWith('mid.') || dot <= 4) return null;
  const seq = Number(id.slice(dot + 1));
  if (!Number.isSafeInteger(seq) || seq < 1) return null;
  const threadId = id.slice(4, dot);
  return messageId(threadId, seq) === id ? { threadId, seq } : null;
}
