import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { createFunnelManager, liveFunnel } from './funnel-manager';
import type { FunnelName } from './funnel-registry';
import type { FunnelCommand, FunnelManagerState } from './funnel-types';
import { BROADCAST_SEARCH_FUNNEL, SHARE_FUNNEL, searchFunnelEvents } from './search-funnel';
import type { SearchFunnelHappening } from './search-funnel';

const SEARCH: FunnelName = 'WWW_MESSENGER_SEARCH_FUNNEL';

function harness(name: FunnelName = SEARCH) {
  const clock = manualClock(0);
  let ids = 0;
  const manager = createFunnelManager({ clock, sample: () => 0, newId: () => `i${++ids}` });
  let state: FunnelManagerState = manager.initialState();
  const commands: FunnelCommand[] = [];
  return {
    clock,
    happen(...happenings: SearchFunnelHappening[]) {
      for (const happening of happenings) {
        const result = manager.reduceAll(state, searchFunnelEvents(state, name, happening));
        state = result.state;
        commands.push(...result.commands);
      }
    },
    actions: () => liveFunnel(state, name)?.actions ?? [],
    live: () => liveFunnel(state, name),
    logged: () => commands.flatMap((command) => (command.type === 'log' ? [command.record] : [])),
  };
}

describe('search funnel events', () => {
  it('starts with the entry point tag and a start action', () => {
    const h = harness();
    h.happen({ type: 'start', entryPoint: ['fb_header_dock', 'search'] });
    expect(h.live()?.tags).toEqual(['entrypoint:fb_header_dock:search']);
    expect(h.actions().map((a) => a.name)).toEqual(['start']);
  });

  it('starts without tags when no entry point is known', () => {
    const h = harness();
    h.happen({ type: 'start' });
    expect(h.live()?.tags).toEqual([]);
  });

  it('re-entering from the composer sends reenter instead of a new start', () => {
    const h = harness();
    h.happen({ type: 'start' }, { type: 'start', fromComposer: true });
    expect(h.live()?.instanceId).toBe('i1');
    expect(h.actions().map((a) => a.name)).toEqual(['start', 'reenter']);
    expect(h.logged()).toEqual([]);
  });

  it('re-entering from the composer with no live funnel starts one', () => {
    const h = harness();
    h.happen({ type: 'start', fromComposer: true });
    expect(h.actions().map((a) => a.name)).toEqual(['start']);
  });

  it('a start that is not from the composer restarts the funnel', () => {
    const h = harness();
    h.happen({ type: 'start' }, { type: 'start', fromComposer: false });
    expect(h.live()?.instanceId).toBe('i2');
    expect(h.logged().map((r) => r.end_reason)).toEqual(['restart']);
  });

  it('records each typeahead happening as its seed event', () => {
    const h = harness();
    h.happen(
      { type: 'start' },
      { type: 'query_changed', query: 'ann' },
      {
        type: 'impressions',
        entries: [
          { uniqueID: 'friend:1', type: 'friend' },
          { uniqueID: 'friend:2', type: 'friend' },
          { uniqueID: 'page:3', type: 'page' },
        ],
      },
      { type: 'source_started', source: 'users' },
      { type: 'source_ended', source: 'users', status: 'finished' },
      { type: 'source_ended', source: 'pages', status: 'failed' },
      { type: 'result_selected', uniqueID: 'friend:2', entryType: 'friend', position: 1 },
      { type: 'token_removed', uniqueID: 'friend:2' },
      { type: 'clicked_on_other_thread' },
    );
    expect(h.actions().map(({ name, tag, payload }) => ({ name, tag, payload }))).toEqual([
      { name: 'start', tag: null, payload: null },
      { name: 'query_changed', tag: null, payload: { query_length: 3 } },
      { name: 'impressions', tag: null, payload: { count: 3, friend: 2, page: 1 } },
      { name: 'source_started', tag: 'users', payload: null },
      { name: 'source_ended', tag: 'users', payload: { status: 'finished' } },
      { name: 'source_ended', tag: 'pages', payload: { status: 'failed' } },
      {
        name: 'result_selected',
        tag: 'friend',
        payload: { unique_id: 'friend:2', position: 1 },
      },
      { name: 'token_removed', tag: null, payload: { unique_id: 'friend:2' } },
      { name: 'clicked_on_other_thread', tag: null, payload: null },
    ]);
  });

  it('never logs the query text', () => {
    const h = harness();
    h.happen({ type: 'start' }, { type: 'query_changed', query: 'secret' }, { type: 'end' });
    expect(JSON.stringify(h.logged())).not.toContain('secret');
  });

  it('ends a plain search with an end action and an explicit end', () => {
    const h = harness();
    h.happen({ type: 'start' }, { type: 'end', picked: true });
    const [record] = h.logged();
    expect(record?.end_reason).toBe('explicit');
    expect(record?.actions.map((a) => a.name)).toEqual(['start', 'end']);
  });
});

describe('broadcast search end action', () => {
  const endNames = (h: ReturnType<typeof harness>) =>
    h
      .logged()[0]
      ?.actions.map((a) => a.name)
      .at(-1);

  it('is single_result_selected when a result was picked', () => {
    const h = harness(BROADCAST_SEARCH_FUNNEL);
    h.happen(
      { type: 'start' },
      { type: 'result_selected', uniqueID: 'friend:1', entryType: 'friend', position: 0 },
      { type: 'end' },
    );
    expect(endNames(h)).toBe('single_result_selected');
  });

  it('is abandon when nothing was picked', () => {
    const h = harness(BROADCAST_SEARCH_FUNNEL);
    h.happen({ type: 'start' }, { type: 'query_changed', query: 'a' }, { type: 'end' });
    expect(endNames(h)).toBe('abandon');
  });

  it('follows an explicit picked flag over the recorded actions', () => {
    const picked = harness(BROADCAST_SEARCH_FUNNEL);
    picked.happen({ type: 'start' }, { type: 'end', picked: true });
    expect(endNames(picked)).toBe('single_result_selected');

    const notPicked = harness(BROADCAST_SEARCH_FUNNEL);
    notPicked.happen(
      { type: 'start' },
      { type: 'result_selected', uniqueID: 'friend:1', entryType: 'friend', position: 0 },
      { type: 'end', picked: false },
    );
    expect(endNames(notPicked)).toBe('abandon');
  });

  it('ends a share search the same way, and any other search with a plain end', () => {
    const share = harness(SHARE_FUNNEL);
    share.happen({ type: 'start' }, { type: 'query_changed', query: 'a' }, { type: 'end' });
    expect(endNames(share)).toBe('abandon');
    const sharePicked = harness(SHARE_FUNNEL);
    sharePicked.happen(
      { type: 'start' },
      { type: 'result_selected', uniqueID: 'friend:1', entryType: 'friend', position: 0 },
      { type: 'end' },
    );
    expect(endNames(sharePicked)).toBe('single_result_selected');
    const sidebar = harness();
    sidebar.happen({ type: 'start' }, { type: 'end', picked: false });
    expect(endNames(sidebar)).toBe('end');
  });

  it('yields abandon when the broadcast funnel is not live', () => {
    const manager = createFunnelManager({
      clock: manualClock(),
      sample: () => 0,
      newId: () => 'x',
    });
    expect(
      searchFunnelEvents(manager.initialState(), BROADCAST_SEARCH_FUNNEL, { type: 'end' }),
    ).toEqual([
      { type: 'action', name: BROADCAST_SEARCH_FUNNEL, action: 'abandon' },
      { type: 'end', name: BROADCAST_SEARCH_FUNNEL },
    ]);
  });
});
