import { describe, expect, it } from 'vitest';
import { parseScimFilter, scimFilterMatches } from './filter';
import { applyScimPatch, type PatchTarget } from './patch';
import {
  SCIM_SCHEMAS,
  scimErrorBody,
  scimListQuerySchema,
  scimPatchSchema,
  scimUserInputSchema,
} from './schemas';

const GROUP: PatchTarget = {
  attributes: ['displayName', 'externalId', 'members'],
  multiValued: ['members'],
  readOnly: ['id', 'meta'],
};
const USER: PatchTarget = {
  attributes: ['userName', 'name', 'displayName', 'emails', 'active', 'externalId'],
  multiValued: ['emails'],
  readOnly: ['id', 'meta'],
};

describe('parseScimFilter (RFC 7644 3.4.2.2)', () => {
  it('reads the examples of one comparison', () => {
    expect(parseScimFilter('userName eq "bjensen"')).toEqual({
      filter: { attribute: 'userName', op: 'eq', value: 'bjensen' },
    });
    expect(parseScimFilter('name.familyName co "O\'Malley"')).toEqual({
      filter: { attribute: 'name.familyName', op: 'co', value: "O'Malley" },
    });
    expect(parseScimFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"')).toEqual({
      filter: { attribute: 'userName', op: 'sw', value: 'J' },
    });
    expect(parseScimFilter('title pr')).toEqual({
      filter: { attribute: 'title', op: 'pr', value: null },
    });
    expect(parseScimFilter('active EQ true')).toEqual({
      filter: { attribute: 'active', op: 'eq', value: true },
    });
  });

  it('refuses what it does not fully understand as invalidFilter', () => {
    for (const text of [
      'title pr and userType eq "Employee"',
      'userName eq bjensen',
      'meta.lastModified gt "2011-05-13T04:42:34Z"',
      '',
    ]) {
      const parsed = parseScimFilter(text);
      expect(parsed).toMatchObject({ problem: { status: 400, scimType: 'invalidFilter' } });
    }
  });
});

describe('applyScimPatch (RFC 7644 3.5.2)', () => {
  const group = {
    displayName: 'Tour Guides',
    members: [{ value: '2819' }, { value: '902c' }],
  };

  it('adds a member (3.5.2.1) once, however often it is added', () => {
    const ops = scimPatchSchema.parse({
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [
        { op: 'add', path: 'members', value: [{ display: 'Babs Jensen', value: '2819' }] },
        { op: 'add', path: 'members', value: [{ value: '3333' }] },
      ],
    }).Operations;
    expect(applyScimPatch(group, GROUP, ops)).toEqual({
      resource: {
        displayName: 'Tour Guides',
        members: [{ value: '2819' }, { value: '902c' }, { value: '3333' }],
      },
    });
  });

  it('removes one member by a value filter, or all of them (3.5.2.2)', () => {
    expect(
      applyScimPatch(group, GROUP, [{ op: 'remove', path: 'members[value eq "2819"]' }]),
    ).toEqual({ resource: { displayName: 'Tour Guides', members: [{ value: '902c' }] } });
    expect(applyScimPatch(group, GROUP, [{ op: 'remove', path: 'members' }])).toEqual({
      resource: { displayName: 'Tour Guides' },
    });
  });

  it('replaces all members, and an attribute without a path (3.5.2.3)', () => {
    expect(
      applyScimPatch(group, GROUP, [
        { op: 'replace', path: 'members', value: [{ value: '1111' }] },
        { op: 'replace', value: { displayName: 'Guides' } },
      ]),
    ).toEqual({ resource: { displayName: 'Guides', members: [{ value: '1111' }] } });
  });

  it('replaces a sub-attribute and a filtered value of a user', () => {
    const user = {
      userName: 'bjensen',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      emails: [
        { value: 'bjensen@example.com', type: 'work' },
        { value: 'babs@jensen.org', type: 'home' },
      ],
      active: true,
    };
    const result = applyScimPatch(user, USER, [
      { op: 'replace', path: 'name.familyName', value: 'Ross' },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'b@example.com' },
      { op: 'Replace'.toLowerCase() as 'replace', path: 'active', value: false },
    ]);
    expect(result).toEqual({
      resource: {
        userName: 'bjensen',
        name: { givenName: 'Barbara', familyName: 'Ross' },
        emails: [
          { value: 'b@example.com', type: 'work' },
          { value: 'babs@jensen.org', type: 'home' },
        ],
        active: false,
      },
    });
    expect(user.active).toBe(true);
  });

  it('refuses with the RFC error types, all or nothing', () => {
    expect(applyScimPatch(group, GROUP, [{ op: 'remove' }])).toMatchObject({
      problem: { scimType: 'noTarget' },
    });
    expect(
      applyScimPatch(group, GROUP, [{ op: 'remove', path: 'members[value eq "nobody"]' }]),
    ).toMatchObject({ problem: { scimType: 'noTarget' } });
    expect(
      applyScimPatch(group, GROUP, [{ op: 'add', path: 'nickName', value: 'x' }]),
    ).toMatchObject({ problem: { scimType: 'invalidPath' } });
    expect(applyScimPatch(group, GROUP, [{ op: 'replace', path: 'id', value: '1' }])).toMatchObject(
      {
        problem: { scimType: 'mutability' },
      },
    );
    expect(applyScimPatch(group, GROUP, [{ op: 'add', path: 'members' }])).toMatchObject({
      problem: { scimType: 'invalidValue' },
    });
  });
});

