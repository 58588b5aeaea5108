import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../http/api';
import { renderWithIntl } from '../../test/render';
import { Outbox, usePendingRows, type Connectivity } from './outbox';
import type { OutboxItem, OutboxMessage } from './outbox-reducer';
import { outboxStorageKey, parseStoredOutbox, type OutboxStorage } from './outbox-storage';
import { PendingMessage } from './PendingMessage';
import { classifySendError, type SendResult } from './send-message';

/** A server that answers when the test says so. */
function fakeServer() {
  const requests: { message: OutboxMessage; answer: (result: SendResult) => void }[] = [];
  return {
    requests,
    send: (message: OutboxMessage) =>
      new Promise<SendResult>((resolve) => {
        requests.push({ message, answer: resolve });
      }),
  };
}

function fakeConnectivity(online: boolean) {
  const listeners = new Set<() => void>();
  const connectivity: Connectivity & { set: (value: boolean) => void } = {
    isOnline: () => online,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (value) => {
      online = value;
      for (const listener of listeners) listener();
    },
  };
  return connectivity;
}

function memoryStorage(initial: OutboxItem[] = []) {
  let saved = JSON.stringify(initial);
  const storage: OutboxStorage & { raw: () => string } = {
    load: () => parseStoredOutbox(saved),
    save: (items) => {
      saved = JSON.stringify(items);
    },
    raw: () => saved,
  };
  return storage;
}

function fakeTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimer: (fn: () => void) => {
      pending.set(next, fn);
      return next++;
    },
    clearTimer: (handle: unknown) => {
      pending.delete(handle as number);
    },
    fireAll: () => {
      const fns = [...pending.values()];
      pending.clear();
      for (const fn of fns) fn();
    },
    count: () => pending.size,
  };
}

const flush = () => act(() => Promise.resolve());

function setup({ online = false, stored = [] as OutboxItem[] } = {}) {
  const server = fakeServer();
  const connectivity = fakeConnectivity(online);
  const storage = memoryStorage(stored);
  const timers = fakeTimers();
  const outbox = new Outbox({ send: server.send, storage, connectivity, ...timers });
  return { outbox, server, connectivity, storage, timers };
}

const msg = (id: string) => ({ id, threadId: '31', text: `text ${id}` });

describe('Outbox', () => {
  it('keeps messages typed offline in storage and sends them in order when back online', async () => {
    const { outbox, server, connectivity, storage } = setup();
    const detach = outbox.attach();
    outbox.enqueue(msg('a'));
    outbox.enqueue(msg('b'));
    expect(server.requests).toHaveLength(0);
    expect(parseStoredOutbox(storage.raw()).map((i) => i.id)).toEqual(['a', 'b']);

    connectivity.set(true);
    expect(server.requests.map((r) => r.message.id)).toEqual(['a']);
    server.requests[0]?.answer({ ok: true });
    await flush();
    expect(server.requests.map((r) => r.message.id)).toEqual(['a', 'b']);
    server.requests[1]?.answer({ ok: true });
    await flush();
    expect(outbox.getState().items).toEqual([]);
    expect(parseStoredOutbox(storage.raw())).toEqual([]);
    detach();
  });

  it('retries with the same id after a network failure, on its timer', async () => {
    const { outbox, server, timers } = setup({ online: true });
    outbox.attach();
    outbox.enqueue(msg('a'));
    server.requests[0]?.answer({ ok: false, failure: { kind: 'network' } });
    await flush();
    expect(timers.count()).toBe(1);
    timers.fireAll();
    expect(server.requests.map((r) => r.message)).toEqual([msg('a'), msg('a')]);
  });

  it('sends nothing while no screen is attached (after a sign-out), and picks up a stored queue', () => {
    const stored: OutboxItem[] = [{ ...msg('a'), status: 'sending' }];
    const { outbox, server } = setup({ online: true, stored });
    expect(outbox.getState().items).toEqual([{ ...msg('a'), status: 'queued' }]);
    expect(server.requests).toHaveLength(0);
    const detach = outbox.attach();
    expect(server.requests.map((r) => r.message.id)).toEqual(['a']);
    detach();
    outbox.enqueue(msg('b'));
    expect(server.requests).toHaveLength(1);
  });
});

/** Lets a test say what the store holds, as the sync echo would. */
let holdInStore: (ids: string[]) => void = () => undefined;

