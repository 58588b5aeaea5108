import { NETWORK_FORMAT, type Network } from '@messenger/core';
import { demoGraph } from './graph';
import { demoCompanies, demoPeople } from './people';
import { SeededRandom } from './random';
import { demoThreads } from './threads';

export { DEMO_PASSWORD } from './people';

export const DEMO_SEED = 20_240_611;

export interface DemoOptions {
  /** The current time (ms): birthdays fall on its UTC date, histories end before it. */
  now: number;
  seed?: number;
}

/**
 * The demo network that `npm start` loads into an empty database: a network
 * file (NETWORK_FORMAT.md) of a few hundred people of every account kind, with
 * pages, games and conversations. Pure and deterministic: the same options
 * give the same network.
 */
export function generateDemoNetwork(options: DemoOptions): Network {
  const random = new SeededRandom(options.seed ?? DEMO_SEED);
  const date = new Date(options.now);
  const today = { day: date.getUTCDate(), month: date.getUTCMonth() + 1 };
  const companies = demoCompanies();
  const people = demoPeople(random, companies, today);
  const birthdayIds = people
    .filter(
      ({ person }) => person.birthdate?.day === today.day && person.birthdate.month === today.month,
    )
    .map(({ person }) => person.id);
  const graph = demoGraph(random, people, birthdayIds);
  const threads = demoThreads(random, people, graph, options.now);
  return {
    format: NETWORK_FORMAT,
    companies,
    people: people.map(({ person }) => person),
    friendships: graph.friendships,
    contacts: graph.contacts,
    blocks: graph.blocks,
    pages: graph.pages,
    games: graph.games,
    threads,
    settings: { allow_external_bug_reports: true },
  };
}
