/**
 * Presence statuses carried by the sidebar preload's `buddies` (seed 3). Each
 * buddy is written `"<id>-<STATUS>"`, e.g. `"1234-ACTIVE"`; the suffix is
 * everything after the last '-', so ids may themselves contain '-'.
 */
export const PRESENCE_STATUSES = ['ACTIVE', 'IDLE', 'OFFLINE'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

const STATUS_SET: ReadonlySet<string> = new Set(PRESENCE_STATUSES);

function isPresenceStatus(value: string): value is PresenceStatus {
  return STATUS_SET.has(value);
}

export function formatBuddy(id: string, status: PresenceStatus): string {
  return `${id}-${status}`;
}

/** Splits a buddy into id and status, or null when either part is missing or unknown. */
export function parseBuddy(buddy: string): { id: string; status: PresenceStatus } | null {
  const dash = buddy.lastIndexOf('-');
  if (dash <= 0) return null;
  const status = buddy.slice(dash + 1);
  if (!isPresenceStatus(status)) return null;
  return { id: buddy.slice(0, dash), status };
}

/**
 * Ids of the buddies whose suffix is exactly `status` (seed 4: a person is
 * included only if the presence status matches; the active list asks for
 * ACTIVE). Malformed buddies are skipped; each id appears once.
 */
export function filterByPresence(buddies: readonly string[], status: PresenceStatus): string[] {
  const ids: string[] = [];
  for (const buddy of buddies) {
    const parsed = parseBuddy(buddy);
    if (parsed !== null && parsed.status === status && !ids.includes(parsed.id)) {
      ids.push(parsed.id);
    }
  }
  return ids;
}

/** The people whose id is among the buddies with the given status, in their own order. */
export function peopleWithPresence<T extends { id: string }>(
  people: readonly T[],
  buddies: readonly string[],
  status: PresenceStatus,
): T[] {
  const ids = new Set(filterByPresence(buddies, status));
  return people.filter((person) => ids.has(person.id));
}
