/**
 * A small handcrafted network (messenger-network/1) with every kind of viewer
 * and every kind of search result, so tests never lean on the example
 * network's names. Ids are arbitrary digit strings.
 */

export const PASSWORD = 'fixture-password-1';

interface PersonSpec {
  id: string;
  name: string;
  short_name?: string;
  account?: 'personal' | 'work';
  company?: string;
  employee?: boolean;
  messenger_only?: boolean;
  memorialized?: boolean;
  instagram?: boolean;
  can_receive_money?: boolean;
  gates?: string[];
  birthdate?: { day: number; month: number };
}

const COMPANY = '31';
const OTHER_COMPANY = '32';

/** The viewers of the permission matrix (no gates unless the name says so). */
export const VIEWERS = {
  ordinary: { id: '6101', name: 'Olive Ordinary' },
  work: { id: '6102', name: 'Walter Worker', account: 'work', company: COMPANY },
  employee: { id: '6103', name: 'Emma Employee', employee: true },
  employeeWork: {
    id: '6104',
    name: 'Ewan Staffwork',
    account: 'work',
    company: COMPANY,
    employee: true,
  },
  gated: {
    id: '6105',
    name: 'Greta Gated',
    gates: ['message_search', 'group_search'],
  },
  workGated: {
    id: '6106',
    name: 'Wanda Workchat',
    account: 'work',
    company: COMPANY,
    gates: ['workchat_search_context', 'message_search'],
  },
} as const satisfies Record<string, PersonSpec>;

export type ViewerName = keyof typeof VIEWERS;

/** People the searches find. */
export const PEOPLE = {
  exactAnn: { id: '6201', name: 'Ann', can_receive_money: true },
  annaFriend: { id: '6202', name: 'Anna Berg', can_receive_money: true },
  annabelStranger: { id: '6203', name: 'Annabel Lee' },
  hannaContact: { id: '6204', name: 'Hanna Anders' },
  zedFriend: { id: '6205', name: 'Zed Annex', can_receive_money: false },
  memorialFriend: {
    id: '6206',
    name: 'Anne Memorial',
    memorialized: true,
    can_receive_money: true,
  },
  blockedFriend: { id: '6207', name: 'Annika Blocked', can_receive_money: true },
  instaPerson: { id: '6208', name: 'Ingrid Anselm', instagram: true },
  messengerOnly: { id: '6209', name: 'Mona Ansari', messenger_only: true },
  accented: { id: '6210', name: 'Éloïse Ångström', short_name: 'Lou' },
  coworker: { id: '6211', name: 'Cora Annet', account: 'work', company: COMPANY },
  outsider: { id: '6212', name: 'Otto Annsen', account: 'work', company: OTHER_COMPANY },
  talkedStranger: { id: '6213', name: 'Anouk Talker' },
  birthday: { id: '6214', name: 'Bruno Birthday', birthdate: { day: 15, month: 1 } },
} as const satisfies Record<string, PersonSpec>;

export const PAGES = {
  bakery: { id: '6301', name: 'Annex Bakery', category: 'PAGE', verified: true, commerce: true },
  fair: { id: '6302', name: 'Annual Fair', category: 'PAGE', verified: false, commerce: false },
  room: { id: '6303', name: 'Anvil Meeting Room', category: 'MEETING_ROOM' },
  bot: { id: '6304', name: 'Anchor Bot', category: 'WORKPLACE_BOT' },
} as const;

export const GAMES = { anagram: { id: '6401', name: 'Anagram Duel' } } as const;

export const THREADS = {
  /** ordinary ↔ annaFriend, the most recent. */
  direct: '6501',
  /** A room (privacy_mode 0) with several viewers. */
  room: '6502',
  /** An unnamed group of ordinary, gated, a stranger and a contact. */
  unnamed: '6503',
  /** ordinary writing to the bakery page: one unread thread for its admin. */
  toBakery: '6504',
  /** ordinary ↔ talkedStranger (older): a recent conversation partner. */
  talked: '6505',
  /** A filtered (OTHER) one-to-one of ordinary. */
  filtered: '6506',
  /** A private group (privacy_mode 1) with the gated viewer. */
  privateGroup: '6507',
} as const;

function person(spec: PersonSpec, username: string) {
  return {
    id: spec.id,
    name: spec.name,
    short_name: spec.short_name ?? spec.name.split(' ')[0] ?? spec.name,
    username,
    password: PASSWORD,
    account: spec.account ?? 'personal',
    ...(spec.company === undefined ? {} : { company: spec.company }),
    employee: spec.employee ?? false,
    messenger_only: spec.messenger_only ?? false,
    memorialized: spec.memorialized ?? false,
    instagram: spec.instagram ?? false,
    can_receive_money: spec.can_receive_money ?? false,
    gates: spec.gates ?? [],
    ...(spec.birthdate === undefined ? {} : { birthdate: spec.birthdate }),
  };
}