function Thread({ outbox }: { outbox: Outbox }): ReactNode {
  const [held, setHeld] = useState<ReadonlySet<string>>(() => new Set());
  holdInStore = (ids) => {
    setHeld(new Set(ids));
  };
  const rows = usePendingRows(outbox, '31', held);
  return (
    <div role="list">
      {rows.map((row) => (
        <div role="listitem" key={row.item.id}>
          <PendingMessage row={row} outbox={outbox} />
        </div>
      ))}
    </div>
  );
}

describe('pending rows', () => {
  it('show where each message is, and vanish once the store holds the message', async () => {
    const { outbox, server, connectivity } = setup();
    outbox.attach();
    outbox.enqueue(msg('a'));
    outbox.enqueue(msg('b'));
    outbox.enqueue({ id: 'c', threadId: 'other', text: 'elsewhere' });
    renderWithIntl(<Thread outbox={outbox} />);
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Youtext aWaiting for connection',
      'Youtext bWaiting for connection',
    ]);

    act(() => {
      connectivity.set(true);
    });
    expect(screen.getAllByText('Sending…')).toHaveLength(2);

    // The sync echo of 'a' reaches the store before the mutation's answer.
    act(() => {
      holdInStore(['a']);
    });
    await flush();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(outbox.getState().items.map((i) => i.id)).toEqual(['b', 'c']);
    act(() => {
      server.requests[0]?.answer({ ok: true });
    });
    await flush();
    expect(server.requests.map((r) => r.message.id)).toEqual(['a', 'b']);
  });

  it('offers to try a rejected message again (same id) or to discard it', async () => {
    const { outbox, server } = setup({ online: true });
    outbox.attach();
    outbox.enqueue(msg('a'));
    renderWithIntl(<Thread outbox={outbox} />);
    act(() => {
      server.requests[0]?.answer({
        ok: false,
        failure: { kind: 'rejected', code: 'forbidden', message: 'No.' },
      });
    });
    await flush();
    expect(screen.getByText('Not sent')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(server.requests.map((r) => r.message)).toEqual([msg('a'), msg('a')]);
    act(() => {
      server.requests[1]?.answer({
        ok: false,
        failure: { kind: 'rejected', code: 'forbidden', message: 'No.' },
      });
    });
    await flush();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(outbox.getState().items).toEqual([]);
  });
});

describe('classifySendError', () => {
  it('waits for the connection on no answer, retries a busy server, gives up on a refusal', () => {
    expect(classifySendError(new NetworkError(new TypeError('Failed to fetch')))).toEqual({
      kind: 'network',
    });
    expect(classifySendError(new ApiError(503, 'http_error', 'Service Unavailable'))).toEqual({
      kind: 'transient',
      code: 'http_error',
    });
    expect(classifySendError(new ApiError(429, 'rate_limited', 'Slow down'))).toMatchObject({
      kind: 'transient',
    });
    const relayError = Object.assign(new Error('No data returned'), {
      source: {
        errors: [{ message: 'You are not allowed to do this.', extensions: { code: 'forbidden' } }],
      },
    });
    expect(classifySendError(relayError)).toEqual({
      kind: 'rejected',
      code: 'forbidden',
      message: 'You are not allowed to do this.',
    });
    const masked = Object.assign(new Error('x'), {
      source: { errors: [{ message: 'Unexpected error.' }] },
    });
    expect(classifySendError(masked)).toEqual({ kind: 'transient', code: 'internal' });
    const signedOut = Object.assign(new Error('x'), {
      source: { errors: [{ message: 'Log in', extensions: { code: 'unauthenticated' } }] },
    });
    expect(classifySendError(signedOut)).toEqual({ kind: 'network' });
  });
});

describe('stored outbox', () => {
  it('is read back defensively, one key per person', () => {
    expect(outboxStorageKey('11')).not.toBe(outboxStorageKey('12'));
    expect(parseStoredOutbox(null)).toEqual([]);
    expect(parseStoredOutbox('not json')).toEqual([]);
    expect(parseStoredOutbox('{"id":"a"}')).toEqual([]);
    expect(
      parseStoredOutbox(
        JSON.stringify([
          { id: 'a', threadId: '31', text: 'x', status: 'sending' },
          { id: 'b', threadId: '31', text: 'y', status: 'failed', code: 'forbidden' },
          { id: 3, threadId: '31', text: 'z' },
        ]),
      ),
    ).toEqual([
      { id: 'a', threadId: '31', text: 'x', status: 'queued' },
      { id: 'b', threadId: '31', text: 'y', status: 'failed', code: 'forbidden', message: '' },
    ]);
  });
});
