import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, get, post, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();
const LOG = '/ajax/funnel_analytics/log/';
const BEACON = '/ajax/funnel_analytics/beacon/';
const STATS = '/staff/funnels/stats';
const DAY = Date.UTC(2026, 10, 20);
/** Beacon records land on another day, out of the dashboard test's range. */
const OTHER_DAY = Date.UTC(2026, 9, 1);

const search = (
  instance: string,
  actions: { name: string; tag?: string }[],
  endReason = 'explicit',
  startTime = DAY + 3_600_000,
) => ({
  name: 'WWW_MESSENGER_OMNIPICKER_FUNNEL',
  instance_id: instance,
  start_time: startTime,
  tags: ['entrypoint:omnipicker'],
  actions: actions.map((a, i) => ({ ...a, relative_time: i * 10 })),
  sampling_rate: 1,
  timeout_sec: 600,
  end_reason: endReason,
});

describe.each(dialects)('funnel beacon, dashboard and promotions on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect);
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('takes a page-hide beacon with the CSRF token in a text/plain body, once per batch id', async () => {
    const batch = {
      batch_id: 'beacon-batch-1',
      records: [search('b1', [{ name: 'start' }], 'explicit', OTHER_DAY)],
    };
    const body = JSON.stringify({ ...batch, csrf_token: f.sessions.ordinary.csrf });
    const headers = { 'content-type': 'text/plain;charset=UTF-8', 'x-csrf-token': '' };
    const before = await countRows(f.db, 'funnel_logs');
    const first = await post(f, 'ordinary', BEACON, body, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, stored: 1, duplicate: false });
    // The same batch by fetch (its answer lost, say) and by beacon again: stored once.
    expect((await post(f, 'ordinary', LOG, batch)).json()).toMatchObject({ duplicate: true });
    expect((await post(f, 'ordinary', BEACON, body, headers)).json()).toMatchObject({
      stored: 0,
      duplicate: true,
    });
    expect(await countRows(f.db, 'funnel_logs')).toBe(before + 1);
  });

  it('refuses a beacon without the right body token, and an unregistered name', async () => {
    const headers = { 'content-type': 'text/plain', 'x-csrf-token': '' };
    const batch = { batch_id: 'beacon-batch-2', records: [search('b2', [])] };
    const forged = await post(f, 'ordinary', BEACON, JSON.stringify(batch), headers);
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).code).toBe('csrf');
    const wrong = JSON.stringify({ ...batch, csrf_token: f.sessions.work.csrf });
    expect((await post(f, 'ordinary', BEACON, wrong, headers)).statusCode).toBe(403);
    const unregistered = JSON.stringify({
      batch_id: 'beacon-batch-3',
      records: [{ ...search('b3', []), name: 'WWW_NOT_A_FUNNEL' }],
      csrf_token: f.sessions.ordinary.csrf,
    });
    const refused = await post(f, 'ordinary', BEACON, unregistered, headers);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'funnel_not_registered',
      field: 'records[0].name',
      message: 'Funnel name not registered.',
    });
    const notJson = await post(f, 'ordinary', BEACON, '{', headers);
    expect(notJson.statusCode).toBe(400);
    expect(await post(f, null, BEACON, JSON.stringify(batch), headers)).toMatchObject({
      statusCode: 401,
    });
  });

  it('gives staff the funnel summary for a date range and refuses everyone else', async () => {
    const stored = await post(f, 'work', LOG, {
      batch_id: 'dashboard-batch-1',
      records: [
        search('d1', [
          { name: 'start' },
          { name: 'query_changed' },
          { name: 'query_changed' },
          { name: 'impressions' },
          { name: 'result_selected', tag: 'friend' },
          { name: 'end' },
        ]),
        search('d2', [{ name: 'start' }, { name: 'query_changed' }, { name: 'end' }], 'timeout'),
      ],
    });
    expect(stored.statusCode).toBe(200);
    for (const who of ['ordinary', 'work', 'reporter'] as const) {
      const refused = await get(f, who, `${STATS}?from=2026-11-20&to=2026-11-20`);
      expect(refused.statusCode).toBe(403);
    }
    expect((await get(f, null, STATS)).statusCode).toBe(401);

    const response = await get(f, 'employee', `${STATS}?from=2026-11-20&to=2026-11-20`);
    expect(response.statusCode).toBe(200);
    const stats = response.json<{
      from: string;
      to: string;
      funnels: { name: string; started: number; ended: Record<string, number>; steps: unknown[] }[];
      search: Record<string, unknown>;
    }>();
    expect(stats.from).toBe('2026-11-20');
    const omni = stats.funnels.find((x) => x.name === 'WWW_MESSENGER_OMNIPICKER_FUNNEL');
    expect(omni).toEqual({
      name: 'WWW_MESSENGER_OMNIPICKER_FUNNEL',
      started: 2,
      ended: { explicit: 1, timeout: 1, restart: 0, session_end: 0 },
      steps: [
        { action: 'start', reached: 2, conversion: 1 },
        { action: 'query_changed', reached: 2, conversion: 1 },
        { action: 'impressions', reached: 1, conversion: 0.5 },
        { action: 'result_selected', reached: 1, conversion: 1 },
      ],
    });
    expect(stats.search).toEqual({
      sessions: 2,
      queries: 3,
      queries_per_session: 1.5,
      result_types: { friend: 1 },
      abandoned: 1,
      abandonment_rate: 0.5,
    });
    // Outside the range: nothing.
    const other = await get(f, 'employee', `${STATS}?from=2026-11-21&to=2026-11-22`);
    expect(other.json<{ search: { sessions: number } }>().search.sessions).toBe(0);
  });

  it('answers a bad date range with 400 naming the field', async () => {
    const backwards = await get(f, 'employee', `${STATS}?from=2026-11-20&to=2026-11-19`);
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).field).toBe('to');
    const notADate = await get(f, 'employee', `${STATS}?from=2026-02-30`);
    expect(errorOf(notADate).field).toBe('from');
  });

  it('serves quick promotions by targeting, and stops once one is dismissed', async () => {
    const eligible = async (who: 'ordinary' | 'work' | 'employee') =>
      (await get(f, who, '/qp/eligible/'))
        .json<{ promotions: { qp_id: number }[] }>()
        .promotions.map((p) => p.qp_id);
    expect(await eligible('ordinary')).toEqual([]);
    expect(await eligible('work')).toEqual([9102]);
    expect(await eligible('employee')).toEqual([9101]);
    const view = await post(f, 'employee', '/qp/action/log/', { qp_id: 9101, qp_action: 'view' });
    expect(view.statusCode).toBe(200);
    expect(await eligible('employee')).toEqual([9101]);
    await post(f, 'employee', '/qp/action/log/', { qp_id: 9101, qp_action: 'dismiss' });
    expect(await eligible('employee')).toEqual([]);
  });
});
