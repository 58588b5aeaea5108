import { describe, expect, it } from 'vitest';
import { createTypeahead, type TypeaheadConfig } from './reducer';
import {
  queryStatus,
  serverEntries,
  sourcesOf,
  type TypeaheadEvent,
  type TypeaheadState,
} from './state';
import { TYPEAHEAD } from '../constants';
import type { EntryType, SearchEntry } from '../search/types';

const entry = (type: EntryType, id: number): SearchEntry => ({
  uniqueID: `${type}:${id}`,
  order: id,
  title: `${type} ${id}`,
  subtitle: null,
  keywordString: '',
  type,
  photo: null,
  uri: null,
  auxiliaryData: {},
});
const user = entry('friend', 1);
const page = entry('page', 2);

function setup(overrides: Partial<TypeaheadConfig> = {}) {
  const model = createTypeahead({
    sources: ['users', 'pages'],
    rankLocal: () => [],
    ...overrides,
  });
  const run = (state: TypeaheadState, ...events: TypeaheadEvent[]) =>
    events.reduce((current, event) => model.reduce(current, event).state, state);
  const searching = run(
    model.initialState(),
    { type: 'query_changed', query: 'an' },
    { type: 'debounce_fired', query: 'an' },
  );
  return { model, run, searching };
}

const fail = (sourceId: string, query = 'an'): TypeaheadEvent => ({
  type: 'source_failed',
  sourceId,
  query,
});
const retry = (sourceId: string, query = 'an'): TypeaheadEvent => ({
  type: 'retry_fired',
  sourceId,
  query,
});

describe('typeahead sources: responses', () => {
  it('stays ACTIVE until every source is done, then COMPLETE', () => {
    const { model, run, searching } = setup();
    expect(queryStatus(searching)).toBe('ACTIVE');
    const first = model.reduce(searching, {
      type: 'source_response',
      sourceId: 'users',
      query: 'an',
      entries: [user],
    });
    expect(first.state.status).toBe('active');
    expect(queryStatus(first.state)).toBe('ACTIVE');
    expect(first.commands).toEqual([
      {
        type: 'emit_funnel_event',
        event: { name: 'source_ended', sourceId: 'users', query: 'an', status: 'finished' },
      },
    ]);
    const both = run(first.state, {
      type: 'source_response',
      sourceId: 'pages',
      query: 'an',
      entries: [page],
    });
    expect(both.status).toBe('complete');
    expect(queryStatus(both)).toBe('COMPLETE');
    expect(serverEntries(both)).toEqual([user, page]);
  });

  it('orders server results by the configured source order, not arrival', () => {
    const { run, searching } = setup();
    const state = run(
      searching,
      { type: 'source_response', sourceId: 'pages', query: 'an', entries: [page] },
      { type: 'source_response', sourceId: 'users', query: 'an', entries: [user] },
    );
    expect(serverEntries(state)).toEqual([user, page]);
  });

  it('ignores a stale response for another query', () => {
    const { model, run, searching } = setup();
    const stale = model.reduce(searching, {
      type: 'source_response',
      sourceId: 'users',
      query: 'a',
      entries: [user],
    });
    expect(stale).toEqual({ state: searching, commands: [] });

    const moved = run(
      searching,
      { type: 'query_changed', query: 'ann' },
      { type: 'debounce_fired', query: 'ann' },
    );
    const late = model.reduce(moved, {
      type: 'source_response',
      sourceId: 'users',
      query: 'an',
      entries: [user],
    });
    expect(late.state).toBe(moved);
    expect(serverEntries(late.state)).toEqual([]);
  });

  it('ignores responses from unknown sources, repeats, and outside a search', () => {
    const { model, run, searching } = setup();
    const respond = (sourceId: string, query = 'an'): TypeaheadEvent => ({
      type: 'source_response',
      sourceId,
      query,
      entries: [user],
    });
    expect(model.reduce(searching, respond('messages')).state).toBe(searching);
    const once = run(searching, respond('users'));
    expect(model.reduce(once, respond('users')).state).toBe(once);
    const idle = model.initialState();
    expect(model.reduce(idle, respond('users', '')).state).toBe(idle);
  });

  it('keeps 5 of 6 pages in a response', () => {
    const { run, searching } = setup();
    const pages = Array.from({ length: 6 }, (_, i) => entry('page', i + 1));
    const state = run(searching, {
      type: 'source_response',
      sourceId: 'pages',
      query: 'an',
      entries: pages,
    });
    expect(serverEntries(state)).toEqual(pages.slice(0, 5));
  });
});

