import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setNetworkSetting } from '../support/people';
import { countRows, formBody } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, errorOf, get, post, staffRead, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();
const EMPLOYEE = '/ajax/bugs/employee_report';
const EXTERNAL = '/ajax/bugs/report';
const report = {
  description: 'The sidebar badge shows 10+',
  category: 'sidebar',
  url: 'https://example.test/messages',
};

describe.each(dialects)('bug reports on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect, { allowExternalBugReports: true });
  });
  afterAll(async () => {
    await f.dispose();
  });

  it('stores an employee report (kind employee) that staff can read', async () => {
    const response = await post(f, 'employee', EMPLOYEE, report);
    expect(response.statusCode).toBe(200);
    expect((await staffRead(f, 'bug_reports')).items[0]).toMatchObject({
      id: response.json<{ id: string }>().id,
      person_id: '7005',
      kind: 'employee',
      description: report.description,
      category: 'sidebar',
      url: 'https://example.test/messages',
    });
    const form = formBody({ description: 'From a form', category: '', url: '' });
    expect((await post(f, 'employeeWork', EMPLOYEE, form.payload, form.headers)).statusCode).toBe(
      200,
    );
    expect((await staffRead(f, 'bug_reports')).items[0]).toMatchObject({
      person_id: '7006',
      description: 'From a form',
      category: null,
      url: null,
    });
  });

  it('refuses the employee report to non-staff (403) and anonymous callers (401)', async () => {
    const before = await countRows(f.db, 'bug_reports');
    for (const who of ['ordinary', 'reporter', 'work'] as const) {
      expect((await post(f, who, EMPLOYEE, report)).statusCode).toBe(403);
    }
    expect((await post(f, null, EMPLOYEE, report)).statusCode).toBe(401);
    expect(await countRows(f.db, 'bug_reports')).toBe(before);
  });

  it('stores an external report from a gated non-staff person (kind external)', async () => {
    const response = await post(f, 'reporter', EXTERNAL, { description: 'Search misses names' });
    expect(response.statusCode).toBe(200);
    expect((await staffRead(f, 'bug_reports')).items[0]).toMatchObject({
      person_id: '7002',
      kind: 'external',
      description: 'Search misses names',
      category: null,
      url: null,
    });
  });

  it('refuses the external report without the gate, and to staff even with it', async () => {
    const before = await countRows(f.db, 'bug_reports');
    for (const who of ['ordinary', 'work', 'employee', 'employeeWork'] as const) {
      const response = await post(f, who, EXTERNAL, report);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
    }
    expect((await post(f, null, EXTERNAL, report)).statusCode).toBe(401);
    expect(await countRows(f.db, 'bug_reports')).toBe(before);
  });

  it('refuses everyone the external report while the network does not allow it', async () => {
    await setNetworkSetting(f.db, 'allow_external_bug_reports', false);
    try {
      expect((await post(f, 'reporter', EXTERNAL, report)).statusCode).toBe(403);
    } finally {
      await setNetworkSetting(f.db, 'allow_external_bug_reports', true);
    }
    await f.db.kysely
      .deleteFrom('settings')
      .where('key', '=', 'allow_external_bug_reports')
      .execute();
    try {
      expect((await post(f, 'reporter', EXTERNAL, report)).statusCode).toBe(403);
    } finally {
      await setNetworkSetting(f.db, 'allow_external_bug_reports', true);
    }
    expect((await post(f, 'reporter', EXTERNAL, report)).statusCode).toBe(200);
  });

  it('tells each person the one report path they may use (GET /ajax/bugs/reporting)', async () => {
    const kindOf = async (who: Parameters<typeof get>[1]) =>
      (await get(f, who, '/ajax/bugs/reporting')).json<{ report: string | null }>().report;
    expect(await kindOf('employee')).toBe('employee');
    expect(await kindOf('employeeWork')).toBe('employee');
    expect(await kindOf('reporter')).toBe('external');
    expect(await kindOf('ordinary')).toBeNull();
    expect(await kindOf('work')).toBeNull();
    expect((await get(f, null, '/ajax/bugs/reporting')).statusCode).toBe(401);
    await setNetworkSetting(f.db, 'allow_external_bug_reports', false);
    try {
      expect(await kindOf('reporter')).toBeNull();
      expect(await kindOf('employee')).toBe('employee');
    } finally {
      await setNetworkSetting(f.db, 'allow_external_bug_reports', true);
    }
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['missing description', {}, 'description'],
    ['blank description', { description: '  ' }, 'description'],
    ['too long a description', { description: 'x'.repeat(5001) }, 'description'],
    ['an upper-case category', { description: 'd', category: 'Sidebar' }, 'category'],
    ['a javascript: url', { description: 'd', url: 'javascript:alert(1)' }, 'url'],
    ['a url that is not one', { description: 'd', url: 'not a url' }, 'url'],
  ];

  it.each(bad)(
    'answers 400 naming the field for %s, on both report paths',
    async (_n, body, field) => {
      const before = await countRows(f.db, 'bug_reports');
      for (const [who, url] of [
        ['employee', EMPLOYEE],
        ['reporter', EXTERNAL],
      ] as const) {
        const response = await post(f, who, url, body);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toMatchObject({ code: 'bad_request', field });
      }
      expect(await countRows(f.db, 'bug_reports')).toBe(before);
    },
  );
});