describe('SCIM schemas', () => {
  it('reads the "False" strings some clients send as booleans', () => {
    expect(scimUserInputSchema.parse({ userName: 'a', active: 'False' }).active).toBe(false);
    expect(scimUserInputSchema.safeParse({ userName: 'a', active: 'nope' }).success).toBe(false);
  });

  it('requires a userName and reads ops case-insensitively', () => {
    expect(scimUserInputSchema.safeParse({ name: { givenName: 'x' } }).success).toBe(false);
    const patch = scimPatchSchema.parse({
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Remove', path: 'members' }],
    });
    expect(patch.Operations[0]?.op).toBe('remove');
    expect(
      scimPatchSchema.safeParse({ schemas: ['x'], Operations: [{ op: 'add', value: {} }] }).success,
    ).toBe(false);
  });

  it('bounds paging as RFC 7644 3.4.2.4 says', () => {
    expect(scimListQuerySchema.parse({})).toEqual({ startIndex: 1, count: 100 });
    expect(scimListQuerySchema.parse({ startIndex: '0', count: '-5' })).toEqual({
      startIndex: 1,
      count: 0,
    });
    expect(scimListQuerySchema.parse({ count: '100000' }).count).toBe(200);
  });

  it('shapes errors as RFC 7644 3.12', () => {
    expect(scimErrorBody({ status: 409, scimType: 'uniqueness', detail: 'taken' })).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
      detail: 'taken',
    });
  });
});

describe('scimFilterMatches', () => {
  const match = (text: string, actual: unknown): boolean => {
    const parsed = parseScimFilter(text);
    if ('problem' in parsed) throw new Error(parsed.problem.detail);
    return scimFilterMatches(parsed.filter, actual);
  };

  it('compares strings case-insensitively with every operator', () => {
    expect(match('type eq "WORK"', 'work')).toBe(true);
    expect(match('type ne "work"', 'home')).toBe(true);
    expect(match('value co "JENS"', 'bjensen@example.com')).toBe(true);
    expect(match('value sw "bj"', 'bjensen@example.com')).toBe(true);
    expect(match('value ew ".COM"', 'bjensen@example.com')).toBe(true);
    expect(match('value ew ".org"', 'bjensen@example.com')).toBe(false);
  });

  it('compares other values exactly, and pr means present', () => {
    expect(match('primary eq true', true)).toBe(true);
    expect(match('primary ne true', false)).toBe(true);
    expect(match('primary co true', true)).toBe(false);
    expect(match('count eq 3', 3)).toBe(true);
    expect(match('manager eq null', null)).toBe(true);
    expect(match('title pr', 'Tour Guide')).toBe(true);
    expect(match('title pr', '')).toBe(false);
    expect(match('title pr', undefined)).toBe(false);
  });

  it('refuses ordering operators and bad strings', () => {
    expect(parseScimFilter('meta.lastModified gt "2011"')).toMatchObject({
      problem: { scimType: 'invalidFilter' },
    });
    expect(parseScimFilter('userName eq "\\x"')).toMatchObject({
      problem: { scimType: 'invalidFilter' },
    });
  });
});

describe('applyScimPatch, the remaining paths', () => {
  const user = {
    userName: 'bjensen',
    name: { givenName: 'Barbara', familyName: 'Jensen' },
    emails: [
      { value: 'bjensen@example.com', type: 'work' },
      { value: 'babs@jensen.org', type: 'home' },
    ],
  };

  it('removes a sub-attribute, of one value or of the complex attribute', () => {
    expect(
      applyScimPatch(user, USER, [
        { op: 'remove', path: 'emails[type eq "work"].type' },
        { op: 'remove', path: 'name.familyName' },
      ]),
    ).toEqual({
      resource: {
        userName: 'bjensen',
        name: { givenName: 'Barbara' },
        emails: [{ value: 'bjensen@example.com' }, { value: 'babs@jensen.org', type: 'home' }],
      },
    });
  });

  it('replaces a filtered value whole, and merges an added complex value', () => {
    expect(
      applyScimPatch(user, USER, [
        { op: 'replace', path: 'emails[type eq "home"]', value: { value: 'b@home.org' } },
        { op: 'add', path: 'name', value: { middleName: 'J' } },
        { op: 'replace', path: 'emails', value: { value: 'only@example.com' } },
      ]),
    ).toEqual({
      resource: {
        userName: 'bjensen',
        name: { givenName: 'Barbara', familyName: 'Jensen', middleName: 'J' },
        emails: [{ value: 'only@example.com' }],
      },
    });
  });

  it('refuses filters on single values, bad paths and non-object values', () => {
    for (const [op, expected] of [
      [{ op: 'add', path: 'userName[value eq "x"]', value: 'y' }, 'invalidPath'],
      [{ op: 'add', path: 'emails[value gt "x"]', value: {} }, 'invalidPath'],
      [{ op: 'add', path: '9bad', value: 'y' }, 'invalidPath'],
      [{ op: 'replace', path: 'emails[type eq "work"]', value: 'plain' }, 'invalidValue'],
      [{ op: 'add', value: 'not an object' }, 'invalidValue'],
      [{ op: 'add', value: { nickName: 'x' } }, 'invalidPath'],
    ] as const) {
      expect(applyScimPatch(user, USER, [op])).toMatchObject({ problem: { scimType: expected } });
    }
  });

  it('adds to a filtered value that is not there yet without complaint', () => {
    expect(
      applyScimPatch(user, USER, [
        { op: 'add', path: 'emails[type eq "other"].value', value: 'x@example.com' },
      ]),
    ).toEqual({ resource: user });
  });
});
