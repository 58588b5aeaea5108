import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, post, staffRead, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();
const URL = '/ajax/funnel_analytics/log/';

const record = (overrides: Record<string, unknown> = {}) => ({
  name: 'WWW_MESSENGER_SEARCH_FUNNEL',
  instance_id: 'inst-1',
  start_time: 1_700_000_000_000,
  tags: ['composer'],
  actions: [
    { name: 'start', relative_time: 0 },
    {
      name: 'query_changed',
      relative_time: 150,
      tag: 'typed',
      payload: { length: 2, source: 'local', ok: true },
    },
    { name: 'end', relative_time: 900 },
  ],
  sampling_rate: 0.5,
  timeout_sec: 600,
  end_reason: 'explicit',
  ...overrides,
});

describe.each(dialects)('POST /ajax/funnel_analytics/log/ on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect);
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('stores every record of a batch in the funnel_analytics channel', async () => {
    const response = await post(f, 'ordinary', URL, {
      batch_id: 'batch-0001',
      records: [
        record(),
        record({
          name: 'WWW_MESSENGER_CALL_FUNNEL',
          instance_id: 'inst-2',
          tags: undefined,
          actions: undefined,
          end_reason: 'timeout',
        }),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, stored: 2, duplicate: false });
    const page = await staffRead(f, 'funnel_logs');
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      person_id: '7001',
      batch_id: 'batch-0001',
      channel: 'funnel_analytics',
      name: 'WWW_MESSENGER_CALL_FUNNEL',
      instance_id: 'inst-2',
      tags: [],
      actions: [],
      end_reason: 'timeout',
    });
    expect(page.items[1]).toMatchObject({
      name: 'WWW_MESSENGER_SEARCH_FUNNEL',
      start_time: 1_700_000_000_000,
      sampling_rate: 0.5,
      timeout_sec: 600,
      tags: ['composer'],
      actions: [
        { name: 'start', relative_time: 0, tag: null, payload: null },
        {
          name: 'query_changed',
          relative_time: 150,
          tag: 'typed',
          payload: { length: 2, source: 'local', ok: true },
        },
        { name: 'end', relative_time: 900, tag: null, payload: null },
      ],
    });
  });

  it('stores nothing new when the same batch comes again', async () => {
    const batch = { batch_id: 'batch-retry-7', records: [record({ instance_id: 'r1' })] };
    expect((await post(f, 'work', URL, batch)).json()).toMatchObject({
      stored: 1,
      duplicate: false,
    });
    const logs = await countRows(f.db, 'funnel_logs');
    const again = await post(f, 'work', URL, batch);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, stored: 0, duplicate: true });
    expect(await countRows(f.db, 'funnel_logs')).toBe(logs);
    // Batch ids are per person: someone else's batch with the same id is theirs.
    expect((await post(f, 'coworker', URL, batch)).json()).toMatchObject({ stored: 1 });
  });

  it('answers an unregistered funnel name with the seed’s message, writing nothing', async () => {
    const before = await countRows(f.db, 'funnel_logs');
    const response = await post(f, 'ordinary', URL, {
      batch_id: 'batch-unreg-1',
      records: [record(), record({ name: 'WWW_SOMETHING_ELSE' })],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'funnel_not_registered',
      field: 'records[1].name',
      message: 'Funnel name not registered.',
    });
    expect(await countRows(f.db, 'funnel_logs')).toBe(before);
    // The refused batch id was not claimed: the corrected batch is stored.
    const fixed = await post(f, 'ordinary', URL, {
      batch_id: 'batch-unreg-1',
      records: [record()],
    });
    expect(fixed.json()).toMatchObject({ stored: 1 });
  });

  it.each([
    ['missing batch_id', { records: [record()] }, 'batch_id'],
    ['a short batch_id', { batch_id: 'b1', records: [record()] }, 'batch_id'],
    ['no records', { batch_id: 'batch-empty', records: [] }, 'records'],
    [
      'a missing name',
      { batch_id: 'batch-x1', records: [record({ name: undefined })] },
      'records[0].name',
    ],
    [
      'sampling_rate 0',
      { batch_id: 'batch-x2', records: [record({ sampling_rate: 0 })] },
      'records[0].sampling_rate',
    ],
    [
      'a negative relative_time',
      { batch_id: 'batch-x3', records: [record({ actions: [{ name: 'a', relative_time: -1 }] })] },
      'records[0].actions[0].relative_time',
    ],
    [
      'a nested payload value',
      {
        batch_id: 'batch-x4',
        records: [record({ actions: [{ name: 'a', relative_time: 1, payload: { x: { y: 1 } } }] })],
      },
      'records[0].actions[0].payload.x',
    ],
    [
      'an unknown end_reason',
      { batch_id: 'batch-x5', records: [record({ end_reason: 'cancel' })] },
      'records[0].end_reason',
    ],
  ])('answers 400 naming the field for %s, writing nothing', async (_n, body, field) => {
    const before = await countRows(f.db, 'funnel_logs');
    const batches = await countRows(f.db, 'funnel_batches');
    const response = await post(f, 'ordinary', URL, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'bad_request', field });
    expect(await countRows(f.db, 'funnel_logs')).toBe(before);
    expect(await countRows(f.db, 'funnel_batches')).toBe(batches);
  });

  it('answers 401 to anonymous callers', async () => {
    const response = await post(f, null, URL, { batch_id: 'batch-anon-1', records: [record()] });
    expect(response.statusCode).toBe(401);
  });
});
