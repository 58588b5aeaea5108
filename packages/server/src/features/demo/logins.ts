import type { Network, NetworkPerson } from '@messenger/core';
import { DEMO_PASSWORD } from './people';

export interface DemoLogin {
  username: string;
  password: string;
  kind: string;
}

/** What kind of account a person is, in words for the login table; null for memorialized accounts (no login). */
export function accountKindOf(
  person: NetworkPerson,
  companyName: (id: string) => string,
): string | null {
  if (person.memorialized) return null;
  if (person.instagram) return 'Instagram user';
  if (person.messenger_only) return 'messenger-only';
  const company = person.company === null ? '' : ` (${companyName(person.company)})`;
  if (person.account === 'work')
    return person.employee ? `employee with work account${company}` : `work account${company}`;
  return person.employee ? 'employee' : 'personal';
}

/** The first person of each account kind: one demo login per kind, taken from the network itself. */
export function demoLogins(network: Network, password = DEMO_PASSWORD): DemoLogin[] {
  const companies = new Map(network.companies.map((c) => [c.id, c.name]));
  const seen = new Set<string>();
  const logins: DemoLogin[] = [];
  for (const person of network.people) {
    const kind = accountKindOf(person, (id) => companies.get(id) ?? id);
    if (kind === null || seen.has(kind)) continue;
    seen.add(kind);
    logins.push({ username: person.username, password, kind });
  }
  return logins;
}

/** A plain-text table for the terminal. */
export function formatLoginTable(logins: readonly DemoLogin[]): string {
  const rows = [
    ['username', 'password', 'account'],
    ...logins.map((l) => [l.username, l.password, l.kind]),
  ];
  const widths = [0, 1].map((col) => Math.max(...rows.map((row) => row[col]?.length ?? 0)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, col) => (col < 2 ? cell.padEnd(widths[col] ?? 0) : cell))
      .join('  ')
      .trimEnd();
  return [line(rows[0] ?? []), ...rows.slice(1).map(line)].join('\n');
}
