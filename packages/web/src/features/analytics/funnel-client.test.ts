import { funnelLogBatchSchema, type FunnelLogBatch } from '@messenger/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFunnelClient, type FunnelClient } from './funnel-client';
import { FUNNEL_QUEUE, PermanentSendError, type FunnelTransport } from './funnel-queue';
import { createSearchFunnel } from './use-search-funnel';

/** A transport that records what reached it; `failures` sends fail first. */
function recordingTransport(failures = 0) {
  const sent: FunnelLogBatch[] = [];
  const beacons: FunnelLogBatch[] = [];
  let failing = failures;
  const transport: FunnelTransport = {
    send(batch) {
      // What leaves must pass the server's own schema.
      funnelLogBatchSchema.parse(batch);
      sent.push(batch);
      if (failing > 0) {
        failing -= 1;
        return Promise.reject(new Error('network down'));
      }
      return Promise.resolve();
    },
    beacon(batch) {
      funnelLogBatchSchema.parse(batch);
      beacons.push(batch);
      return true;
    },
  };
  return { transport, sent, beacons };
}

let page: EventTarget;
let clients: FunnelClient[] = [];

function client(transport: FunnelTransport, random = 0, trackFocus = false) {
  let id = 0;
  const made = createFunnelClient({
    transport,
    random: () => random,
    now: () => Date.now(),
    newId: () => `id-${String((id += 1)).padStart(6, '0')}`,
    page,
    document: null,
    trackFocus,
  });
  clients.push(made);
  return made;
}

const names = (batch: FunnelLogBatch | undefined, i = 0) =>
  batch?.records[i]?.actions.map((a) => a.name);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 22) });
  page = new EventTarget();
});
afterEach(() => {
  for (const made of clients) made.dispose();
  clients = [];
  vi.useRealTimers();
});

