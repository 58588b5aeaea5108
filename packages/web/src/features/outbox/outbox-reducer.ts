import type { AttachmentRef, Mention } from '@messenger/core';

/**
 * The outbox as a pure state machine: messages the person sent, in the order
 * they typed them, until the server has stored each. The caller owns the
 * requests and the timer and performs the commands; events report what
 * happened. One request is in flight at a time, so messages reach the server
 * (and get their seq_in_thread) in the order they were typed.
 *
 * Each message keeps the offline_threading_id it was given when typed; every
 * retry sends that same id, and the server stores one message per id.
 */

export interface OutboxMessage {
  /** The offline_threading_id, generated once when the message was typed. */
  id: string;
  threadId: string;
  text: string;
  /** Where the conversation was opened from (analytics/conversation-entry-points), sent with it. */
  entryPoint?: string;
  /** Encrypted images uploaded before the message was queued, with their keys. */
  attachments?: readonly AttachmentRef[];
  /** Typed in a page inbox: the admin answers as this page. */
  asPageId?: string;
  /** The id of the message this one answers. */
  replyTo?: string;
  /** Ranges of the text naming group members. */
  mentions?: readonly Mention[];
}

/** Why the server did not store a message; only `rejected` is final. */
export type SendFailure =
  /** No answer (offline, connection dropped): wait for the connection, then send again. */
  | { kind: 'network' }
  /** The server answered but could not do it now (5xx, rate limit): retry a few times. */
  | { kind: 'transient'; code: string }
  /** The server refused this message (bad_request, forbidden, blocked…): retrying cannot help. */
  | { kind: 'rejected'; code: string; message: string };

export type OutboxItem =
  | (OutboxMessage & { status: 'queued' })
  | (OutboxMessage & { status: 'sending' })
  | (OutboxMessage & { status: 'failed'; code: string; message: string });

/** What the outbox is doing with its head of line. */
export type OutboxFlight =
  | { status: 'idle' }
  | ({ status: 'sending'; id: string } & Attempts)
  /** A request failed without a final answer; a timer (or the connection coming back) retries. */
  | ({ status: 'waiting'; id: string; network: boolean } & Attempts);

/** Failed attempts of the head of line so far: the backoff grows with them. */
export interface Attempts {
  /** Consecutive failures of any kind (the backoff). */
  failures: number;
  /** Of which transient answers of the server (a message gives up after a few). */
  transient: number;
}

const NO_ATTEMPTS: Attempts = { failures: 0, transient: 0 };

export interface OutboxState {
  /** Every unsent message in the order typed (a retried one moves to the end). */
  items: readonly OutboxItem[];
  /** The connection is usable (browser online, sync socket live, a screen that sends is open). */
  online: boolean;
  flight: OutboxFlight;
}

export type OutboxEvent =
  | { type: 'enqueued'; message: OutboxMessage }
  | { type: 'connectivity'; online: boolean }
  | { type: 'sent'; id: string }
  | { type: 'send_failed'; id: string; failure: SendFailure }
  | { type: 'retry_timer_fired' }
  /** The person asks to send a failed message again (same id). */
  | { type: 'retry'; id: string }
  /** The person gives up on a failed message. */
  | { type: 'discard'; id: string }
  /** These messages are already in the store (the sync echo, a refetch): they need no send. */
  | { type: 'echoed'; ids: readonly string[] };

export type OutboxCommand =
  | { type: 'send'; message: OutboxMessage }
  | { type: 'schedule_retry'; delayMs: number }
  | { type: 'cancel_retry' };

export interface OutboxResult {
  state: OutboxState;
  commands: OutboxCommand[];
}

export const OUTBOX_TIMING = {
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
  /** Transient answers (5xx, rate limit) for one message before it is shown as failed. */
  transientAttempts: 5,
} as const;

