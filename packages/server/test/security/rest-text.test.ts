import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestFixture, type LoggedIn, type RestFixture } from '../rest/fixture';
import { PATCH_OP, SCIM_JSON, bjensen } from '../scim/support';
import { MATRIX } from '../support/people';
import { asSession } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { arbitraryText, tableCounts } from './text-arbitraries';

/*
 * Issue 30 on the REST side, made impossible to reintroduce: every route that
 * changes something is listed here with a valid sample (or a reason it reads no
 * text), checked against the routes the app really registers; each string in each
 * sample, an unknown key and the path's id take arbitrary Unicode: no 500, no
 * internal error, and a refused call writes nothing.
 */
const dialects = await dialectsUnderTest();
const RUNS = 8;
const SCIM_TOKEN = 'scim-sweep-token-0123456789';
const ADMIN_TOKEN = 'admin-sweep-token-0123456789';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Sample {
  who: LoggedIn | null;
  body: (f: RestFixture) => Json;
  /** A path with `:id` filled (by the fixture's ids) when the route has one. */
  url?: (ids: Ids) => string;
  headers?: Record<string, string>;
}
interface Ids {
  user: string;
  group: string;
}

let batch = 0;
const funnelBatch = (): { [key: string]: Json } => ({
  batch_id: `sweep-batch-${String(++batch)}`,
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
});
const scimHeaders = { authorization: `Bearer ${SCIM_TOKEN}`, 'content-type': SCIM_JSON };
const scimUser = () => bjensen({ userName: `sweep${String(++batch)}` }) as Json;
const scimGroup = (): Json => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
  displayName: `Sweep ${String(++batch)}`,
});
const patch = (op: Json): Json => ({ schemas: [PATCH_OP], Operations: [op] });

/** Every route that changes something, by `METHOD path` as Fastify prints it. */
const SAMPLES: Record<string, Sample> = {
  'POST /auth/login': {
    who: null,
    body: () => ({ username: MATRIX.ordinary.username, password: MATRIX.ordinary.password }),
  },
  'POST /qp/action/log/': { who: 'ordinary', body: () => ({ qp_id: 9, qp_action: 'view' }) },
  'POST /work/group_creation/dialog/save_purpose/': {
    who: 'work',
    body: () => ({ purpose: 'p', ref: 'r' }),
  },
  'POST /ajax/bugs/employee_report': { who: 'employee', body: () => ({ description: 'd' }) },
  'POST /ajax/bugs/report': { who: 'reporter', body: () => ({ description: 'd' }) },
  'POST /ajax/nux/basic/view/': { who: 'ordinary', body: () => ({ nux_id: 'n1' }) },
  'POST /ajax/nux/basic/dismiss/': { who: 'ordinary', body: () => ({ nux_id: 'n1' }) },
  'POST /settings/employee_beta/': {
    who: 'employee',
    body: () => ({ enabled: true, redirect: false }),
  },
  'POST /ajax/funnel_analytics/log/': { who: 'ordinary', body: funnelBatch },
  'POST /ajax/funnel_analytics/beacon/': {
    who: 'ordinary',
    body: (f) => ({ ...funnelBatch(), csrf_token: f.sessions.ordinary.csrf }),
  },
  'POST /admin/graph': {
    who: null,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    body: () => ({
      changes: [
        { op: 'add', type: 'page', page_id: '8299', name: 'Night Market', category: 'PAGE' },
      ],
    }),
  },
  'POST /scim/v2/Users': { who: null, headers: scimHeaders, body: scimUser },
  'PUT /scim/v2/Users/:id': {
    who: null,
    headers: scimHeaders,
    url: (ids) => `/scim/v2/Users/${ids.user}`,
    body: scimUser,
  },
  'PATCH /scim/v2/Users/:id': {
    who: null,
    headers: scimHeaders,
    url: (ids) => `/scim/v2/Users/${ids.user}`,
    body: () => patch({ op: 'replace', path: 'displayName', value: 'Barbara' }),
  },
  'DELETE /scim/v2/Users/:id': {
    who: null,
    headers: { authorization: `Bearer ${SCIM_TOKEN}` },
    url: () => '/scim/v2/Users/not-there',
    body: () => null,
  },
  'POST /scim/v2/Groups': { who: null, headers: scimHeaders, body: scimGroup },
  'PUT /scim/v2/Groups/:id': {
    who: null,
    headers: scimHeaders,
    url: (ids) => `/scim/v2/Groups/${ids.group}`,
    body: scimGroup,
  },
  'PATCH /scim/v2/Groups/:id': {
    who: null,
    headers: scimHeaders,
    url: (ids) => `/scim/v2/Groups/${ids.group}`,
    body: () => patch({ op: 'replace', path: 'displayName', value: 'Renamed' }),
  },
  'DELETE /scim/v2/Groups/:id': {
    who: null,
    headers: { authorization: `Bearer ${SCIM_TOKEN}` },
    url: () => '/scim/v2/Groups/not-there',
    body: () => null,
  },
};

