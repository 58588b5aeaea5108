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

/** Message ids are `mid.<thread>.<seq>`, as the network import writes them. */
export const messageId = (threadId: string, seq: number): string =>
  `mid.${threadId}.${String(seq)}`;
