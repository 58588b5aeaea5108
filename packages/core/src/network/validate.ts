import type { z } from 'zod';
import { formatIssuePath } from '../schemas/format-issue';
import { NetworkIndex, type NetworkProblem } from './cross-check';
import { networkIssueMessage } from './issue-message';
import { networkSections, type Network } from './schema';

export type NetworkValidation =
  { ok: true; network: Network } | { ok: false; error: NetworkProblem };

type Sections = typeof networkSections;
type SectionName = keyof Sections;

/** Unwinds validation at the first problem; never leaves validateNetwork. */
class Refused extends Error {
  constructor(readonly problem: NetworkProblem) {
    super(problem.message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a parsed JSON value against `messenger-network/1` and every
 * cross-reference. The file is checked section by section in the order of
 * NETWORK_FORMAT.md, each section's shape before its references, so the
 * problem reported is the first one in that order.
 */
export function validateNetwork(json: unknown): NetworkValidation {
  if (!isRecord(json)) {
    return { ok: false, error: { path: '', message: 'expected a JSON object' } };
  }
  const parse = <K extends SectionName>(key: K): z.output<Sections[K]> => {
    const result = networkSections[key].safeParse(json[key], {
      error: networkIssueMessage,
      reportInput: true,
    });
    if (result.success) return result.data as z.output<Sections[K]>;
    const [issue] = result.error.issues;
    throw new Refused({
      path: formatIssuePath([key, ...(issue?.path ?? [])]),
      message: issue?.message ?? 'is invalid',
    });
  };
  const check = (found: NetworkProblem | null): void => {
    if (found) throw new Refused(found);
  };

  try {
    const index = new NetworkIndex();
    const format = parse('format');
    const companies = parse('companies');
    check(index.checkCompanies(companies));
    const people = parse('people');
    check(index.checkPeople(people));
    const friendships = parse('friendships');
    check(index.checkPairs('friendships', friendships));
    const contacts = parse('contacts');
    check(index.checkPairs('contacts', contacts));
    const blocks = parse('blocks');
    check(index.checkPairs('blocks', blocks));
    const pages = parse('pages');
    check(index.checkPages(pages));
    const games = parse('games');
    check(index.checkGames(games));
    const threads = parse('threads');
    check(index.checkThreads(threads));
    const settings = parse('settings');
    const network: Network = {
      format,
      companies,
      people,
      friendships,
      contacts,
      blocks,
      pages,
      games,
      threads,
      settings,
    };
    return { ok: true, network };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.problem };
    throw error;
  }
}

/** `people[3].account: expected "personal" or "work"`: how a refusal is shown. */
export function describeNetworkProblem(problem: NetworkProblem): string {
  return problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`;
}

/** Milliseconds since the epoch of a validated message time. */
export function messageTimeMs(at: string): number {
  return Date.parse(at);
}
