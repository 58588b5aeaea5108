/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return --
 * The cases below deliberately break a valid network in place: typed access would defeat the point. */
import { describe, expect, it } from 'vitest';
import { describeNetworkProblem, messageTimeMs, validateNetwork } from './validate';

type Json = Record<string, unknown>;

const person = (id: string, username: string, extra: Json = {}): Json => ({
  id,
  name: `Person ${id}`,
  short_name: 'P',
  username,
  password: 'secret',
  account: 'personal',
  employee: false,
  messenger_only: false,
  memorialized: false,
  instagram: false,
  birthdate: { day: 1, month: 2, year: 1990 },
  picture: null,
  can_receive_money: false,
  gates: [],
  ...extra,
});

/** A small valid network touching every section. */
function sample(): Json {
  return {
    format: 'messenger-network/1',
    companies: [{ id: 'c1', name: 'Acme', prefix: 'acme' }],
    people: [
      person('1', 'ann'),
      person('2', 'bob', { account: 'work', company: 'c1', gates: ['message_search'] }),
      person('3', 'cy', { birthdate: { day: 29, month: 2 } }),
      person('4', 'dee', { picture: 'https://img.example/4.png' }),
    ],
    friendships: [
      ['1', '2'],
      ['2', '3'],
    ],
    contacts: [['1', '4']],
    blocks: [['4', '3']],
    pages: [
      { id: '10', name: 'Bakery', category: 'PAGE', verified: true, commerce: true, admins: ['1'] },
    ],
    games: [{ id: '20', name: 'Chess' }],
    threads: [
      {
        id: '30',
        kind: 'one_to_one',
        participants: ['1', '2'],
        messages: [
          { from: '1', text: 'hi :)', at: '2026-01-01T10:00:00Z' },
          { from: '2', text: 'hello', at: '2026-01-01T10:01:00.500+01:00' },
        ],
      },
      {
        id: '31',
        kind: 'group',
        name: 'Climbers',
        participants: ['1', '2', '3'],
        folders: { '3': 'PENDING' },
        nicknames: { '1': 'Annie' },
        privacy_mode: 0,
        messages: [],
      },
      { id: '32', kind: 'one_to_one', participants: ['4', '10'], messages: [] },
    ],
    settings: { allow_external_bug_reports: true },
  };
}

function refusal(mutate: (network: Json & { [key: string]: any }) => void): string {
  const network = sample();
  mutate(network);
  const result = validateNetwork(network);
  if (result.ok) throw new Error('expected the network to be refused');
  return describeNetworkProblem(result.error);
}