/** Delay before retry number `failures` (1-based): exponential, capped. */
export function retryDelayMs(failures: number): number {
  return Math.min(
    OUTBOX_TIMING.retryBaseMs * 2 ** Math.max(0, failures - 1),
    OUTBOX_TIMING.retryMaxMs,
  );
}

/**
 * The state after a reload: a message that was in flight may or may not have
 * been stored; it is queued again and its retry (same id) settles which.
 */
export function initialOutboxState(items: readonly OutboxItem[] = []): OutboxState {
  return {
    items: items.map((item) => (item.status === 'sending' ? { ...item, status: 'queued' } : item)),
    online: false,
    flight: { status: 'idle' },
  };
}

const IDLE: OutboxFlight = { status: 'idle' };

function message(item: OutboxItem): OutboxMessage {
  const { id, threadId, text, attachments, entryPoint, replyTo, mentions } = item;
  return {
    id,
    threadId,
    text,
    ...(replyTo === undefined ? {} : { replyTo }),
    ...(mentions === undefined ? {} : { mentions }),
    ...(attachments === undefined ? {} : { attachments }),
    ...(entryPoint === undefined ? {} : { entryPoint }),
  };
}

function setItem(
  items: readonly OutboxItem[],
  id: string,
  next: (item: OutboxItem) => OutboxItem | null,
): readonly OutboxItem[] {
  const result: OutboxItem[] = [];
  for (const item of items) {
    if (item.id !== id) {
      result.push(item);
      continue;
    }
    const replaced = next(item);
    if (replaced !== null) result.push(replaced);
  }
  return result;
}

/**
 * Sends the oldest queued message when nothing is in flight and the connection
 * is usable; `carried` are the failed attempts of a head that is retried.
 */
function pump(
  state: OutboxState,
  commands: OutboxCommand[] = [],
  carried?: { id: string } & Attempts,
): OutboxResult {
  if (!state.online || state.flight.status !== 'idle') return { state, commands };
  const head = state.items.find((item) => item.status === 'queued');
  if (head === undefined) return { state, commands };
  const attempts: Attempts =
    carried?.id === head.id
      ? { failures: carried.failures, transient: carried.transient }
      : NO_ATTEMPTS;
  return {
    state: {
      ...state,
      items: setItem(state.items, head.id, (item) => ({ ...message(item), status: 'sending' })),
      flight: { status: 'sending', id: head.id, ...attempts },
    },
    commands: [...commands, { type: 'send', message: message(head) }],
  };
}

/** The in-flight message's outcome is known (or no longer matters): the line moves on. */
function land(state: OutboxState, items: readonly OutboxItem[]): OutboxResult {
  return pump({ ...state, items, flight: IDLE });
}

export function reduceOutbox(state: OutboxState, event: OutboxEvent): OutboxResult {
  switch (event.type) {
    case 'enqueued':
      if (state.items.some((item) => item.id === event.message.id)) return { state, commands: [] };
      return pump({
        ...state,
        items: [...state.items, { ...event.message, status: 'queued' }],
      });
    case 'connectivity':
      return onConnectivity(state, event.online);
    case 'sent':
      return onSent(state, event.id);
    case 'send_failed':
      return onSendFailed(state, event.id, event.failure);
    case 'retry_timer_fired':
      if (state.flight.status !== 'waiting') return { state, commands: [] };
      return pump({ ...state, flight: IDLE }, [], state.flight);
    case 'retry': {
      const item = state.items.find((candidate) => candidate.id === event.id);
      if (item?.status !== 'failed') return { state, commands: [] };
      // It goes behind what is queued, so the thread shows it where the server will put it.
      const rest = state.items.filter((candidate) => candidate.id !== event.id);
      return pump({ ...state, items: [...rest, { ...message(item), status: 'queued' }] });
    }
    case 'discard': {
      const item = state.items.find((candidate) => candidate.id === event.id);
      // A message in flight may be stored already: it cannot be taken back.
      if (item === undefined || item.status === 'sending') return { state, commands: [] };
      return removed(
        state,
        setItem(state.items, event.id, () => null),
      );
    }
    case 'echoed': {
      const ids = new Set(event.ids);
      if (!state.items.some((item) => ids.has(item.id))) return { state, commands: [] };
      // An in-flight one leaves the list too; its answer, when it comes, only frees the line.
      return removed(
        state,
        state.items.filter((item) => !ids.has(item.id)),
      );
    }
  }
}

