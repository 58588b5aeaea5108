import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, pickPerson, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

interface SearchNetwork extends Network {
  friendships: [string, string][];
  pages: { id: string; name: string; category: string }[];
  games: { id: string; name: string }[];
}

/** The seed's section order (section 2) and the headings the client shows for them. */
const SECTION_ORDER = [
  ['search', 'Search'],
  ['friend', 'Friends'],
  ['fb4c', 'Coworkers'],
  ['message', 'Messages'],
  ['thread', 'Groups'],
  ['page', 'Pages'],
  ['non_friend', 'More People'],
  ['meeting_room_page', 'Meeting Rooms'],
  ['internal_bot_page', 'Bots'],
  ['game', 'Games'],
] as const;
/** Rows per section before "See All" (seed 9, initially shown) and messages per search. */
const INITIALLY_SHOWN = 8;
const MESSAGES_PER_SEARCH = 3;

/** Words as the server matches them: diacritics folded, lower case. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}
const hits = (prefix: string, text: string) => words(text).some((w) => w.startsWith(prefix));

function friendsOf(network: SearchNetwork, person: NetworkPerson): NetworkPerson[] {
  const ids = new Set(
    network.friendships.flatMap(([a, b]) => (a === person.id ? [b] : b === person.id ? [a] : [])),
  );
  return network.people.filter((p) => ids.has(p.id) && canLogIn(p));
}

function messagesOf(network: SearchNetwork, person: NetworkPerson): string[] {
  return network.threads
    .filter((t) => t.participants.includes(person.id))
    .flatMap((t) => t.messages.map((m) => m.text));
}

/**
 * A query with local matches (a friend's name or one of the viewer's groups,
 * from the sidebar's cache) that also hits the most server-only kinds: pages,
 * games, messages and other people.
 */
function richQuery(network: SearchNetwork, viewer: NetworkPerson): string {
  const friends = friendsOf(network, viewer);
  const friendIds = new Set(friends.map((f) => f.id));
  const groups = network.threads
    .filter((t) => t.kind === 'group' && t.participants.includes(viewer.id))
    .flatMap((t) => (t.name == null ? [] : [t.name]));
  const local = [...friends.map((f) => f.name), ...groups];
  const server = [
    network.pages.filter((p) => p.category === 'PAGE').map((p) => p.name),
    network.games.map((g) => g.name),
    messagesOf(network, viewer),
    network.people
      .filter((p) => canLogIn(p) && p.id !== viewer.id && !friendIds.has(p.id))
      .map((p) => p.name),
  ];
  let best = { query: '', score: 0 };
  for (const text of local) {
    for (const word of words(text)) {
      for (const length of [3, 2]) {
        const query = word.slice(0, length);
        if (query.length < length) continue;
        const score = server.filter((texts) => texts.some((t) => hits(query, t))).length;
        if (score > best.score) best = { query, score };
      }
    }
  }
  if (best.score < 2) throw new Error('No local name prefix of the viewer hits two server kinds');
  return best.query;
}

