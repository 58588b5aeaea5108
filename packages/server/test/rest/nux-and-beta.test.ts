import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, formBody } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, get, post, staffRead, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();

describe.each(dialects)('nux view and dismiss on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect);
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('records views and dismissals per person; dismissed stays dismissed', async () => {
    expect(
      (await post(f, 'ordinary', '/ajax/nux/basic/view/', { nux_id: 'group_call_intro' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(f, 'ordinary', '/ajax/nux/basic/view/', { nux_id: '4021' })).statusCode,
    ).toBe(200);
    expect((await get(f, 'ordinary', '/ajax/nux/basic/state/')).json()).toEqual({
      viewed: ['group_call_intro', '4021'],
      dismissed: [],
    });
    const form = formBody({ nux_id: '4021' });
    expect(
      (await post(f, 'ordinary', '/ajax/nux/basic/dismiss/', form.payload, form.headers))
        .statusCode,
    ).toBe(200);
    const dismissedAt = f.clock.now();
    f.clock.advance(60_000);
    // Seeing it again (another tab) neither un-dismisses it nor moves the first dates.
    await post(f, 'ordinary', '/ajax/nux/basic/view/', { nux_id: '4021' });
    await post(f, 'ordinary', '/ajax/nux/basic/dismiss/', { nux_id: '4021' });
    expect((await get(f, 'ordinary', '/ajax/nux/basic/state/')).json()).toEqual({
      viewed: ['group_call_intro', '4021'],
      dismissed: ['4021'],
    });
    // Another person's state is their own.
    expect((await get(f, 'work', '/ajax/nux/basic/state/')).json()).toEqual({
      viewed: [],
      dismissed: [],
    });
    const rows = (await staffRead(f, 'nux_states')).items;
    expect(rows.find((r) => r.nux_id === '4021')).toMatchObject({
      person_id: '7001',
      viewed_at: dismissedAt,
      dismissed_at: dismissedAt,
    });
    expect(await countRows(f.db, 'nux_states')).toBe(2);
  });

  it('dismissing an unseen nux marks it seen too', async () => {
    await post(f, 'work', '/ajax/nux/basic/dismiss/', { nux_id: 'composer_tip' });
    expect((await get(f, 'work', '/ajax/nux/basic/state/')).json()).toEqual({
      viewed: ['composer_tip'],
      dismissed: ['composer_tip'],
    });
  });

  it('answers 401 to anonymous callers and 400 for a bad nux_id, writing nothing', async () => {
    const before = await countRows(f.db, 'nux_states');
    expect((await post(f, null, '/ajax/nux/basic/view/', { nux_id: 'x' })).statusCode).toBe(401);
    expect((await get(f, null, '/ajax/nux/basic/state/')).statusCode).toBe(401);
    for (const body of [
      {},
      { nux_id: '' },
      { nux_id: 'Has Spaces' },
      { nux_id: 12 },
      { nux_id: 'a'.repeat(65) },
    ]) {
      for (const path of ['/ajax/nux/basic/view/', '/ajax/nux/basic/dismiss/']) {
        const response = await post(f, 'ordinary', path, body);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toMatchObject({ code: 'bad_request', field: 'nux_id' });
      }
    }
    expect(await countRows(f.db, 'nux_states')).toBe(before);
  });
});

describe.each(dialects)('employee beta settings on %s', (dialect) => {
  let f: RestFixture;
  const URL = '/settings/employee_beta/';

  beforeAll(async () => {
    f = await createRestFixture(dialect);
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('stores the toggle per employee and answers where to go', async () => {
    const on = await post(f, 'employee', URL, { enabled: true, redirect: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, redirect_to: '/' });
    expect((await get(f, 'employee', URL)).json()).toEqual({ enabled: true });
    // Not someone else's setting.
    expect((await get(f, 'employeeWork', URL)).json()).toEqual({ enabled: false });

    const form = formBody({ enabled: 'false', redirect: 'false' });
    const off = await post(f, 'employee', URL, form.payload, form.headers);
    expect(off.json()).toEqual({ enabled: false, redirect_to: null });
    expect((await get(f, 'employee', URL)).json()).toEqual({ enabled: false });
    expect(await countRows(f.db, 'person_settings')).toBe(1);
  });

  it('refuses non-staff (403) and anonymous callers (401)', async () => {
    const before = await countRows(f.db, 'person_settings');
    for (const who of ['ordinary', 'work', 'reporter'] as const) {
      expect((await post(f, who, URL, { enabled: true, redirect: false })).statusCode).toBe(403);
      expect((await get(f, who, URL)).statusCode).toBe(403);
    }
    expect((await post(f, null, URL, { enabled: true, redirect: false })).statusCode).toBe(401);
    expect(await countRows(f.db, 'person_settings')).toBe(before);
  });

  it.each([
    [{ redirect: true }, 'enabled'],
    [{ enabled: true }, 'redirect'],
    [{ enabled: 'yes', redirect: true }, 'enabled'],
    [{ enabled: true, redirect: 1 }, 'redirect'],
  ])('answers 400 naming the field for %j, writing nothing', async (body, field) => {
    const before = await countRows(f.db, 'person_settings');
    const response = await post(f, 'employeeWork', URL, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'bad_request', field });
    expect(await countRows(f.db, 'person_settings')).toBe(before);
  });
});

describe('employee beta redirect with PUBLIC_URL', () => {
  it('answers the absolute root of the public site', async () => {
    const f = await createRestFixture('sqlite', {
      env: { PUBLIC_URL: 'https://chat.example.test/some/path' },
    });
    try {
      const response = await post(f, 'employee', '/settings/employee_beta/', {
        enabled: true,
        redirect: true,
      });
      expect(response.json()).toEqual({ enabled: true, redirect_to: 'https://chat.example.test/' });
    } finally {
      await f.dispose();
    }
  });
});