describe('validateNetwork', () => {
  it('accepts a valid network and fills in the defaults', () => {
    const result = validateNetwork(sample());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { network } = result;
    expect(network.people[0]?.company).toBeNull();
    expect(network.people[2]?.birthdate).toEqual({ day: 29, month: 2, year: null });
    expect(network.threads[0]).toMatchObject({
      name: null,
      folders: {},
      nicknames: {},
      privacy_mode: 1,
    });
    expect(network.threads[1]?.privacy_mode).toBe(0);
    expect(network.settings.allow_external_bug_reports).toBe(true);
  });

  it('treats missing lists and settings as empty and optional person flags as false', () => {
    const result = validateNetwork({
      format: 'messenger-network/1',
      people: [
        {
          id: '5',
          name: 'Eve',
          short_name: 'Eve',
          username: 'eve',
          password: 'pw',
          account: 'personal',
        },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.network.threads).toEqual([]);
    expect(result.network.settings).toEqual({ allow_external_bug_reports: false });
    expect(result.network.people[0]).toMatchObject({
      employee: false,
      gates: [],
      picture: null,
      birthdate: null,
    });
  });

  it('ignores unknown keys', () => {
    const network = sample();
    network.extension = { anything: true };
    expect(validateNetwork(network).ok).toBe(true);
  });

  it.each([
    ['a non-object', 42],
    ['an array', []],
    ['null', null],
  ])('refuses %s as a whole file', (_name, value) => {
    expect(validateNetwork(value)).toEqual({
      ok: false,
      error: { path: '', message: 'expected a JSON object' },
    });
  });

  it('names the path and the problem in the documented form', () => {
    const network = sample();
    (network.people as Json[])[3] = person('4', 'dee', { account: 'business' });
    expect(validateNetwork(network)).toEqual({
      ok: false,
      error: { path: 'people[3].account', message: 'expected "personal" or "work"' },
    });
  });

  it.each<[string, (n: any) => void, string]>([
    [
      'wrong format',
      (n) => (n.format = 'messenger-network/2'),
      'format: expected "messenger-network/1"',
    ],
    ['missing format', (n) => delete n.format, 'format: required'],
    ['list not a list', (n) => (n.people = {}), 'people: expected an array'],
    ['missing key', (n) => delete n.people[1].username, 'people[1].username: required'],
    ['empty name', (n) => (n.people[0].name = ''), 'people[0].name: must not be empty'],
    [
      'long name',
      (n) => (n.people[0].name = 'x'.repeat(201)),
      'people[0].name: expected at most 200 characters',
    ],
    [
      'username with space',
      (n) => (n.people[0].username = 'a b'),
      'people[0].username: expected a username without spaces',
    ],
    [
      'boolean as string',
      (n) => (n.people[2].employee = 'yes'),
      'people[2].employee: expected true or false',
    ],
    ['numeric id', (n) => (n.people[0].id = 1), 'people[0].id: expected a string of digits'],
    ['non-digit id', (n) => (n.people[0].id = 'p1'), 'people[0].id: expected a string of digits'],
    ['missing id', (n) => delete n.games[0].id, 'games[0].id: required'],
    [
      'unknown gate',
      (n) => (n.people[1].gates = ['message_search', 'x']),
      'people[1].gates[1]: expected "message_search", "group_search", "workchat_search_context" or "external_bug_report"',
    ],
    [
      'bad month',
      (n) => (n.people[0].birthdate.month = 13),
      'people[0].birthdate.month: expected a number at most 12',
    ],
    [
      'fractional day',
      (n) => (n.people[0].birthdate.day = 1.5),
      'people[0].birthdate.day: expected an integer',
    ],
    [
      'impossible day',
      (n) => (n.people[0].birthdate = { day: 31, month: 4 }),
      'people[0].birthdate.day: not a day of that month',
    ],
    [
      'no leap day',
      (n) => (n.people[0].birthdate = { day: 29, month: 2, year: 2023 }),
      'people[0].birthdate.day: not a day of that month',
    ],
    [
      'javascript picture',
      (n) => (n.people[0].picture = 'javascript:alert(1)'),
      'people[0].picture: expected an http(s) URL, a path, or null',
    ],
    [
      'bad company prefix',
      (n) => (n.companies[0].prefix = 'evil.example/'),
      'companies[0].prefix: expected a subdomain prefix (letters, digits and hyphens)',
    ],
    [
      'duplicate company',
      (n) => n.companies.push({ id: 'c1', name: 'B', prefix: 'b' }),
      'companies[1].id: duplicate company id "c1" (also companies[0])',
    ],
    [
      'duplicate person id',
      (n) => (n.people[2].id = '1'),
      'people[2].id: duplicate id "1" (also people[0])',
    ],
    [
      'id shared with a page',
      (n) => (n.pages[0].id = '3'),
      'pages[0].id: duplicate id "3" (also people[2])',
    ],
    [
      'id shared with a game',
      (n) => (n.games[0].id = '10'),
      'games[0].id: duplicate id "10" (also pages[0])',
    ],
    [
      'id shared with a thread',
      (n) => (n.threads[2].id = '20'),
      'threads[2].id: duplicate id "20" (also games[0])',
    ],
    [
      'duplicate username',
      (n) => (n.people[3].username = 'ANN'),
      'people[3].username: duplicate username "ANN" (also people[0])',
    ],
    [
      'work without company',
      (n) => delete n.people[1].company,
      'people[1].company: required for a work account',
    ],
    [
      'unknown company',
      (n) => (n.people[1].company = 'c9'),
      'people[1].company: unknown company "c9"',
    ],
    [
      'dangling friendship',
      (n) => (n.friendships[1] = ['2', '99']),
      'friendships[1][1]: unknown person id "99"',
    ],
    [
      'friendship with a page',
      (n) => (n.friendships[0] = ['10', '1']),
      'friendships[0][0]: unknown person id "10"',
    ],
    [
      'self friendship',
      (n) => (n.friendships[0] = ['1', '1']),
      'friendships[0][1]: a person cannot be paired with themselves',
    ],
    ['short pair', (n) => (n.contacts[0] = ['1']), 'contacts[0]: expected at least 2 items'],
    [
      'long pair',
      (n) => (n.contacts[0] = ['1', '2', '3']),
      'contacts[0]: expected at most 2 items',
    ],
    ['dangling block', (n) => (n.blocks[0] = ['4', '77']), 'blocks[0][1]: unknown person id "77"'],
    [
      'bad category',
      (n) => (n.pages[0].category = 'SHOP'),
      'pages[0].category: expected "PAGE", "WORKPLACE_BOT" or "MEETING_ROOM"',
    ],
    [
      'dangling admin',
      (n) => (n.pages[0].admins = ['1', '42']),
      'pages[0].admins[1]: unknown person id "42"',
    ],
    [
      'duplicate admin',
      (n) => (n.pages[0].admins = ['1', '1']),
      'pages[0].admins[1]: duplicate admin "1"',
    ],
    [
      'bad thread kind',
      (n) => (n.threads[0].kind = 'channel'),
      'threads[0].kind: expected "one_to_one" or "group"',
    ],
    [
      'no participants',
      (n) => (n.threads[1].participants = []),
      'threads[1].participants: expected at least 1 item',
    ],
    [
      'dangling participant',
      (n) => n.threads[1].participants.push('20'),
      'threads[1].participants[3]: unknown person or page id "20"',
    ],
    [
      'duplicate participant',
      (n) => n.threads[1].participants.push('1'),
      'threads[1].participants[3]: duplicate participant "1"',
    ],
    [
      'one_to_one of three',
      (n) => n.threads[0].participants.push('3'),
      'threads[0].participants: a one_to_one thread has exactly two participants',
    ],
    [
      'one_to_one of one',
      (n) => n.threads[0].participants.pop(),
      'threads[0].participants: a one_to_one thread has exactly two participants',
    ],
    [
      'page in a group',
      (n) => n.threads[1].participants.push('10'),
      'threads[1].participants: a thread with a page is a one_to_one thread of one person and the page',
    ],
    [
      'bad privacy mode',
      (n) => (n.threads[1].privacy_mode = 2),
      'threads[1].privacy_mode: expected 0 or 1',
    ],
    [
      'bad folder tag',
      (n) => (n.threads[1].folders = { '3': 'not ok' }),
      'threads[1].folders["3"]: expected a folder tag such as "OTHER" or "PENDING"',
    ],
    [
      'folder of a stranger',
      (n) => (n.threads[1].folders = { '4': 'OTHER' }),
      'threads[1].folders["4"]: not a participant of this thread',
    ],
    [
      'nickname of a stranger',
      (n) => (n.threads[1].nicknames = { '4': 'D' }),
      'threads[1].nicknames["4"]: not a participant of this thread',
    ],
    [
      'sender not a participant',
      (n) => (n.threads[0].messages[1].from = '3'),
      'threads[0].messages[1].from: not a participant of this thread',
    ],
    [
      'sender missing',
      (n) => delete n.threads[0].messages[0].from,
      'threads[0].messages[0].from: required',
    ],
    [
      'time not ISO',
      (n) => (n.threads[0].messages[0].at = 'Jan 1 2026'),
      'threads[0].messages[0].at: expected an ISO 8601 date-time',
    ],
    [
      'impossible date',
      (n) => (n.threads[0].messages[0].at = '2026-02-30T10:00:00Z'),
      'threads[0].messages[0].at: expected an ISO 8601 date-time',
    ],
    [
      'text not a string',
      (n) => (n.threads[0].messages[0].text = 5),
      'threads[0].messages[0].text: expected a string',
    ],
    ['settings not an object', (n) => (n.settings = []), 'settings: expected an object'],
    [
      'settings flag',
      (n) => (n.settings = { allow_external_bug_reports: 1 }),
      'settings.allow_external_bug_reports: expected true or false',
    ],
  ])('refuses %s', (_name, mutate, expected) => {
    expect(refusal(mutate)).toBe(expected);
  });

  it('reports the first problem in document order, whatever the key order', () => {
    const message = refusal((n) => {
      n.threads[0].kind = 'x';
      n.people[1].account = 'x';
    });
    expect(message).toBe('people[1].account: expected "personal" or "work"');
  });
});

describe('messageTimeMs', () => {
  it('reads UTC and offset times', () => {
    expect(messageTimeMs('2026-01-01T10:00:00Z')).toBe(Date.UTC(2026, 0, 1, 10));
    expect(messageTimeMs('2026-01-01T10:00:00+01:00')).toBe(Date.UTC(2026, 0, 1, 9));
  });
});