/** Messages left the list; a retry waiting for one of them is not needed any more. */
function removed(state: OutboxState, items: readonly OutboxItem[]): OutboxResult {
  const flight = state.flight;
  if (flight.status === 'waiting' && !items.some((item) => item.id === flight.id)) {
    return pump({ ...state, items, flight: IDLE }, [{ type: 'cancel_retry' }]);
  }
  return pump({ ...state, items });
}

function onConnectivity(state: OutboxState, online: boolean): OutboxResult {
  if (online === state.online) return { state, commands: [] };
  if (!online) {
    // A request in flight finishes on its own; a pending retry waits for the connection instead.
    if (state.flight.status === 'waiting') {
      return {
        state: { ...state, online, flight: IDLE },
        commands: [{ type: 'cancel_retry' }],
      };
    }
    return { state: { ...state, online }, commands: [] };
  }
  // Back online: send now rather than at the end of a backoff.
  if (state.flight.status === 'waiting') {
    return pump({ ...state, online, flight: IDLE }, [{ type: 'cancel_retry' }], state.flight);
  }
  return pump({ ...state, online });
}

function onSent(state: OutboxState, id: string): OutboxResult {
  const items = setItem(state.items, id, () => null);
  if (state.flight.status === 'sending' && state.flight.id === id) return land(state, items);
  return { state: { ...state, items }, commands: [] };
}

function onSendFailed(state: OutboxState, id: string, failure: SendFailure): OutboxResult {
  const flight = state.flight;
  if (flight.status !== 'sending' || flight.id !== id) return { state, commands: [] };
  const item = state.items.find((candidate) => candidate.id === id);
  // Echoed (or discarded) while in flight: the server has it, nothing to retry.
  if (item === undefined) return land(state, state.items);
  switch (failure.kind) {
    case 'rejected':
      return land(
        state,
        setItem(state.items, id, (current) => ({
          ...message(current),
          status: 'failed',
          code: failure.code,
          message: failure.message,
        })),
      );
    case 'transient': {
      const attempts = { failures: flight.failures + 1, transient: flight.transient + 1 };
      if (attempts.transient >= OUTBOX_TIMING.transientAttempts) {
        return land(
          state,
          setItem(state.items, id, (current) => ({
            ...message(current),
            status: 'failed',
            code: failure.code,
            message: '',
          })),
        );
      }
      return wait(state, id, attempts, false);
    }
    case 'network':
      return wait(state, id, { failures: flight.failures + 1, transient: flight.transient }, true);
  }
}

/** Puts the head back in the queue (in its place) and retries after a backoff. */
function wait(state: OutboxState, id: string, attempts: Attempts, network: boolean): OutboxResult {
  const items = setItem(state.items, id, (current) => ({ ...message(current), status: 'queued' }));
  // Offline already: the connection coming back sends it, no timer needed.
  if (!state.online) return { state: { ...state, items, flight: IDLE }, commands: [] };
  return {
    state: { ...state, items, flight: { status: 'waiting', id, network, ...attempts } },
    commands: [{ type: 'schedule_retry', delayMs: retryDelayMs(attempts.failures) }],
  };
}

/** What a queued message's row says: it goes out now, or it waits for the connection. */
export function queuedDisplay(state: OutboxState): 'sending' | 'waiting' {
  if (!state.online) return 'waiting';
  if (state.flight.status === 'waiting' && state.flight.network) return 'waiting';
  return 'sending';
}
