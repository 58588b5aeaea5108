import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, get, post, staffRead, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();

describe.each(dialects)('GET /staff/logs/:kind on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect);
    for (let i = 1; i <= 5; i++) {
      f.clock.advance(1000);
      await post(f, 'ordinary', '/qp/action/log/', { qp_id: i, qp_action: 'view' });
    }
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('pages newest first with a cursor until the end', async () => {
    const first = await staffRead(f, 'promotion_logs', '?limit=2');
    expect(first.items.map((r) => r.qp_id)).toEqual([5, 4]);
    expect(first.next_cursor).not.toBeNull();
    const second = await staffRead(
      f,
      'promotion_logs',
      `?limit=2&cursor=${first.next_cursor ?? ''}`,
    );
    expect(second.items.map((r) => r.qp_id)).toEqual([3, 2]);
    const third = await staffRead(
      f,
      'promotion_logs',
      `?limit=2&cursor=${second.next_cursor ?? ''}`,
    );
    expect(third.items.map((r) => r.qp_id)).toEqual([1]);
    expect(third.next_cursor).toBeNull();
    const all = await staffRead(f, 'promotion_logs');
    expect(all.items).toHaveLength(5);
    expect(all.next_cursor).toBeNull();
  });

  it('reads an empty kind', async () => {
    expect(await staffRead(f, 'bug_reports')).toEqual({ items: [], next_cursor: null });
  });

  it('is for staff only', async () => {
    expect((await get(f, 'employeeWork', '/staff/logs/promotion_logs')).statusCode).toBe(200);
    for (const who of ['ordinary', 'work', 'reporter', 'coworker'] as const) {
      const response = await get(f, who, '/staff/logs/promotion_logs');
      expect(response.statusCode).toBe(403);
    }
    expect((await get(f, null, '/staff/logs/promotion_logs')).statusCode).toBe(401);
  });

  it.each([
    ['/staff/logs/sessions', 'kind'],
    ['/staff/logs/people', 'kind'],
    ['/staff/logs/promotion_logs?limit=201', 'limit'],
    ['/staff/logs/promotion_logs?limit=0', 'limit'],
    ['/staff/logs/promotion_logs?limit=ten', 'limit'],
    ['/staff/logs/promotion_logs?cursor=abc', 'cursor'],
    ['/staff/logs/promotion_logs?cursor=-1', 'cursor'],
  ])('answers 400 for %s naming %s', async (url, field) => {
    const response = await get(f, 'employee', url);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'bad_request', field });
  });

  it('takes a limit of 200', async () => {
    expect((await staffRead(f, 'promotion_logs', '?limit=200')).items).toHaveLength(5);
  });
});
