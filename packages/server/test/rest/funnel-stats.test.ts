import { describe, expect, it } from 'vitest';
import { summarizeFunnel, summarizeFunnels } from '../../src/features/funnels/stats';

const record = (name: string, actions: string[], end_reason = 'explicit') => ({
  name,
  person_id: '1',
  end_reason,
  actions: actions.map((a) => ({ name: a, tag: a === 'result_selected' ? 'page' : null })),
});

describe('funnel stats', () => {
  it('orders the steps of a funnel without a fixed order by how many instances reach them', () => {
    const summary = summarizeFunnel('WWW_MESSENGER_CALL_FUNNEL', [
      record('WWW_MESSENGER_CALL_FUNNEL', ['ring', 'connect', 'ring'], 'explicit'),
      record('WWW_MESSENGER_CALL_FUNNEL', ['ring'], 'session_end'),
      record('WWW_MESSENGER_CALL_FUNNEL', ['ring', 'connect', 'hangup'], 'restart'),
    ]);
    expect(summary).toEqual({
      name: 'WWW_MESSENGER_CALL_FUNNEL',
      started: 3,
      ended: { explicit: 1, timeout: 0, restart: 1, session_end: 1 },
      steps: [
        { action: 'ring', reached: 3, conversion: 1 },
        { action: 'connect', reached: 2, conversion: 2 / 3 },
        { action: 'hangup', reached: 1, conversion: 0.5 },
      ],
    });
  });

  it('gives a conversion of null after a step no one reached, and empty figures for no data', () => {
    const { funnels, search } = summarizeFunnels([
      record('WWW_MESSENGER_SHARE_FUNNEL', ['query_changed', 'result_selected']),
    ]);
    const share = funnels.find((f) => f.name === 'WWW_MESSENGER_SHARE_FUNNEL');
    expect(share?.steps).toEqual([
      { action: 'start', reached: 0, conversion: 1 },
      { action: 'query_changed', reached: 1, conversion: null },
      { action: 'impressions', reached: 0, conversion: 0 },
      { action: 'result_selected', reached: 1, conversion: null },
    ]);
    expect(search).toMatchObject({ sessions: 1, result_types: { page: 1 }, abandoned: 0 });
    const empty = summarizeFunnels([]);
    expect(empty.funnels).toHaveLength(7);
    expect(empty.search).toEqual({
      sessions: 0,
      queries: 0,
      queries_per_session: null,
      result_types: {},
      abandoned: 0,
      abandonment_rate: null,
    });
  });
});
