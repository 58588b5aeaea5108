import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { PATCH_OP, SCIM_JSON, bjensen, scim } from './support';

const dialects = await dialectsUnderTest();
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe.each(dialects)('SCIM /scim/v2/Users on %s (RFC 7643/7644)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SCIM_TOKEN: 'scim-test-token-0123456789' });
  });
  afterEach(async () => {
    await t.dispose();
  });

  it('refuses a missing or wrong token with a SCIM error and writes nothing', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain(SCIM_JSON);
    const refusal = none.json<{ schemas: string[]; status: string; detail: string }>();
    expect(refusal.schemas).toEqual([ERROR]);
    expect(refusal.status).toBe('401');
    expect(refusal.detail).toMatch(/token/);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: 'Bearer wrong-token-0123456789', 'content-type': SCIM_JSON },
      payload: JSON.stringify(bjensen()),
    });
    expect(wrong.statusCode).toBe(401);
    const list = await scim(t.app, 'GET', '/scim/v2/Users');
    expect(list.json()).toMatchObject({ totalResults: 0 });
  });

  it('creates a user (3.3), answers 201 with Location and ETag, and gets it back (3.4.1)', async () => {
    const created = await scim(t.app, 'POST', '/scim/v2/Users', bjensen());
    expect(created.statusCode).toBe(201);
    const body = created.json<
      Record<string, unknown> & { id: string; meta: { version: string; location: string } }
    >();
    expect(body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'bjensen',
      externalId: 'bjensen',
      displayName: 'Ms. Barbara J Jensen III',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(body).not.toHaveProperty('password');
    expect(body.id).toMatch(/^\d+$/);
    expect(created.headers.location).toBe(body.meta.location);
    expect(body.meta.location).toMatch(new RegExp(`/scim/v2/Users/${body.id}$`));
    expect(created.headers.etag).toBe(body.meta.version);
    expect(body.meta.version).toMatch(/^W\/".+"$/);

    const got = await scim(t.app, 'GET', `/scim/v2/Users/${body.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);
    // The password set through SCIM signs in.
    await login(t.app, 'bjensen', 't1meMa$heen');
  });

  it('refuses a taken userName (any case) as 409 uniqueness, and a bad body as 400 naming the attribute', async () => {
    expect((await scim(t.app, 'POST', '/scim/v2/Users', bjensen())).statusCode).toBe(201);
    const again = await scim(t.app, 'POST', '/scim/v2/Users', bjensen({ userName: 'BJensen' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
    const bad = await scim(t.app, 'POST', '/scim/v2/Users', bjensen({ active: 'maybe' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect(bad.json<{ detail: string }>().detail).toMatch(/^active/);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: 'Bearer scim-test-token-0123456789', 'content-type': SCIM_JSON },
      payload: '{"userName":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ scimType: 'invalidSyntax' });
    expect((await scim(t.app, 'GET', '/scim/v2/Users')).json()).toMatchObject({ totalResults: 1 });
  });

  it('lists with filter=userName eq "…" and pages with startIndex and count (3.4.2)', async () => {
    for (const userName of ['alice', 'bjensen', 'carol', 'dave']) {
      await scim(t.app, 'POST', '/scim/v2/Users', bjensen({ userName, externalId: userName }));
    }
    const found = await scim(
      t.app,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent('userName eq "BJENSEN"')}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ userName: 'bjensen' }],
    });
    const none = await scim(
      t.app,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent('userName eq "nobody"')}`,
    );
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const page = await scim(t.app, 'GET', '/scim/v2/Users?startIndex=2&count=2');
    const listed = page.json<{
      totalResults: number;
      itemsPerPage: number;
      Resources: { userName: string }[];
    }>();
    expect(listed.totalResults).toBe(4);
    expect(listed.itemsPerPage).toBe(2);
    const all = await scim(t.app, 'GET', '/scim/v2/Users');
    const names = all
      .json<{ Resources: { userName: string }[] }>()
      .Resources.map((r) => r.userName);
    expect(listed.Resources.map((r) => r.userName)).toEqual(names.slice(1, 3));
    const bad = await scim(
      t.app,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent('userName eq "a" or userName eq "b"')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ scimType: 'invalidFilter' });
    const unknown = await scim(
      t.app,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent('emails.value eq "a"')}`,
    );
    expect(unknown.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('replaces with PUT (3.5.1) and refuses a stale If-Match with 412, writing nothing', async () => {
    const created = (await scim(t.app, 'POST', '/scim/v2/Users', bjensen())).json<{
      id: string;
      meta: { version: string };
    }>();
    const url = `/scim/v2/Users/${created.id}`;
    const put = await scim(
      t.app,
      'PUT',
      url,
      bjensen({ displayName: 'Babs Jensen', password: undefined }),
      {
        'if-match': created.meta.version,
      },
    );
    expect(put.statusCode).toBe(200);
    const after = put.json<{ displayName: string; meta: { version: string } }>();
    expect(after.displayName).toBe('Babs Jensen');
    expect(after.meta.version).not.toBe(created.meta.version);
    const stale = await scim(t.app, 'PUT', url, bjensen({ displayName: 'Stale' }), {
      'if-match': created.meta.version,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ schemas: [ERROR], status: '412' });
    expect((await scim(t.app, 'GET', url)).json()).toMatchObject({ displayName: 'Babs Jensen' });
    // The password left out of the PUT still signs in.
    await login(t.app, 'bjensen', 't1meMa$heen');
  });

  it('patches with add, replace and remove (3.5.2), all or nothing', async () => {
    const created = (await scim(t.app, 'POST', '/scim/v2/Users', bjensen())).json<{ id: string }>();
    const url = `/scim/v2/Users/${created.id}`;
    const patched = await scim(t.app, 'PATCH', url, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'emails', value: [{ value: 'babs@jensen.org', type: 'home' }] },
        { op: 'Replace', path: 'name.familyName', value: 'Ross' },
        { op: 'replace', value: { displayName: 'Barbara Ross' } },
        { op: 'remove', path: 'externalId' },
      ],
    });
    expect(patched.statusCode).toBe(200);
    const body = patched.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      displayName: 'Barbara Ross',
      name: { familyName: 'Ross', givenName: 'Barbara' },
      emails: [{ value: 'babs@jensen.org', type: 'home' }],
    });
    expect(body).not.toHaveProperty('externalId');
    const failing = await scim(t.app, 'PATCH', url, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'replace', path: 'displayName', value: 'Never' },
        { op: 'remove', path: 'emails[type eq "work"]' },
      ],
    });
    expect(failing.statusCode).toBe(400);
    expect(failing.json()).toMatchObject({ scimType: 'noTarget' });
    const readOnly = await scim(t.app, 'PATCH', url, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'id', value: '1' }],
    });
    expect(readOnly.json()).toMatchObject({ status: '400', scimType: 'mutability' });
    expect((await scim(t.app, 'GET', url)).json()).toMatchObject({ displayName: 'Barbara Ross' });
  });

  it('deactivates with PATCH active=false: no sign-in, sessions gone; reactivates', async () => {
    const created = (await scim(t.app, 'POST', '/scim/v2/Users', bjensen())).json<{ id: string }>();
    const url = `/scim/v2/Users/${created.id}`;
    const session = await login(t.app, 'bjensen', 't1meMa$heen');
    const off = await scim(t.app, 'PATCH', url, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: 'False' }],
    });
    expect(off.json()).toMatchObject({ active: false });
    const sessionNow = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: session.cookie },
    });
    expect(sessionNow.statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'bjensen', password: 't1meMa$heen' },
    });
    expect(relogin.statusCode).toBe(401);
    const inactive = await scim(
      t.app,
      'GET',
      `/scim/v2/Users?filter=${encodeURIComponent('active eq false')}`,
    );
    expect(inactive.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ id: created.id, active: false }],
    });
    await scim(t.app, 'PATCH', url, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    await login(t.app, 'bjensen', 't1meMa$heen');
  });

  it('deletes (3.6): 204, then 404 in the SCIM shape, the userName free again, no sign-in', async () => {
    const created = (await scim(t.app, 'POST', '/scim/v2/Users', bjensen())).json<{
      id: string;
      meta: { version: string };
    }>();
    const url = `/scim/v2/Users/${created.id}`;
    const stale = await scim(t.app, 'DELETE', url, undefined, { 'if-match': 'W/"old"' });
    expect(stale.statusCode).toBe(412);
    const deleted = await scim(t.app, 'DELETE', url, undefined, {
      'if-match': created.meta.version,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await scim(t.app, 'GET', url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ schemas: [ERROR], status: '404' });
    expect((await scim(t.app, 'DELETE', url)).statusCode).toBe(404);
    const login401 = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'bjensen', password: 't1meMa$heen' },
    });
    expect(login401.statusCode).toBe(401);
    expect((await scim(t.app, 'POST', '/scim/v2/Users', bjensen())).statusCode).toBe(201);
  });
});