describe('funnel client', () => {
  it('sends a search that selected a result as one record, in order, after the batch delay', async () => {
    const { transport, sent } = recordingTransport();
    const funnels = client(transport);
    const search = createSearchFunnel(funnels, 'omnipicker');
    search.queryChanged('An');
    search.sourceStarted('server');
    search.sourceEnded('server', 'finished');
    search.impressions([{ uniqueID: 'user:1', type: 'friend' }]);
    search.resultSelected({ uniqueID: 'user:1', type: 'friend' }, 0);
    search.end();
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(sent).toHaveLength(1);
    expect(names(sent[0])).toEqual([
      'start',
      'query_changed',
      'source_started',
      'source_ended',
      'impressions',
      'result_selected',
      'end',
    ]);
    expect(sent[0]?.records[0]).toMatchObject({
      name: 'WWW_MESSENGER_OMNIPICKER_FUNNEL',
      tags: ['entrypoint:omnipicker'],
      end_reason: 'explicit',
    });
  });

  it('logs nothing for a funnel that was not sampled in', async () => {
    const { transport, sent, beacons } = recordingTransport();
    // The sidebar's search funnel is sampled at 0.5; 0.9 is out.
    const search = createSearchFunnel(client(transport, 0.9), 'sidebar');
    search.queryChanged('An');
    search.resultSelected({ uniqueID: 'user:1', type: 'friend' }, 0);
    search.end();
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.reliabilityFlushMs);
    page.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
    expect(beacons).toEqual([]);
  });

  it('ends a funnel left open with the timeout reason once its timeout passes', async () => {
    const { transport, sent } = recordingTransport();
    const search = createSearchFunnel(client(transport), 'omnipicker');
    search.queryChanged('An');
    await vi.advanceTimersByTimeAsync(600_000 - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + FUNNEL_QUEUE.batchDelayMs);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.records[0]?.end_reason).toBe('timeout');
    expect(names(sent[0])).toEqual(['start', 'query_changed']);
  });

  it('retries a failed batch with the same batch id and loses nothing', async () => {
    const { transport, sent } = recordingTransport(2);
    const funnels = client(transport);
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    funnels.dispatch({ type: 'end', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(sent).toHaveLength(1);
    // Logged while the first batch waits for its retry: it goes in a batch of its own.
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_CALL_FUNNEL' });
    funnels.dispatch({ type: 'end', name: 'WWW_MESSENGER_CALL_FUNNEL' });
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.retryBaseMs);
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.retryBaseMs * 2);
    expect(sent.map((b) => b.batch_id)).toEqual([
      sent[0]?.batch_id,
      sent[0]?.batch_id,
      sent[0]?.batch_id,
      sent[3]?.batch_id,
    ]);
    expect(sent[3]?.batch_id).not.toBe(sent[0]?.batch_id);
    expect(sent.slice(2).flatMap((b) => b.records.map((r) => r.name))).toEqual([
      'WWW_MESSENGER_SHARE_FUNNEL',
      'WWW_MESSENGER_CALL_FUNNEL',
    ]);
    expect(funnels.pendingCount()).toBe(0);
  });

  it('drops a batch the server refuses as malformed instead of blocking the rest', async () => {
    const sent: string[] = [];
    const funnels = client({
      send(batch) {
        sent.push(batch.batch_id);
        return sent.length === 1
          ? Promise.reject(new PermanentSendError('bad'))
          : Promise.resolve();
      },
      beacon: () => true,
    });
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    funnels.dispatch({ type: 'end', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    funnels.dispatch({ type: 'end', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(sent).toHaveLength(2);
    expect(funnels.pendingCount()).toBe(0);
  });

  it('on page hide ends live funnels with session_end and beacons everything held', async () => {
    const { transport, sent, beacons } = recordingTransport(1);
    const funnels = client(transport);
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    funnels.dispatch({ type: 'end', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(sent).toHaveLength(1); // failed, waiting for its retry
    createSearchFunnel(funnels, 'omnipicker').queryChanged('Bo');
    page.dispatchEvent(new Event('pagehide'));
    // The failed batch keeps its id; the funnel still open went out as session_end.
    expect(beacons.map((b) => b.batch_id)).toEqual([sent[0]?.batch_id, beacons[1]?.batch_id]);
    expect(beacons[1]?.records.map((r) => [r.name, r.end_reason])).toEqual([
      ['WWW_MESSENGER_OMNIPICKER_FUNNEL', 'session_end'],
    ]);
    expect(funnels.pendingCount()).toBe(0);
    expect(funnels.state()).toEqual({ status: 'closed' });
  });

  it('sends the reliability flush for what is held even when no retry is due', async () => {
    let accept = false;
    const sent: string[] = [];
    const funnels = client({
      send(batch) {
        sent.push(batch.batch_id);
        return accept ? Promise.resolve() : Promise.reject(new Error('down'));
      },
      beacon: () => false,
    });
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    funnels.dispatch({ type: 'end', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.reliabilityFlushMs - 1_000);
    accept = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(funnels.pendingCount()).toBe(0);
    expect(new Set(sent).size).toBe(1);
  });

  it('a cancelled search is dropped without logging, and the next one starts afresh', async () => {
    const { transport, sent } = recordingTransport();
    const search = createSearchFunnel(client(transport), 'omnipicker');
    search.queryChanged('Ab');
    search.cancel();
    expect(search.isOpen()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000 + FUNNEL_QUEUE.batchDelayMs);
    expect(sent).toEqual([]);
    search.queryChanged('Cd');
    search.end();
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(names(sent[0])).toEqual(['start', 'query_changed', 'end']);
  });

  it('records blur and focus only while focus tracking is on', () => {
    const funnels = client(recordingTransport().transport);
    funnels.dispatch({ type: 'start', name: 'WWW_MESSENGER_SHARE_FUNNEL' });
    page.dispatchEvent(new Event('blur'));
    funnels.setFocusTracking(true);
    page.dispatchEvent(new Event('blur'));
    page.dispatchEvent(new Event('focus'));
    const state = funnels.state();
    const live = state.status === 'open' ? state.funnels.WWW_MESSENGER_SHARE_FUNNEL : undefined;
    expect(live?.actions.map((a) => a.name)).toEqual(['window_blur', 'window_focus']);
  });

  it('throws the seed violation for an unregistered funnel name', () => {
    const funnels = client(recordingTransport().transport);
    expect(() => {
      funnels.dispatch({ type: 'start', name: 'WWW_NOPE' });
    }).toThrow('Funnel name not registered.');
  });
});

describe('search funnel on the broadcast surface', () => {
  it('ends an abandoned search with abandon', async () => {
    const { transport, sent } = recordingTransport();
    const search = createSearchFunnel(client(transport), 'broadcast');
    search.queryChanged('Zz');
    search.impressions([]);
    search.end();
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(sent[0]?.records[0]?.name).toBe('WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL');
    expect(names(sent[0])).toEqual(['start', 'query_changed', 'impressions', 'abandon']);
  });

  it('ends with single_result_selected once something was picked, and logs token removal', async () => {
    const { transport, sent } = recordingTransport();
    const search = createSearchFunnel(client(transport), 'broadcast');
    const entry = {
      uniqueID: 'user:5',
      order: 0,
      title: 'Someone',
      subtitle: null,
      keywordString: 'someone',
      type: 'friend' as const,
      photo: null,
      uri: null,
      auxiliaryData: {},
    };
    const state = { tokens: [], original: [], input: 'So' };
    search.tokenizerEvent(state, { type: 'select', entry }, [entry]);
    search.tokenizerEvent({ ...state, tokens: [entry], input: '' }, { type: 'backspace' }, []);
    search.end();
    await vi.advanceTimersByTimeAsync(FUNNEL_QUEUE.batchDelayMs);
    expect(names(sent[0])).toEqual([
      'start',
      'result_selected',
      'token_removed',
      'single_result_selected',
    ]);
    expect(sent[0]?.records[0]?.actions[1]).toMatchObject({
      tag: 'friend',
      payload: { unique_id: 'user:5', position: 0 },
    });
  });
});
