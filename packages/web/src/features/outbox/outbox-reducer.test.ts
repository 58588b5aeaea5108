import { describe, expect, it } from 'vitest';
import {
  OUTBOX_TIMING,
  initialOutboxState,
  queuedDisplay,
  reduceOutbox,
  retryDelayMs,
  type OutboxCommand,
  type OutboxEvent,
  type OutboxState,
} from './outbox-reducer';

const msg = (id: string, text = `text ${id}`) => ({ id, threadId: '31', text });

/** Runs events in order and collects every command they produced. */
function run(
  events: OutboxEvent[],
  from = initialOutboxState(),
): { state: OutboxState; commands: OutboxCommand[] } {
  let state = from;
  const commands: OutboxCommand[] = [];
  for (const event of events) {
    const result = reduceOutbox(state, event);
    state = result.state;
    commands.push(...result.commands);
  }
  return { state, commands };
}

const sends = (commands: OutboxCommand[]) =>
  commands.flatMap((c) => (c.type === 'send' ? [c.message.id] : []));
const statuses = (state: OutboxState) => state.items.map((i) => `${i.id}:${i.status}`);

describe('reduceOutbox', () => {
  it('queues messages typed offline, in order, and sends them one after another when online', () => {
    const offline = run([
      { type: 'enqueued', message: msg('a') },
      { type: 'enqueued', message: msg('b') },
    ]);
    expect(offline.commands).toEqual([]);
    expect(statuses(offline.state)).toEqual(['a:queued', 'b:queued']);
    expect(queuedDisplay(offline.state)).toBe('waiting');

    const online = run([{ type: 'connectivity', online: true }], offline.state);
    // Only the first goes out: the second waits for its answer, so the server orders them as typed.
    expect(sends(online.commands)).toEqual(['a']);
    expect(statuses(online.state)).toEqual(['a:sending', 'b:queued']);
    expect(queuedDisplay(online.state)).toBe('sending');

    const done = run(
      [
        { type: 'sent', id: 'a' },
        { type: 'sent', id: 'b' },
      ],
      online.state,
    );
    expect(sends(done.commands)).toEqual(['b']);
    expect(done.state.items).toEqual([]);
    expect(done.state.flight).toEqual({ status: 'idle' });
  });

  it('sends a message with the entry point its conversation was opened from', () => {
    const { commands } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: { ...msg('a'), entryPoint: 'omnipicker' } },
      { type: 'enqueued', message: msg('b') },
      { type: 'sent', id: 'a' },
    ]);
    expect(commands.flatMap((c) => (c.type === 'send' ? [c.message] : []))).toEqual([
      { ...msg('a'), entryPoint: 'omnipicker' },
      msg('b'),
    ]);
  });

  it('sends at once when online, and ignores the same id enqueued twice', () => {
    const { state, commands } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      { type: 'enqueued', message: msg('a') },
    ]);
    expect(sends(commands)).toEqual(['a']);
    expect(state.items).toHaveLength(1);
  });

  it('retries a network failure with the same id, after the connection comes back', () => {
    const { state, commands } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a', 'hello') },
      { type: 'enqueued', message: msg('b') },
      { type: 'connectivity', online: false },
      // The request that was in flight fails: it goes back to the head of the queue.
      { type: 'send_failed', id: 'a', failure: { kind: 'network' } },
      { type: 'connectivity', online: true },
    ]);
    const sent = commands.filter((c) => c.type === 'send');
    expect(sent).toEqual([
      { type: 'send', message: { id: 'a', threadId: '31', text: 'hello' } },
      { type: 'send', message: { id: 'a', threadId: '31', text: 'hello' } },
    ]);
    expect(statuses(state)).toEqual(['a:sending', 'b:queued']);
  });

  it('backs off after a network failure while it still looks online, and retries the same message', () => {
    const failed = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      { type: 'enqueued', message: msg('b') },
      { type: 'send_failed', id: 'a', failure: { kind: 'network' } },
    ]);
    expect(failed.commands.at(-1)).toEqual({ type: 'schedule_retry', delayMs: retryDelayMs(1) });
    expect(statuses(failed.state)).toEqual(['a:queued', 'b:queued']);
    expect(queuedDisplay(failed.state)).toBe('waiting');

    const again = run(
      [
        { type: 'retry_timer_fired' },
        { type: 'send_failed', id: 'a', failure: { kind: 'network' } },
      ],
      failed.state,
    );
    expect(sends(again.commands)).toEqual(['a']);
    // The backoff grows with consecutive failures of the same head.
    expect(again.commands.at(-1)).toEqual({ type: 'schedule_retry', delayMs: retryDelayMs(2) });
  });

  it('cancels the backoff and sends at once when the connection comes back', () => {
    const { commands } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      { type: 'send_failed', id: 'a', failure: { kind: 'network' } },
      { type: 'connectivity', online: false },
      { type: 'connectivity', online: true },
    ]);
    expect(commands.map((c) => c.type)).toEqual(['send', 'schedule_retry', 'cancel_retry', 'send']);
  });

  it('does not retry a rejection: the message is failed and the next one goes out', () => {
    const { state, commands } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      { type: 'enqueued', message: msg('b') },
      {
        type: 'send_failed',
        id: 'a',
        failure: {
          kind: 'rejected',
          code: 'forbidden',
          message: 'You are not allowed to do this.',
        },
      },
      { type: 'sent', id: 'b' },
    ]);
    expect(sends(commands)).toEqual(['a', 'b']);
    expect(commands.some((c) => c.type === 'schedule_retry')).toBe(false);
    expect(state.items).toEqual([
      {
        ...msg('a'),
        status: 'failed',
        code: 'forbidden',
        message: 'You are not allowed to do this.',
      },
    ]);
    // Going offline and online again does not resend a failed message.
    expect(
      sends(
        run(
          [
            { type: 'connectivity', online: false },
            { type: 'connectivity', online: true },
          ],
          state,
        ).commands,
      ),
    ).toEqual([]);
  });

  it('retries a failed message on request with the same id, behind what is queued', () => {
    const rejected = run([
      { type: 'enqueued', message: msg('a') },
      { type: 'enqueued', message: msg('b') },
      { type: 'connectivity', online: true },
      { type: 'send_failed', id: 'a', failure: { kind: 'rejected', code: 'blocked', message: '' } },
    ]);
    expect(statuses(rejected.state)).toEqual(['a:failed', 'b:sending']);
    const retried = run([{ type: 'retry', id: 'a' }], rejected.state);
    expect(statuses(retried.state)).toEqual(['b:sending', 'a:queued']);
    const after = run([{ type: 'sent', id: 'b' }], retried.state);
    expect(sends(after.commands)).toEqual(['a']);
    expect(after.commands[0]).toEqual({ type: 'send', message: msg('a') });
  });

  it('discards a failed message, never one in flight', () => {
    const { state } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      {
        type: 'send_failed',
        id: 'a',
        failure: { kind: 'rejected', code: 'bad_request', message: '' },
      },
      { type: 'enqueued', message: msg('b') },
      { type: 'discard', id: 'b' },
      { type: 'discard', id: 'a' },
    ]);
    expect(statuses(state)).toEqual(['b:sending']);
  });

  it('gives up on a message after a few transient answers, with the same id each time', () => {
    const events: OutboxEvent[] = [
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
    ];
    for (let i = 1; i < OUTBOX_TIMING.transientAttempts; i += 1) {
      events.push({
        type: 'send_failed',
        id: 'a',
        failure: { kind: 'transient', code: 'http_503' },
      });
      events.push({ type: 'retry_timer_fired' });
    }
    events.push({ type: 'send_failed', id: 'a', failure: { kind: 'transient', code: 'http_503' } });
    const { state, commands } = run(events);
    expect(sends(commands)).toEqual(Array(OUTBOX_TIMING.transientAttempts).fill('a'));
    expect(statuses(state)).toEqual(['a:failed']);
  });

  it('drops a message whose echo arrived before its answer, and lets the line move on', () => {
    const echoed = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      { type: 'enqueued', message: msg('b') },
      // The sync socket brings 'a' (the server stored it) while its request is still open.
      { type: 'echoed', ids: ['a'] },
    ]);
    expect(statuses(echoed.state)).toEqual(['b:queued']);
    expect(sends(echoed.commands)).toEqual(['a']);
    // Its answer (even a failure, the connection dropping) sends nothing again.
    const answer = run(
      [{ type: 'send_failed', id: 'a', failure: { kind: 'network' } }],
      echoed.state,
    );
    expect(sends(answer.commands)).toEqual(['b']);
    expect(statuses(answer.state)).toEqual(['b:sending']);
  });

  it('drops queued messages the store already holds, cancelling a retry waiting for one', () => {
    const { state, commands } = run([
      { type: 'connectivity', online: true },
      { type: 'enqueued', message: msg('a') },
      { type: 'send_failed', id: 'a', failure: { kind: 'network' } },
      { type: 'echoed', ids: ['a', 'unknown'] },
    ]);
    expect(commands.map((c) => c.type)).toEqual(['send', 'schedule_retry', 'cancel_retry']);
    expect(state).toEqual({ items: [], online: true, flight: { status: 'idle' } });
  });

  it('queues again a message that was in flight when the page was reloaded', () => {
    const restored = initialOutboxState([
      { ...msg('a'), status: 'sending' },
      { ...msg('b'), status: 'failed', code: 'forbidden', message: '' },
    ]);
    expect(statuses(restored)).toEqual(['a:queued', 'b:failed']);
    expect(sends(run([{ type: 'connectivity', online: true }], restored).commands)).toEqual(['a']);
  });

  it('grows the retry delay up to a cap', () => {
    expect(retryDelayMs(1)).toBe(OUTBOX_TIMING.retryBaseMs);
    expect(retryDelayMs(2)).toBe(OUTBOX_TIMING.retryBaseMs * 2);
    expect(retryDelayMs(50)).toBe(OUTBOX_TIMING.retryMaxMs);
  });
});