export const usernameOf = (key: string): string => `fx.${key.toLowerCase()}`;

const at = (day: number, hour: number) => new Date(Date.UTC(2025, 2, day, hour)).toISOString();

export function fixtureNetwork() {
  const o = VIEWERS.ordinary.id;
  const p = PEOPLE;
  const allViewers = Object.values(VIEWERS).map((v) => v.id);
  return {
    format: 'messenger-network/1',
    companies: [
      { id: COMPANY, name: 'Initrode', prefix: 'initrode' },
      { id: OTHER_COMPANY, name: 'Vandelay', prefix: 'vandelay' },
    ],
    people: [
      ...Object.entries(VIEWERS).map(([key, spec]) => person(spec, usernameOf(key))),
      ...Object.entries(PEOPLE).map(([key, spec]) => person(spec, usernameOf(key))),
    ],
    friendships: [
      // Every viewer is friends with annaFriend, zedFriend, memorialFriend and blockedFriend.
      ...allViewers.flatMap((v) => [
        [v, p.annaFriend.id],
        [v, p.zedFriend.id],
        [v, p.memorialFriend.id],
        [v, p.blockedFriend.id],
        [v, p.birthday.id],
      ]),
      [o, p.exactAnn.id],
    ],
    contacts: allViewers.map((v) => [v, p.hannaContact.id]),
    blocks: allViewers.map((v) => [v, p.blockedFriend.id]),
    pages: [
      { ...PAGES.bakery, admins: [o] },
      { ...PAGES.fair, admins: [] },
      { ...PAGES.room, verified: false, commerce: false, admins: [] },
      { ...PAGES.bot, verified: false, commerce: false, admins: [] },
    ],
    games: [GAMES.anagram],
    threads: [
      {
        id: THREADS.talked,
        kind: 'one_to_one',
        participants: [o, p.talkedStranger.id],
        messages: [{ from: p.talkedStranger.id, text: 'ferry leaves at noon', at: at(1, 9) }],
      },
      {
        id: THREADS.direct,
        kind: 'one_to_one',
        participants: [o, p.annaFriend.id],
        nicknames: { [p.annaFriend.id]: 'Nana' },
        messages: [
          { from: o, text: 'lunch tomorrow?', at: at(5, 9) },
          { from: p.annaFriend.id, text: 'Lunch sounds great', at: at(5, 10) },
          { from: p.annaFriend.id, text: 'bring the keys', at: at(5, 11) },
        ],
      },
      {
        id: THREADS.room,
        kind: 'group',
        name: 'Book Annex',
        privacy_mode: 0,
        participants: [...allViewers, p.annaFriend.id, p.annabelStranger.id, p.memorialFriend.id],
        messages: [
          { from: VIEWERS.gated.id, text: 'lunch plans for the club', at: at(3, 9) },
          { from: o, text: 'Crème brûlée recipe', at: at(3, 10) },
          { from: p.annaFriend.id, text: 'lunch at the annex', at: at(3, 11) },
          { from: VIEWERS.employee.id, text: 'see the lunch menu', at: at(3, 12) },
        ],
      },
      {
        id: THREADS.unnamed,
        kind: 'group',
        participants: [o, VIEWERS.gated.id, p.annabelStranger.id, p.hannaContact.id],
        messages: [{ from: p.hannaContact.id, text: 'hello group', at: at(2, 9) }],
      },
      {
        id: THREADS.toBakery,
        kind: 'one_to_one',
        participants: [o, PAGES.bakery.id],
        messages: [{ from: o, text: 'is the shop open?', at: at(4, 9) }],
      },
      {
        id: THREADS.filtered,
        kind: 'one_to_one',
        participants: [o, p.outsider.id],
        folders: { [o]: 'OTHER' },
        messages: [{ from: p.outsider.id, text: 'buy my lunch coupons', at: at(4, 12) }],
      },
      {
        id: THREADS.privateGroup,
        kind: 'group',
        name: 'Annex Planning',
        privacy_mode: 1,
        participants: [VIEWERS.gated.id, VIEWERS.employee.id, VIEWERS.employeeWork.id, o],
        messages: [{ from: VIEWERS.gated.id, text: 'private lunch notes', at: at(2, 12) }],
      },
    ],
    settings: { allow_external_bug_reports: false },
  };
}