/** A 3-letter word prefix found in more messages of the viewer's threads than one search returns. */
function busyMessageQuery(network: SearchNetwork, viewer: NetworkPerson): string {
  const messages = messagesOf(network, viewer);
  const counts = new Map<string, number>();
  for (const text of messages) {
    for (const prefix of new Set(words(text).map((w) => w.slice(0, 3)))) {
      if (prefix.length === 3) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  }
  const [query] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [''];
  if ((counts.get(query) ?? 0) <= MESSAGES_PER_SEARCH) {
    throw new Error('The viewer has no word in more messages than one search returns');
  }
  return query;
}

const gatedPerson = (network: Network) =>
  pickPerson(
    network,
    'personal non-employee with the message_search gate and friends',
    (p) =>
      canLogIn(p) &&
      p.account === 'personal' &&
      !p.employee &&
      p.gates.includes('message_search') &&
      friendsOf(network as SearchNetwork, p).length > 0,
  );

const searchbox = (page: Page, label = 'Search Messenger'): Locator =>
  page
    .getByRole('complementary', { name: 'Contacts' })
    .getByRole('search', { name: label })
    .getByRole('combobox', { name: label });

const listbox = (page: Page): Locator => page.getByRole('listbox');

/** Each shown section: its heading and how many result rows (not "See All") it has. */
async function shownSections(
  page: Page,
): Promise<{ heading: string; rows: number; seeAll: boolean }[]> {
  return listbox(page).evaluate((box: Element) =>
    Array.from(box.querySelectorAll('[role="group"]')).map((group: Element) => {
      const headingId = group.getAttribute('aria-labelledby') ?? '';
      const heading = document.getElementById(headingId)?.textContent ?? '';
      const options = Array.from(group.querySelectorAll('[role="option"]'));
      const seeAll = options.filter((o: Element) => o.textContent === 'See All').length;
      return { heading, rows: options.length - seeAll, seeAll: seeAll > 0 };
    }),
  );
}

async function waitForSearchDone(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Searching...' }).count(), {
      timeout: 10_000,
    })
    .toBe(0);
}

/** Holds the typeahead's search requests (real ones, answered by the server) until released. */
async function holdSearchRequests(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName?.startsWith('relaySources') === true) await released;
    await route.continue();
  });
  return release;
}

