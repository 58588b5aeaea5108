import { formatIssuePath } from '../schemas/format-issue';
import type {
  NetworkCompany,
  NetworkGame,
  NetworkPage,
  NetworkPair,
  NetworkPerson,
  NetworkThread,
} from './schema';

export interface NetworkProblem {
  /** JSON path of the problem, e.g. `people[3].account`; '' for the whole file. */
  path: string;
  message: string;
}

type PathPart = string | number;

const problem = (parts: readonly PathPart[], message: string): NetworkProblem => ({
  path: formatIssuePath(parts),
  message,
});

/**
 * What the sections checked so far have declared. The checks run section by
 * section in document order, so a reference is only ever checked against
 * sections that come before it (people before friendships, pages before threads).
 */
export class NetworkIndex {
  readonly companyIds = new Map<string, number>();
  /** Every id of people, pages, games and threads → where it was first declared. */
  readonly ids = new Map<string, string>();
  readonly personIds = new Set<string>();
  readonly pageIds = new Set<string>();
  private readonly usernames = new Map<string, number>();

  checkCompanies(companies: readonly NetworkCompany[]): NetworkProblem | null {
    for (const [i, company] of companies.entries()) {
      const first = this.companyIds.get(company.id);
      if (first !== undefined) {
        return problem(
          ['companies', i, 'id'],
          `duplicate company id ${JSON.stringify(company.id)} (also companies[${first}])`,
        );
      }
      this.companyIds.set(company.id, i);
    }
    return null;
  }

  checkPeople(people: readonly NetworkPerson[]): NetworkProblem | null {
    for (const [i, person] of people.entries()) {
      const found =
        this.declare(person.id, ['people', i]) ??
        this.checkUsername(person.username, i) ??
        this.checkCompany(person, i);
      if (found) return found;
      this.personIds.add(person.id);
    }
    return null;
  }

  /** friendships, contacts and blocks: pairs of two different existing people. */
  checkPairs(section: string, pairs: readonly NetworkPair[]): NetworkProblem | null {
    for (const [i, pair] of pairs.entries()) {
      for (const side of [0, 1] as const) {
        if (!this.personIds.has(pair[side])) {
          return problem([section, i, side], `unknown person id ${JSON.stringify(pair[side])}`);
        }
      }
      if (pair[0] === pair[1]) {
        return problem([section, i, 1], 'a person cannot be paired with themselves');
      }
    }
    return null;
  }

  checkPages(pages: readonly NetworkPage[]): NetworkProblem | null {
    for (const [i, page] of pages.entries()) {
      const duplicate = this.declare(page.id, ['pages', i]);
      if (duplicate) return duplicate;
      const admins = new Set<string>();
      for (const [j, admin] of page.admins.entries()) {
        if (!this.personIds.has(admin)) {
          return problem(['pages', i, 'admins', j], `unknown person id ${JSON.stringify(admin)}`);
        }
        if (admins.has(admin)) {
          return problem(['pages', i, 'admins', j], `duplicate admin ${JSON.stringify(admin)}`);
        }
        admins.add(admin);
      }
      this.pageIds.add(page.id);
    }
    return null;
  }

  checkGames(games: readonly NetworkGame[]): NetworkProblem | null {
    for (const [i, game] of games.entries()) {
      const duplicate = this.declare(game.id, ['games', i]);
      if (duplicate) return duplicate;
    }
    return null;
  }

  checkThreads(threads: readonly NetworkThread[]): NetworkProblem | null {
    for (const [i, thread] of threads.entries()) {
      const found = this.declare(thread.id, ['threads', i]) ?? this.checkThread(thread, i);
      if (found) return found;
    }
    return null;
  }

  private declare(id: string, where: [string, number]): NetworkProblem | null {
    const first = this.ids.get(id);
    if (first !== undefined) {
      return problem([...where, 'id'], `duplicate id ${JSON.stringify(id)} (also ${first})`);
    }
    this.ids.set(id, formatIssuePath(where));
    return null;
  }

  private checkUsername(username: string, i: number): NetworkProblem | null {
    // Case-insensitively unique: logins must not depend on how a name is capitalised.
    const key = username.toLowerCase();
    const first = this.usernames.get(key);
    if (first !== undefined) {
      return problem(
        ['people', i, 'username'],
        `duplicate username ${JSON.stringify(username)} (also people[${first}])`,
      );
    }
    this.usernames.set(key, i);
    return null;
  }

  private checkCompany(person: NetworkPerson, i: number): NetworkProblem | null {
    if (person.account !== 'work') return null;
    if (person.company === null) {
      return problem(['people', i, 'company'], 'required for a work account');
    }
    if (!this.companyIds.has(person.company)) {
      return problem(['people', i, 'company'], `unknown company ${JSON.stringify(person.company)}`);
    }
    return null;
  }

  private checkThread(thread: NetworkThread, i: number): NetworkProblem | null {
    const at = (...parts: PathPart[]): PathPart[] => ['threads', i, ...parts];
    const members = new Set<string>();
    let pages = 0;
    for (const [j, id] of thread.participants.entries()) {
      if (!this.personIds.has(id) && !this.pageIds.has(id)) {
        return problem(at('participants', j), `unknown person or page id ${JSON.stringify(id)}`);
      }
      if (members.has(id)) {
        return problem(at('participants', j), `duplicate participant ${JSON.stringify(id)}`);
      }
      members.add(id);
      if (this.pageIds.has(id)) pages += 1;
    }
    if (thread.kind === 'one_to_one' && members.size !== 2) {
      return problem(at('participants'), 'a one_to_one thread has exactly two participants');
    }
    if (pages > 0 && (thread.kind !== 'one_to_one' || pages > 1)) {
      return problem(
        at('participants'),
        'a thread with a page is a one_to_one thread of one person and the page',
      );
    }
    for (const key of ['folders', 'nicknames'] as const) {
      for (const id of Object.keys(thread[key])) {
        if (!members.has(id)) return problem(at(key, id), 'not a participant of this thread');
      }
    }
    for (const [k, message] of thread.messages.entries()) {
      if (!members.has(message.from)) {
        return problem(at('messages', k, 'from'), 'not a participant of this thread');
      }
    }
    return null;
  }
}
