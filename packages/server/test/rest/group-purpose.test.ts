import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX } from '../support/people';
import { countRows, formBody } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, post, staffRead, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();
const URL = '/work/group_creation/dialog/save_purpose/';
const coworker = Number(MATRIX.coworker.id);
const employeeWork = Number(MATRIX.employeeWork.id);

describe.each(dialects)('POST /work/group_creation/dialog/save_purpose/ on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect);
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('stores a work user’s group purpose with coworkers, readable by staff', async () => {
    const response = await post(f, 'work', URL, {
      purpose: 'project',
      ref: 'composer',
      name: '  Launch crew ',
      community: '91',
      coworkers_to_invite: [coworker, employeeWork],
      back_disallowed: true,
    });
    expect(response.statusCode).toBe(200);
    const page = await staffRead(f, 'group_purposes');
    expect(page.items[0]).toMatchObject({
      id: response.json<{ id: string }>().id,
      person_id: MATRIX.work.id,
      purpose: 'project',
      ref: 'composer',
      name: 'Launch crew',
      community: '91',
      coworkers_to_invite: [MATRIX.coworker.id, MATRIX.employeeWork.id],
      back_disallowed: true,
    });
  });

  it('applies the defaults and takes form bodies', async () => {
    const form = formBody({
      purpose: 'team',
      ref: 'sidebar',
      coworkers_to_invite: [String(coworker)],
    });
    const response = await post(f, 'employeeWork', URL, form.payload, form.headers);
    expect(response.statusCode).toBe(200);
    expect((await staffRead(f, 'group_purposes')).items[0]).toMatchObject({
      person_id: MATRIX.employeeWork.id,
      name: null,
      community: null,
      coworkers_to_invite: [MATRIX.coworker.id],
      back_disallowed: false,
    });
    const listed = formBody({
      purpose: 'team',
      ref: 'sidebar',
      coworkers_to_invite: `${String(coworker)},${String(employeeWork)}`,
      back_disallowed: 'true',
    });
    expect((await post(f, 'work', URL, listed.payload, listed.headers)).statusCode).toBe(200);
    expect((await staffRead(f, 'group_purposes')).items[0]).toMatchObject({
      coworkers_to_invite: [MATRIX.coworker.id, MATRIX.employeeWork.id],
      back_disallowed: true,
    });
  });

  it('refuses viewers without a work account (403) before looking at the body', async () => {
    const before = await countRows(f.db, 'group_purposes');
    for (const who of ['ordinary', 'employee', 'reporter'] as const) {
      const ok = await post(f, who, URL, { purpose: 'p', ref: 'r' });
      expect(ok.statusCode).toBe(403);
      expect(errorOf(ok).code).toBe('forbidden');
      expect((await post(f, who, URL, {})).statusCode).toBe(403);
    }
    expect((await post(f, null, URL, { purpose: 'p', ref: 'r' })).statusCode).toBe(401);
    expect(await countRows(f.db, 'group_purposes')).toBe(before);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['missing purpose', { ref: 'r' }, 'purpose'],
    ['blank purpose', { purpose: '   ', ref: 'r' }, 'purpose'],
    ['missing ref', { purpose: 'p' }, 'ref'],
    ['a purpose that is not text', { purpose: 5, ref: 'r' }, 'purpose'],
    [
      'a community that is not a company',
      { purpose: 'p', ref: 'r', community: 'acme' },
      'community',
    ],
    ['a blank community', { purpose: 'p', ref: 'r', community: '' }, 'community'],
    ['another company’s community', { purpose: 'p', ref: 'r', community: '92' }, 'community'],
    [
      'coworkers not a list',
      { purpose: 'p', ref: 'r', coworkers_to_invite: 'x' },
      'coworkers_to_invite',
    ],
    [
      'a coworker id as text',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [coworker, 'abc'] },
      'coworkers_to_invite[1]',
    ],
    [
      'a fractional coworker id',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [1.5] },
      'coworkers_to_invite[0]',
    ],
    [
      'someone of another company',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [coworker, Number(MATRIX.outsider.id)] },
      'coworkers_to_invite[1]',
    ],
    [
      'a personal account',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [Number(MATRIX.ordinary.id)] },
      'coworkers_to_invite[0]',
    ],
    [
      'an id nobody has',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [coworker, 987654321] },
      'coworkers_to_invite[1]',
    ],
    [
      'the viewer themself',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [Number(MATRIX.work.id)] },
      'coworkers_to_invite[0]',
    ],
    [
      'a coworker listed twice',
      { purpose: 'p', ref: 'r', coworkers_to_invite: [coworker, employeeWork, coworker] },
      'coworkers_to_invite[2]',
    ],
    [
      'back_disallowed as text',
      { purpose: 'p', ref: 'r', back_disallowed: 'yes' },
      'back_disallowed',
    ],
  ];

  it.each(bad)(
    'answers 400 naming the field for %s, writing nothing',
    async (_name, body, field) => {
      const before = await countRows(f.db, 'group_purposes');
      const response = await post(f, 'work', URL, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'bad_request', field });
      expect(await countRows(f.db, 'group_purposes')).toBe(before);
    },
  );

  it('answers 400 for form coworker ids that are not integers', async () => {
    const before = await countRows(f.db, 'group_purposes');
    const form = formBody({
      purpose: 'p',
      ref: 'r',
      coworkers_to_invite: [String(coworker), '2.5'],
    });
    const response = await post(f, 'work', URL, form.payload, form.headers);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).field).toBe('coworkers_to_invite[1]');
    expect(await countRows(f.db, 'group_purposes')).toBe(before);
  });
});
