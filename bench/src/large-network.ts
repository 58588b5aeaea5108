/**
 * A network file of any size for benchmarks: people in friendship clusters,
 * coworkers in companies, pages, and threads whose histories add up to the
 * requested number of messages. Deterministic for a given seed.
 */
export interface LargeNetworkOptions {
  people: number;
  messages: number;
  /** Messages per thread on average (threads = messages / this). */
  messagesPerThread?: number;
  seed?: number;
}

const FIRST = [
  'Ada',
  'Björn',
  'Chloé',
  'Dmitri',
  'Émile',
  'Fatima',
  'Gustav',
  'Hana',
  'Ingrid',
  'Jörg',
  'Kenji',
  'Léa',
  'Mateo',
  'Nadia',
  'Olek',
  'Priya',
  'Quinn',
  'Rósa',
  'Søren',
  'Tomás',
  'Ursula',
  'Vera',
  'Wen',
  'Xavier',
  'Yara',
  'Zoë',
];
const LAST = [
  'Andersen',
  'Bauer',
  'Çelik',
  'Dubois',
  'Eriksson',
  'Fischer',
  'García',
  'Horvath',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'López',
  'Müller',
  'Nakamura',
  'Øster',
  'Petrov',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Valdés',
  'Weiß',
  'Xu',
  'Yilmaz',
  'Zhang',
];
const WORDS = [
  'lunch',
  'tomorrow',
  'meeting',
  'project',
  'deadline',
  'coffee',
  'weekend',
  'photos',
  'concert',
  'tickets',
  'budget',
  'review',
  'train',
  'birthday',
  'recipe',
  'football',
  'release',
  'garden',
  'library',
  'museum',
  'holiday',
  'invoice',
  'draft',
  'slides',
  'bakery',
  'climbing',
  'movie',
  'dinner',
  'report',
  'launch',
];

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateLargeNetwork(options: LargeNetworkOptions): Record<string, unknown> {
  const random = prng(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const personId = (i: number): string => String(1_000_000 + i);
  const companies = [
    { id: '9000001', name: 'Bench Works', prefix: 'benchworks' },
    { id: '9000002', name: 'Load Labs', prefix: 'loadlabs' },
  ];
  const people = Array.from({ length: options.people }, (_, i) => {
    const work = i % 5 === 0;
    const first = pick(FIRST);
    const last = pick(LAST);
    return {
      id: personId(i),
      name: `${first} ${last}`,
      short_name: first,
      username: `user${i}`,
      password: 'bench-password',
      account: work ? 'work' : 'personal',
      ...(work ? { company: companies[i % 2]!.id } : {}),
      employee: i % 50 === 0,
      messenger_only: i % 23 === 0,
      memorialized: i % 97 === 0,
      instagram: i % 31 === 0,
      birthdate: { day: 1 + (i % 28), month: 1 + (i % 12), year: 1960 + (i % 45) },
      picture: null,
      can_receive_money: i % 3 !== 0,
      gates: i % 2 === 0 ? ['message_search', 'group_search'] : [],
    };
  });
  // Friendship clusters of 50 with a few links across clusters: about 25 friends each.
  const friendships: [string, string][] = [];
  for (let i = 0; i < options.people; i++) {
    const cluster = Math.floor(i / 50) * 50;
    for (let k = 0; k < 12; k++) {
      const j = cluster + Math.floor(random() * 50);
      if (j > i && j < options.people) friendships.push([personId(i), personId(j)]);
    }
    const far = Math.floor(random() * options.people);
    if (far !== i && Math.floor(far / 50) * 50 !== cluster)
      friendships.push([personId(i), personId(far)]);
  }
  const unique = new Map(
    friendships.map(([a, b]) => [a < b ? `${a}|${b}` : `${b}|${a}`, [a, b] as [string, string]]),
  );
  const pages = Array.from({ length: Math.max(3, Math.floor(options.people / 100)) }, (_, i) => ({
    id: String(8_000_000 + i),
    name: `${pick(WORDS)} ${pick(LAST)} ${['Page', 'Bot', 'Room'][i % 3]!}`,
    category: (['PAGE', 'WORKPLACE_BOT', 'MEETING_ROOM'] as const)[i % 3]!,
    verified: i % 4 === 0,
    commerce: i % 5 === 0,
    admins: [personId(i % options.people)],
  }));
  const perThread = options.messagesPerThread ?? 100;
  const threadCount = Math.max(1, Math.ceil(options.messages / perThread));
  const start = Date.UTC(2026, 0, 1);
  let remaining = options.messages;
  const threads = Array.from({ length: threadCount }, (_, t) => {
    const group = t % 4 === 0;
    const a = Math.floor(random() * options.people);
    const size = group ? 3 + Math.floor(random() * 8) : 2;
    const participants = new Set([personId(a)]);
    while (participants.size < size) {
      const cluster = Math.floor(a / 50) * 50;
      const j = Math.min(options.people - 1, cluster + Math.floor(random() * 50));
      participants.add(personId(j === a ? (a + 1) % options.people : j));
    }
    const list = [...participants];
    const count = Math.min(remaining, t === threadCount - 1 ? remaining : perThread);
    remaining -= count;
    const messages = Array.from({ length: count }, (_, m) => ({
      from: list[m % list.length]!,
      text: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${m}`,
      at: new Date(start + t * 1000 + m * 60_000).toISOString(),
    }));
    return {
      id: String(7_000_000_000 + t),
      kind: group ? 'group' : 'one_to_one',
      name: group ? `${pick(WORDS)} crew ${t}` : null,
      participants: list,
      privacy_mode: group && t % 8 === 0 ? 0 : 1,
      messages,
    };
  });
  return {
    format: 'messenger-network/1',
    companies,
    people,
    friendships: [...unique.values()],
    contacts: [],
    blocks: [],
    pages,
    games: [{ id: '8999999', name: 'Bench Chess' }],
    threads,
    settings: { allow_external_bug_reports: true },
  };
}
