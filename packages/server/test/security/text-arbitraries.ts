import fc from 'fast-check';
import type { Db } from '../../src/storage/db';

/** What a person (or an attacker) can type: graphemes, raw UTF-16 with lone surrogates, known troublemakers. */
export const arbitraryText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202E',
    '"; drop table messages; --',
    '%_\\',
    '""',
    '**',
    '🙂'.repeat(40),
  ),
);

/** Tables a refused call must leave as they were. */
const WATCHED = [
  'messages',
  'threads',
  'thread_participants',
  'delta_log',
  'promotion_logs',
  'message_reactions',
  'hidden_messages',
  'blocks',
  'bug_reports',
  'group_purposes',
  'funnel_logs',
  'funnel_batches',
  'nux_states',
  'person_settings',
  'scim_resources',
  'people',
  'pages',
  'page_admins',
] as const;

/** Row counts of the watched tables (those the database has). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of WATCHED) {
    const row = await db.kysely
      .selectFrom(table as 'messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