describe('typeahead sources: retries', () => {
  it('retries a failure after the base delay, then doubles the delay', () => {
    const { model, run, searching } = setup();
    const failed = model.reduce(searching, fail('users'));
    expect(failed.commands).toEqual([
      {
        type: 'schedule_retry',
        sourceId: 'users',
        query: 'an',
        attempt: 2,
        delayMs: TYPEAHEAD.retryBaseDelayMs,
      },
    ]);
    expect(queryStatus(failed.state)).toBe('ACTIVE');
    const refetch = model.reduce(failed.state, retry('users'));
    expect(refetch.commands).toEqual([
      { type: 'fetch_source', sourceId: 'users', query: 'an', attempt: 2 },
    ]);
    const again = model.reduce(refetch.state, fail('users'));
    expect(again.commands).toEqual([
      expect.objectContaining({ attempt: 3, delayMs: TYPEAHEAD.retryBaseDelayMs * 2 }),
    ]);
    expect(
      run(again.state, retry('users'), {
        type: 'source_response',
        sourceId: 'users',
        query: 'an',
        entries: [user],
      }).status,
    ).toBe('active');
  });

  it('retries up to the limit, then delivers the source empty and complete', () => {
    const { model, run, searching } = setup({ sources: ['workchat'] });
    const limit = TYPEAHEAD.serverRetryLimit;
    let state = searching;
    for (let i = 0; i < limit; i += 1) state = run(state, fail('workchat'), retry('workchat'));
    // Every retry is used: the last allowed attempt is pending.
    expect(sourcesOf(state)).toEqual([{ id: 'workchat', status: 'pending', attempt: limit + 1 }]);

    const exhausted = model.reduce(state, fail('workchat'));
    expect(exhausted.state.status).toBe('complete');
    expect(sourcesOf(exhausted.state)).toEqual([
      { id: 'workchat', status: 'done', entries: [], failed: true },
    ]);
    expect(exhausted.commands).toEqual([
      {
        type: 'emit_funnel_event',
        event: { name: 'source_ended', sourceId: 'workchat', query: 'an', status: 'failed' },
      },
    ]);
  });

  it('schedules the last allowed retry at the limit boundary', () => {
    const { model, run, searching } = setup({ sources: ['workchat'], retryLimit: 1 });
    const first = model.reduce(searching, fail('workchat'));
    expect(first.commands[0]).toMatchObject({ type: 'schedule_retry', attempt: 2 });
    const second = model.reduce(run(first.state, retry('workchat')), fail('workchat'));
    expect(second.state.status).toBe('complete');
  });

  it('delivers empty at once with a limit of 0, keeping other sources', () => {
    const { run, searching } = setup({ retryLimit: 0 });
    const state = run(
      searching,
      { type: 'source_response', sourceId: 'pages', query: 'an', entries: [page] },
      fail('users'),
    );
    expect(state.status).toBe('complete');
    expect(serverEntries(state)).toEqual([page]);
  });

  it('uses the configured backoff', () => {
    const { model, searching } = setup({ backoff: { baseMs: 10, maxMs: 15 } });
    expect(model.reduce(searching, fail('users')).commands[0]).toMatchObject({ delayMs: 10 });
  });

  it('ignores stale and out-of-step failures and retry timers', () => {
    const { model, run, searching } = setup();
    expect(model.reduce(searching, fail('users', 'a')).state).toBe(searching);
    expect(model.reduce(searching, retry('users')).state).toBe(searching);
    const waiting = run(searching, fail('users'));
    expect(model.reduce(waiting, fail('users')).state).toBe(waiting);
    expect(model.reduce(waiting, retry('users', 'a')).state).toBe(waiting);
    const moved = run(waiting, { type: 'query_changed', query: 'ann' });
    expect(model.reduce(moved, retry('users')).commands).toEqual([]);
  });
});
