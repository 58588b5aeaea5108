import { isBirthday, threadPermalink, userPermalink, wordsOf, flattenName } from '@messenger/core';
import type { PersonRow } from './people-repo';

/**
 * Path prefix of the messenger's pages in the web client; permalinks are built
 * with core's permalink rules under it.
 */
export const MESSAGES_PATH_PREFIX = '/messages';

/** The user-id permalink (`/messages/t/<id>`), or null for an id the permalink rules refuse. */
export function userUri(id: string): string | null {
  try {
    return userPermalink({ prefix: MESSAGES_PATH_PREFIX, userId: id });
  } catch {
    return null;
  }
}

export function threadUri(id: string, folder = 'INBOX'): string | null {
  try {
    return threadPermalink({ prefix: MESSAGES_PATH_PREFIX, tag: folder, threadId: id });
  } catch {
    return null;
  }
}

/**
 * Extra words a person is found by: the short name when it is not already a
 * word of the full name ("Bob" for "Robert Smith").
 */
export function personSearchTokens(row: Pick<PersonRow, 'name' | 'short_name'>): string[] {
  const nameWords = new Set(wordsOf(flattenName(row.name)));
  const shortWords = wordsOf(flattenName(row.short_name));
  return shortWords.length > 0 && !shortWords.every((w) => nameWords.has(w))
    ? [row.short_name]
    : [];
}

/** Birthdays are compared in UTC: the server has no idea of the reader's time zone. */
export function personIsBirthday(
  row: Pick<PersonRow, 'birth_day' | 'birth_month'>,
  nowMs: number,
): boolean {
  if (row.birth_day === null || row.birth_month === null) return false;
  const today = new Date(nowMs);
  return isBirthday(
    { day: row.birth_day, month: row.birth_month },
    { day: today.getUTCDate(), month: today.getUTCMonth() + 1 },
  );
}
