/**
 * The web-render benchmark's network: two people and one one-to-one thread
 * between them with a long history. Texts vary in length, and some carry an
 * emoticon or a link, so every row goes through the message tokenizer the
 * way real messages do.
 */
export const PASSWORD = 'bench-password';
export const THREAD_ID = '7100000001';
export const READER = { id: '1000001', username: 'render_reader', password: PASSWORD };
const WRITER = { id: '1000002', username: 'render_writer' };

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
];

function textOf(m: number): string {
  const words = 3 + ((m * 7) % 23);
  const parts = Array.from({ length: words }, (_, w) => WORDS[(m * 31 + w * 17) % WORDS.length]!);
  if (m % 7 === 0) parts.push(':)');
  if (m % 11 === 0) parts.push(`see example.com/notes/${m}`);
  return `${m} ${parts.join(' ')}`;
}

function person(p: { id: string; username: string }, name: string) {
  return {
    id: p.id,
    name,
    short_name: name.split(' ')[0],
    username: p.username,
    password: PASSWORD,
    account: 'personal',
    employee: false,
    messenger_only: false,
    memorialized: false,
    instagram: false,
    birthdate: { day: 1, month: 1 },
    picture: null,
    can_receive_money: false,
    gates: [],
  };
}

export function generateRenderNetwork(messages: number): Record<string, unknown> {
  const start = Date.UTC(2025, 0, 1);
  return {
    format: 'messenger-network/1',
    companies: [],
    people: [person(READER, 'Rena Reader'), person(WRITER, 'Walt Writer')],
    friendships: [[READER.id, WRITER.id]],
    contacts: [],
    blocks: [],
    pages: [],
    games: [],
    threads: [
      {
        id: THREAD_ID,
        kind: 'one_to_one',
        name: null,
        participants: [READER.id, WRITER.id],
        privacy_mode: 1,
        messages: Array.from({ length: messages }, (_, m) => ({
          from: m % 3 === 0 ? READER.id : WRITER.id,
          text: textOf(m),
          at: new Date(start + m * 60_000).toISOString(),
        })),
      },
    ],
    settings: { allow_external_bug_reports: false },
  };
}
