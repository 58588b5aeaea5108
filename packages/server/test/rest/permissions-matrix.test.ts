import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { createRestFixture, get, post, type LoggedIn, type RestFixture } from './fixture';

const dialects = await dialectsUnderTest();

type Viewer = 'ordinary' | 'reporter' | 'work' | 'employee' | 'employeeWork';
const VIEWERS: readonly Viewer[] = ['ordinary', 'reporter', 'work', 'employee', 'employeeWork'];
const EVERYONE: readonly Viewer[] = VIEWERS;
const STAFF: readonly Viewer[] = ['employee', 'employeeWork'];

let batch = 0;

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: () => Record<string, unknown>;
  allowed: readonly Viewer[];
}

/**
 * Seed section 6 on every REST call: who gets through (200) and who is refused
 * (403); `reporter` is an ordinary person with the external_bug_report gate,
 * and the network allows external reports.
 */
const CALLS: readonly Call[] = [
  {
    name: 'promotion log',
    method: 'POST',
    url: '/qp/action/log/',
    body: () => ({ qp_id: 9, qp_action: 'view' }),
    allowed: EVERYONE,
  },
  {
    name: 'group purpose',
    method: 'POST',
    url: '/work/group_creation/dialog/save_purpose/',
    body: () => ({ purpose: 'p', ref: 'r' }),
    allowed: ['work', 'employeeWork'],
  },
  {
    name: 'employee bug report',
    method: 'POST',
    url: '/ajax/bugs/employee_report',
    body: () => ({ description: 'd' }),
    allowed: STAFF,
  },
  {
    name: 'external bug report',
    method: 'POST',
    url: '/ajax/bugs/report',
    body: () => ({ description: 'd' }),
    allowed: ['reporter'],
  },
  {
    name: 'nux view',
    method: 'POST',
    url: '/ajax/nux/basic/view/',
    body: () => ({ nux_id: 'n1' }),
    allowed: EVERYONE,
  },
  {
    name: 'nux dismiss',
    method: 'POST',
    url: '/ajax/nux/basic/dismiss/',
    body: () => ({ nux_id: 'n1' }),
    allowed: EVERYONE,
  },
  { name: 'nux state', method: 'GET', url: '/ajax/nux/basic/state/', allowed: EVERYONE },
  { name: 'bug reporting', method: 'GET', url: '/ajax/bugs/reporting', allowed: EVERYONE },
  {
    name: 'employee beta',
    method: 'POST',
    url: '/settings/employee_beta/',
    body: () => ({ enabled: true, redirect: false }),
    allowed: STAFF,
  },
  { name: 'employee beta state', method: 'GET', url: '/settings/employee_beta/', allowed: STAFF },
  {
    name: 'funnel log',
    method: 'POST',
    url: '/ajax/funnel_analytics/log/',
    body: () => ({
      batch_id: `matrix-batch-${String(++batch)}`,
      records: [
        {
          name: 'WWW_MESSENGER_NUX_FUNNEL',
          instance_id: 'i',
          start_time: 1,
          sampling_rate: 1,
          timeout_sec: 600,
          end_reason: 'explicit',
        },
      ],
    }),
    allowed: EVERYONE,
  },
  ...['promotion_logs', 'group_purposes', 'bug_reports', 'funnel_logs', 'nux_states'].map(
    (kind): Call => ({
      name: `staff ${kind}`,
      method: 'GET',
      url: `/staff/logs/${kind}`,
      allowed: STAFF,
    }),
  ),
];

const cases = CALLS.flatMap((call) =>
  VIEWERS.map(
    (viewer) => [call.name, viewer, call.allowed.includes(viewer) ? 200 : 403, call] as const,
  ),
);

describe.each(dialects)('REST permission matrix on %s', (dialect) => {
  let f: RestFixture;

  beforeAll(async () => {
    f = await createRestFixture(dialect, { allowExternalBugReports: true });
  });
  afterAll(async () => {
    await f.dispose();
  });

  const send = (call: Call, who: LoggedIn | null) =>
    call.method === 'GET' ? get(f, who, call.url) : post(f, who, call.url, call.body?.() ?? {});

  it.each(cases)('%s as %s → %i', async (_name, viewer, status, call) => {
    const response = await send(call, viewer);
    expect(response.statusCode, response.body).toBe(status);
  });

  it.each(CALLS.map((c) => [c.name, c] as const))('%s anonymously → 401', async (_name, call) => {
    const response = await send(call, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });
});