describe('the search typeahead in the chat sidebar', () => {
  it('shows local matches first, then server results in the seed order within caps, accessibly', async () => {
    const network = e2e.network as SearchNetwork;
    const viewer = gatedPerson(network);
    const query = richQuery(network, viewer);
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const box = searchbox(page);
    await box.waitFor();

    const release = await holdSearchRequests(page);
    await box.pressSequentially(query, { delay: 30 });
    // The friends come from the sidebar's cache while the server is still asked.
    await listbox(page).getByRole('group', { name: 'Friends' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Searching...' }).waitFor();
    const before = (await shownSections(page)).map((s) => s.heading);
    expect(before).not.toContain('Pages');
    expect(before).not.toContain('Games');
    expect(before).not.toContain('Messages');
    release();
    await waitForSearchDone(page);

    const sections = await shownSections(page);
    const headings = sections.map((s) => s.heading);
    expect(headings.length).toBeGreaterThanOrEqual(3);
    const order = headings.map((h) => SECTION_ORDER.findIndex(([, heading]) => heading === h));
    expect(order).not.toContain(-1);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const section of sections) {
      expect(section.rows).toBeGreaterThan(0);
      expect(section.rows).toBeLessThanOrEqual(
        section.heading === 'Messages' ? MESSAGES_PER_SEARCH : INITIALLY_SHOWN,
      );
    }
    // The gated viewer gets the search-messages row first.
    expect(headings[0]).toBe('Search');
    // The open popup hides the rest of the page from assistive technology (React Aria's
    // ariaHideOutside) while the focus stays in the input; that rule is checked below, closed.
    await checkAccessibility(page, 'the host page with the typeahead open', {
      skipRules: ['aria-hidden-focus'],
    });

    // Escape closes the popup and keeps the text.
    await page.keyboard.press('Escape');
    await expect.poll(() => listbox(page).count()).toBe(0);
    expect(await box.inputValue()).toBe(query);
    await checkAccessibility(page, 'the host page with the typeahead closed');
    expect(pageErrors).toEqual([]);
  });

  it('offers message search only to a gated person', async () => {
    const network = e2e.network as SearchNetwork;
    const viewer = pickPerson(
      network,
      'personal non-employee without the message_search gate, with messages',
      (p) =>
        canLogIn(p) &&
        p.account === 'personal' &&
        !p.employee &&
        !p.gates.includes('message_search') &&
        messagesOf(network, p).length > 0,
    );
    const query = busyMessageQuery(network, viewer);
    const { page, pageErrors } = await e2e.newPage();
    const graphqlOps: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) {
        const body = request.postDataJSON() as { operationName?: string } | null;
        graphqlOps.push(body?.operationName ?? '');
      }
    });
    await loginAs(page, viewer);
    const box = searchbox(page);
    await box.pressSequentially(query, { delay: 30 });
    await expect
      .poll(() => graphqlOps.filter((op) => op.startsWith('relaySources')).length)
      .toBeGreaterThan(0);
    await waitForSearchDone(page);
    const headings = (await shownSections(page)).map((s) => s.heading);
    expect(headings).not.toContain('Messages');
    expect(headings).not.toContain('Search');
    expect(graphqlOps).not.toContain('relaySourcesMessagesQuery');
    expect(pageErrors).toEqual([]);
  });

  it('opens the full message search from the message section’s See All', async () => {
    const network = e2e.network as SearchNetwork;
    const viewer = gatedPerson(network);
    const query = busyMessageQuery(network, viewer);
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const box = searchbox(page);
    await box.pressSequentially(query, { delay: 30 });
    await waitForSearchDone(page);
    const messages = listbox(page).getByRole('group', { name: 'Messages' });
    expect(await messages.getByRole('option').count()).toBe(MESSAGES_PER_SEARCH + 1);
    await messages.getByRole('option', { name: 'See All' }).click();

    await page.waitForURL((url) => url.pathname === '/messages/search/messages');
    const main = page.getByRole('main', { name: `Messages matching “${query}”` });
    await main.waitFor();
    const results = main.getByRole('region', { name: 'Messages' });
    await results.getByRole('link').first().waitFor();
    expect(await results.getByRole('link').count()).toBeGreaterThan(MESSAGES_PER_SEARCH);
    await checkAccessibility(page, 'the full message search page');

    // A result opens its thread at that message, highlighted.
    await results.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/messages/thread/'));
    expect(new URL(page.url()).searchParams.get('message')).not.toBeNull();
    await page.locator('.message[data-highlighted]').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('gives a work account the work-chat label and its work search', async () => {
    const network = e2e.network as SearchNetwork;
    const viewer = pickPerson(
      network,
      'work non-employee account',
      (p) => canLogIn(p) && p.account === 'work' && !p.employee,
    );
    const coworker = pickPerson(
      network,
      'a coworker of the work account',
      (p) =>
        canLogIn(p) && p.id !== viewer.id && p.account === 'work' && p.company === viewer.company,
    );
    const { page, pageErrors } = await e2e.newPage();
    const ops: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) {
        ops.push(
          (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '',
        );
      }
    });
    await loginAs(page, viewer);
    const box = searchbox(page, 'Search Work Chat');
    await box.waitFor();
    expect(await page.getByRole('search', { name: 'Search Messenger' }).count()).toBe(0);
    const query = words(coworker.name).at(-1)?.slice(0, 4) ?? '';
    await box.pressSequentially(query, { delay: 30 });
    await waitForSearchDone(page);
    expect(ops).toContain('relaySourcesWorkchatQuery');
    expect(ops).not.toContain('relaySourcesProfilesQuery');
    await listbox(page).getByRole('option', { name: coworker.name }).first().waitFor();
    await checkAccessibility(page, 'the work typeahead');
    expect(pageErrors).toEqual([]);
  });

  it('opens a friend’s chat tab by keyboard alone', async () => {
    const network = e2e.network as SearchNetwork;
    const viewer = gatedPerson(network);
    const friend = friendsOf(network, viewer)[0];
    if (friend === undefined) throw new Error('the viewer has no friend');
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const box = searchbox(page);
    await box.focus();
    // Focus opens the popup with top friends and groups (seed: an empty query), nothing highlighted.
    await listbox(page).waitFor();
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.type(friend.name, { delay: 20 });
    await waitForSearchDone(page);
    const option = listbox(page).getByRole('option', { name: friend.name, exact: true }).first();
    const optionId = await option.getAttribute('id');
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('ArrowDown');
      if ((await box.getAttribute('aria-activedescendant')) === optionId) break;
    }
    expect(await box.getAttribute('aria-activedescendant')).toBe(optionId);
    await page.keyboard.press('Enter');
    const tab = page.getByRole('region', { name: 'Open chats' }).getByRole('group');
    await tab.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await tab.textContent()).toContain(friend.name);
    expect(await listbox(page).count()).toBe(0);
    await checkAccessibility(page, 'the host page after a typeahead pick');
    expect(pageErrors).toEqual([]);
  });
});

