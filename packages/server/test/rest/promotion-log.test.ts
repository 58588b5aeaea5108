import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, formBody } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, post, staffRead, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();
const URL = '/qp/action/log/';

describe.each(dialects)('POST /qp/action/log/ on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect);
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('stores a JSON promotion log that staff can read', async () => {
    const response = await post(f, 'ordinary', URL, {
      qp_id: 1234567,
      qp_action: 'primary',
      qp_instance_log_data: { surface: 'inbox', variant: 'b' },
      qp_event: 'click',
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: string }>();
    const page = await staffRead(f, 'promotion_logs');
    expect(page.items[0]).toMatchObject({
      id,
      person_id: '7001',
      qp_id: 1234567,
      qp_action: 'primary',
      qp_instance_log_data: { surface: 'inbox', variant: 'b' },
      qp_event: 'click',
      created_at: f.clock.now(),
    });
  });

  it('stores a form-encoded log with qp_id coerced and the defaults applied', async () => {
    const form = formBody({ qp_id: '77', qp_action: 'dismiss', qp_instance_log_data: '{"k":"v"}' });
    const response = await post(f, 'work', URL, form.payload, form.headers);
    expect(response.statusCode).toBe(200);
    const page = await staffRead(f, 'promotion_logs');
    expect(page.items[0]).toMatchObject({
      person_id: '7003',
      qp_id: 77,
      qp_action: 'dismiss',
      qp_instance_log_data: { k: 'v' },
      qp_event: null,
    });
    const minimal = formBody({ qp_id: '78', qp_action: 'view' });
    expect((await post(f, 'work', URL, minimal.payload, minimal.headers)).statusCode).toBe(200);
    expect((await staffRead(f, 'promotion_logs')).items[0]).toMatchObject({
      qp_id: 78,
      qp_instance_log_data: {},
    });
  });

  it('answers 401 to anonymous callers and writes nothing', async () => {
    const before = await countRows(f.db, 'promotion_logs');
    const response = await post(f, null, URL, { qp_id: 1, qp_action: 'view' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
    expect(await countRows(f.db, 'promotion_logs')).toBe(before);
  });

  const bad: [string, Record<string, unknown> | string, string][] = [
    ['missing qp_id', { qp_action: 'view' }, 'qp_id'],
    ['qp_id as the string "1.5"', { qp_id: '1.5', qp_action: 'view' }, 'qp_id'],
    ['qp_id 1.5', { qp_id: 1.5, qp_action: 'view' }, 'qp_id'],
    ['qp_id 0', { qp_id: 0, qp_action: 'view' }, 'qp_id'],
    ['qp_id as a JSON string of digits', { qp_id: '5', qp_action: 'view' }, 'qp_id'],
    ['unknown qp_action', { qp_id: 1, qp_action: 'explode' }, 'qp_action'],
    ['missing qp_action', { qp_id: 1 }, 'qp_action'],
    [
      'a non-string log value',
      { qp_id: 1, qp_action: 'view', qp_instance_log_data: { n: 3 } },
      'qp_instance_log_data.n',
    ],
    [
      'log data not an object',
      { qp_id: 1, qp_action: 'view', qp_instance_log_data: 'x' },
      'qp_instance_log_data',
    ],
    ['empty qp_event', { qp_id: 1, qp_action: 'view', qp_event: '' }, 'qp_event'],
  ];

  it.each(bad)(
    'answers 400 naming the field for %s, writing nothing',
    async (_name, body, field) => {
      const before = await countRows(f.db, 'promotion_logs');
      const response = await post(f, 'ordinary', URL, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'bad_request', field });
      expect(await countRows(f.db, 'promotion_logs')).toBe(before);
    },
  );

  it('answers 400 for form values that are not what they claim', async () => {
    const before = await countRows(f.db, 'promotion_logs');
    for (const [fields, field] of [
      [{ qp_id: '1.5', qp_action: 'view' }, 'qp_id'],
      [{ qp_id: 'abc', qp_action: 'view' }, 'qp_id'],
      [
        { qp_id: '3', qp_action: 'view', qp_instance_log_data: '{not json' },
        'qp_instance_log_data',
      ],
    ] as const) {
      const form = formBody(fields);
      const response = await post(f, 'ordinary', URL, form.payload, form.headers);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).field).toBe(field);
    }
    expect(await countRows(f.db, 'promotion_logs')).toBe(before);
  });

  it('answers 400 naming the body when it is not an object', async () => {
    const response = await post(f, 'ordinary', URL, '[1,2]', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).field).toBe('body');
    const broken = await post(f, 'ordinary', URL, '{"qp_id":', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken)).toMatchObject({ code: 'bad_request', field: 'body' });
  });
});