/** Routes that change something but take no text a person chooses, and why. */
const NO_TEXT: Record<string, string> = {
  'POST /auth/logout': 'reads no body: it ends the session of the cookie',
  'POST /graphql': 'every text position of the schema is swept by schema-text.test.ts',
  'POST /attachments':
    'the body is the encrypted bytes (size-limited, never parsed); its quota and headers: attachments tests',
  'POST /admin/import':
    "the network file is parsed by core's network schema before anything is written (network import tests)",
};

/** `METHOD path` of every route the app registered, from Fastify's own route tree. */
function mutatingRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S*)(?: \(([^)]*)\))?/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length;
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= depth) stack.pop();
    const parent = stack[stack.length - 1]?.path ?? '';
    const segment = match[2] ?? '';
    const path =
      parent === '' || parent.endsWith('/') || segment.startsWith('/')
        ? `${parent}${segment}`
        : `${parent}/${segment}`;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '').split(', ')) {
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        out.push(`${method} ${path.startsWith('/') ? path : `/${path}`}`);
      }
    }
  }
  return out;
}

/** Paths to every string in a JSON value, plus a new key at the top of an object. */
function textPaths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => textPaths(item, [...at, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...at, key]));
  }
  return [];
}

function withText(value: Json, path: (string | number)[], text: string): Json {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withText(copy[Number(head)] ?? null, rest, text);
    return copy;
  }
  const object = value !== null && typeof value === 'object' ? { ...value } : {};
  object[String(head)] = withText(object[String(head)] ?? null, rest, text);
  return object;
}

describe.each(dialects)(
  'arbitrary text in every REST route that changes something (%s)',
  (dialect) => {
    let f: RestFixture;
    const ids: Ids = { user: '', group: '' };

    beforeAll(async () => {
      f = await createRestFixture(dialect, { env: { SCIM_TOKEN, ADMIN_TOKEN } });
      const send = async (url: string, body: Json) =>
        f.app.inject({ method: 'POST', url, headers: scimHeaders, payload: JSON.stringify(body) });
      ids.user = (await send('/scim/v2/Users', scimUser())).json<{ id: string }>().id;
      ids.group = (await send('/scim/v2/Groups', scimGroup())).json<{ id: string }>().id;
    });
    afterAll(async () => {
      await f.dispose();
    });

    it('lists every such route the app registers (a new one must be added here)', () => {
      const registered = mutatingRoutes(f.app);
      expect(registered).toContain('POST /qp/action/log/');
      expect(registered).toContain('PATCH /scim/v2/Users/:id');
      const unlisted = registered.filter((route) => !(route in SAMPLES) && !(route in NO_TEXT));
      expect(unlisted).toEqual([]);
    });

    const call = async (route: string, sample: Sample, body: Json, url: string) => {
      const method = route.split(' ')[0] as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const session = sample.who === null ? null : f.sessions[sample.who];
      const hasBody = body !== null;
      return asSession(f.app, session, {
        method,
        url,
        headers: {
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...sample.headers,
        },
        ...(hasBody ? { payload: JSON.stringify(body) } : {}),
      });
    };

    it.each(Object.entries(SAMPLES))(
      '%s',
      async (route, sample) => {
        const urlOf = () => sample.url?.(ids) ?? route.split(' ')[1] ?? '/';
        // The sample itself is good: the sweep reaches past validation to the handler.
        const good = await call(route, sample, sample.body(f), urlOf());
        if (!route.startsWith('DELETE')) expect(good.statusCode, good.body).toBeLessThan(400);

        const base = sample.body(f);
        const fills: ((text: string) => { body: Json; url: string })[] = [
          ...textPaths(base).map((path) => (text: string) => ({
            body: withText(sample.body(f), path, text),
            url: urlOf(),
          })),
          // An unknown key (objects only), and the id in the path.
          ...(base !== null && typeof base === 'object' && !Array.isArray(base)
            ? [
                (text: string) => ({
                  body: { ...(sample.body(f) as object), [text]: text },
                  url: urlOf(),
                }),
              ]
            : []),
          ...(route.includes(':id')
            ? [
                (text: string) => ({
                  body: sample.body(f),
                  url: urlOf().replace(/[^/]*$/, encodeURIComponent(text)),
                }),
              ]
            : []),
        ];
        for (const fill of fills) {
          await fc.assert(
            fc.asyncProperty(arbitraryText, async (text) => {
              const { body, url } = fill(text);
              const before = await tableCounts(f.db);
              const response = await call(route, sample, body, url);
              const where = `${route} ← ${JSON.stringify(text)}`;
              expect(response.statusCode, where).toBeLessThan(500);
              expect(response.body, where).not.toContain('"internal"');
              if (response.statusCode >= 400)
                expect(await tableCounts(f.db), where).toEqual(before);
            }),
            { numRuns: RUNS },
          );
        }
      },
      120_000,
    );
  },
);