describe('the typeahead’s other destinations', () => {
  it('opens a game in the game player, and a see-all page lists every matching person', async () => {
    const network = e2e.network as SearchNetwork;
    const game = network.games[0];
    if (game === undefined) throw new Error('The network file has no game');
    const viewer = gatedPerson(network);
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const box = searchbox(page);
    await box.pressSequentially(game.name, { delay: 20 });
    await waitForSearchDone(page);
    const option = listbox(page)
      .getByRole('group', { name: 'Games' })
      .getByRole('option', { name: game.name });
    await option.click();
    const player = page.getByRole('dialog', { name: `Play ${game.name}` });
    await player.waitFor();
    expect(await listbox(page).count()).toBe(0);
    await checkAccessibility(page, 'the game player');
    await player.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => player.count()).toBe(0);

    // The people see-all page: the server's see-all search, beyond the dropdown's 8 rows.
    const person = network.people.find((p) => canLogIn(p) && p.id !== viewer.id);
    if (person === undefined) throw new Error('The network file has one person');
    const query = words(person.name).at(-1)?.slice(0, 2) ?? '';
    const expected = network.people.filter(
      (p) => canLogIn(p) && p.id !== viewer.id && words(p.name).some((w) => w.startsWith(query)),
    );
    await page.goto(`/messages/search?q=${encodeURIComponent(query)}&type=non_friend`);
    const main = page.getByRole('main', { name: `Results for “${query}”` });
    await main.getByRole('link', { name: person.name }).waitFor();
    const links = await main.getByRole('link').allTextContents();
    for (const p of expected) expect(links).toContain(p.name);
    await checkAccessibility(page, 'the see-all search page');
    await main.getByRole('link', { name: person.name }).click();
    await page.waitForURL((url) => url.pathname === `/messages/t/${person.id}`);
    expect(pageErrors).toEqual([]);
  });

  it('opens top friends and groups when the empty box is focused or clicked (seed: empty query)', async () => {
    const network = e2e.network as SearchNetwork;
    const viewer = gatedPerson(network);
    const friendNames = new Set(friendsOf(network, viewer).map((p) => p.name));
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const box = searchbox(page);
    await box.waitFor();
    expect(await box.inputValue()).toBe('');

    await box.click();
    await listbox(page).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const sections = await shownSections(page);
    // Only people and groups, never "Search messages for …" (there is no query).
    for (const section of sections) expect(['Friends', 'Groups']).toContain(section.heading);
    const friendRows = await listbox(page)
      .getByRole('group', { name: 'Friends' })
      .getByRole('option')
      .allTextContents();
    expect(friendRows.length).toBeGreaterThan(0);
    for (const name of friendRows) expect(friendNames.has(name)).toBe(true);
    // Nothing is highlighted: Enter would pick nothing, Tab leaves.
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await checkAccessibility(page, 'the empty-query dropdown');

    await page.keyboard.press('Escape');
    await expect.poll(() => listbox(page).count()).toBe(0);
    await box.click();
    await listbox(page).waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => listbox(page).count()).toBe(0);
    // Focus by keyboard opens it as well.
    await page.keyboard.press('Shift+Tab');
    await listbox(page).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
