import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import {
  canLogIn,
  pickPerson,
  threadOf,
  type Network,
  type NetworkPerson,
} from '../support/network';

const e2e = useE2E();

type FullNetwork = Network & { friendships?: [string, string][]; blocks?: [string, string][] };

interface StoredFunnel {
  person_id: string;
  name: string;
  start_time: number;
  end_reason: string;
  tags: string[];
  actions: { name: string; tag: string | null; payload: Record<string, unknown> | null }[];
}

const OMNIPICKER = 'WWW_MESSENGER_OMNIPICKER_FUNNEL';
const SIDEBAR_SEARCH = 'WWW_MESSENGER_SEARCH_FUNNEL';
const BROADCAST_SEARCH = 'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL';
const SHARE = 'WWW_MESSENGER_SHARE_FUNNEL';

const lower = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The shortest prefix (2+ characters) of `person`'s name no one else's name starts with. */
function uniquePrefix(network: Network, person: NetworkPerson): string | null {
  const others = network.people.filter((p) => p.id !== person.id).map((p) => lower(p.name));
  for (let n = 2; n <= person.name.length; n += 1) {
    const prefix = person.name.slice(0, n);
    if (prefix.trim() !== prefix) continue;
    if (!others.some((name) => name.startsWith(lower(prefix)))) return prefix;
  }
  return null;
}

/** A non-staff person who can log in, with a friend who can too, findable by a unique prefix. */
function searcherAndFriend(
  network: FullNetwork,
  skip: readonly string[] = [],
  accept: (person: NetworkPerson) => boolean = () => true,
) {
  const byId = new Map(network.people.map((p) => [p.id, p]));
  const blocked = (a: string, b: string) =>
    (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  for (const me of network.people) {
    if (!canLogIn(me) || me.employee || skip.includes(me.id) || !accept(me)) continue;
    for (const [a, b] of network.friendships ?? []) {
      const otherId = a === me.id ? b : b === me.id ? a : null;
      const friend = otherId === null ? undefined : byId.get(otherId);
      if (friend === undefined || !canLogIn(friend) || blocked(me.id, friend.id)) continue;
      const prefix = uniquePrefix(network, friend);
      if (prefix !== null) return { me, friend, prefix };
    }
  }
  throw new Error('The network file has no non-staff person with a friend to search for.');
}

/** Whether `wanted` appears in `names` in this order (other names may come between). */
function inOrder(names: readonly string[], wanted: readonly string[]): boolean {
  let at = 0;
  for (const name of names) if (name === wanted[at]) at += 1;
  return at === wanted.length;
}

const staffPerson = (network: Network) =>
  pickPerson(network, 'employee who can log in', (p) => canLogIn(p) && p.employee);

/** Every stored funnel record, read back the way staff read logs (newest first, by pages). */
async function storedFunnels(staff: Page): Promise<StoredFunnel[]> {
  const all: StoredFunnel[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${cursor}`;
    const response = await staff.request.get(`/staff/logs/funnel_logs?limit=200${query}`);
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { items: StoredFunnel[]; next_cursor: string | null };
    all.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return all;
}

async function staffPage(): Promise<Page> {
  const { page } = await e2e.newPage();
  await loginAs(page, staffPerson(e2e.network));
  return page;
}

/** `person`'s funnel record named `name` started since `since`, once the server has stored it. */
async function storedRecord(
  staff: Page,
  person: NetworkPerson,
  name: string,
  since: number,
): Promise<StoredFunnel> {
  let record: StoredFunnel | undefined;
  await expect
    .poll(
      async () => {
        record = (await storedFunnels(staff)).find(
          (r) => r.person_id === person.id && r.name === name && r.start_time >= since,
        );
        return record !== undefined;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
  if (record === undefined) throw new Error(`no ${name} record`);
  return record;
}

async function openOmnipicker(page: Page): Promise<void> {
  await page.goto('/messages/new');
  await page
    .getByRole('main', { name: 'New message' })
    .getByRole('combobox', { name: 'To' })
    .waitFor();
}

describe('funnels', () => {
  it('a search that selects a result stores the whole event sequence in order', async () => {
    const { me, friend, prefix } = searcherAndFriend(e2e.network);
    const since = Date.now() - 1_000;
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await openOmnipicker(page);
    await page.getByRole('combobox', { name: 'To' }).focus();
    // Picked once the server's answer is in, so the search source has finished.
    const searched = page.waitForResponse((r) => {
      const body = r.request().postData() ?? '';
      return (
        body.includes('useRecipientSourcesSearchQuery') && body.includes(JSON.stringify(prefix))
      );
    });
    await page.keyboard.type(prefix);
    await searched;
    await page.getByRole('option', { name: friend.name }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Message' }).fill('funnel check');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL('**/messages/thread/**');
    // The conversation records where it was opened from; its next message carries it too.
    const sent = page.waitForRequest((r) => r.postData()?.includes('sendMessageMutation') ?? false);
    const composer = page.getByRole('main', { name: 'Conversation' });
    await composer.getByRole('textbox', { name: 'Message' }).fill('second funnel check');
    await composer.getByRole('textbox', { name: 'Message' }).press('Enter');
    const input = ((await sent).postDataJSON() as { variables: { input: Record<string, unknown> } })
      .variables.input;
    expect(input.entry_point).toBe('omnipicker');

    const staff = await staffPage();
    let record: StoredFunnel | undefined;
    await expect
      .poll(
        async () => {
          record = (await storedFunnels(staff)).find(
            (r) => r.person_id === me.id && r.name === OMNIPICKER && r.start_time >= since,
          );
          return record !== undefined;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    const names = record?.actions.map((a) => a.name) ?? [];
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('end');
    // Local matches show (impressions) while typing; the server search then starts,
    // finishes and shows its results before the pick.
    expect(
      inOrder(names, [
        'start',
        'query_changed',
        'source_started',
        'source_ended',
        'impressions',
        'result_selected',
        'end',
      ]),
    ).toBe(true);
    const selected = names.indexOf('result_selected');
    expect(names.filter((n) => n === 'result_selected')).toHaveLength(1);
    expect(record?.actions[selected]).toMatchObject({
      tag: 'friend',
      payload: { unique_id: expect.stringContaining(friend.id) as unknown, position: 0 },
    });
    // Only the query's length is logged, never its text.
    expect(JSON.stringify(record?.actions)).not.toContain(prefix);
    expect(record?.tags).toEqual(['entrypoint:omnipicker']);
    expect(record?.end_reason).toBe('explicit');
  });

  it('closing the tab flushes the open funnel by beacon, ended by session_end', async () => {
    const first = searcherAndFriend(e2e.network);
    const { me, prefix } = searcherAndFriend(e2e.network, [first.me.id]);
    const since = Date.now() - 1_000;
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await openOmnipicker(page);
    await page.getByRole('combobox', { name: 'To' }).focus();
    await page.keyboard.type(prefix);
    await page.getByRole('option').first().waitFor({ timeout: 10_000 });
    await page.close();

    const staff = await staffPage();
    await expect
      .poll(
        async () =>
          (await storedFunnels(staff)).find(
            (r) => r.person_id === me.id && r.name === OMNIPICKER && r.start_time >= since,
          )?.end_reason,
        { timeout: 15_000, interval: 500 },
      )
      .toBe('session_end');
  });

  it('shows staff the funnel dashboard, accessibly', async () => {
    const staff = await staffPage();
    await staff.goto('/messages/staff/funnels');
    const main = staff.getByRole('main', { name: 'Funnels' });
    await main.waitFor();
    const section = main.getByRole('region', { name: OMNIPICKER });
    await section.waitFor();
    // Earlier tests (and this run's other files) stored omnipicker searches today.
    const chart = section.getByRole('img', { name: new RegExp(`^${OMNIPICKER}: instances`) });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/start \d+, query_changed \d+/);
    const steps = section.getByRole('table', { name: `Steps of ${OMNIPICKER}` });
    expect(await steps.getByRole('rowheader').allTextContents()).toEqual([
      'start',
      'query_changed',
      'impressions',
      'result_selected',
    ]);
    const search = main.getByRole('region', { name: 'Search' });
    await search.getByRole('table', { name: 'Result type selected' }).waitFor();
    expect(await search.getByText('Queries per session').isVisible()).toBe(true);

    // A range with nothing in it.
    await main.getByLabel('From').fill('2001-01-01');
    await main.getByLabel('To').fill('2001-01-02');
    await main.getByRole('button', { name: 'Show' }).click();
    await main.getByText('From 2001-01-01 to 2001-01-02 (UTC)').waitFor();
    expect(await section.getByText('No instances in this range.').isVisible()).toBe(true);
    await checkAccessibility(staff, 'funnel dashboard');
  });

  it('refuses a non-staff person, on the server and on the screen', async () => {
    const { me } = searcherAndFriend(e2e.network);
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    const response = await page.request.get('/staff/funnels/stats');
    expect(response.status()).toBe(403);
    await page.goto('/messages/staff/funnels');
    await page.getByRole('main', { name: 'Staff only' }).waitFor();
    expect(await page.getByRole('main', { name: 'Funnels' }).count()).toBe(0);
    await checkAccessibility(page, 'funnel dashboard refusal');
  });

  it('shows staff their quick promotion and logs its impression and click through /qp/action/log/', async () => {
    const staff = staffPerson(e2e.network);
    const { page } = await e2e.newPage();
    const logged: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/qp/action/log/')) logged.push(request.postDataJSON());
    });
    await loginAs(page, staff);
    const promo = page.getByRole('complementary', { name: 'See how people search' });
    await promo.waitFor();
    await expect.poll(() => logged.length).toBe(1);
    await checkAccessibility(page, 'host page with a quick promotion');
    // Its surface is a spotlight: the prompt opens it, the spotlight holds the way in.
    await promo.getByRole('button', { name: 'See how people search' }).click();
    const dialog = page.getByRole('dialog', { name: 'See how people search' });
    await dialog.getByRole('link', { name: 'Open funnels' }).click();
    await page.waitForURL('**/messages/staff/funnels');
    await page.getByRole('main', { name: 'Funnels' }).waitFor();
    await expect.poll(() => logged.length).toBe(2);
    expect(logged).toEqual([
      expect.objectContaining({ qp_id: 9101, qp_action: 'view' }),
      expect.objectContaining({ qp_id: 9101, qp_action: 'primary' }),
    ]);
    // Stored, and once used it is not offered again.
    const stored = (await (await page.request.get('/staff/logs/promotion_logs')).json()) as {
      items: { qp_id: number | string; qp_action: string }[];
    };
    // Newest first; earlier logins of this staff member saw it too.
    const actions = stored.items.filter((i) => Number(i.qp_id) === 9101).map((i) => i.qp_action);
    expect(actions[0]).toBe('primary');
    expect(actions.slice(1).every((a) => a === 'view')).toBe(true);
    const eligible = (await (await page.request.get('/qp/eligible/')).json()) as {
      promotions: unknown[];
    };
    expect(eligible.promotions).toEqual([]);
  });

  it('a sidebar search that selects a result stores the whole event sequence in order', async () => {
    // A personal account on the host page: the sidebar's Messenger search, friends as friends.
    const { me, friend, prefix } = searcherAndFriend(
      e2e.network,
      [],
      (p) => p.account === 'personal' && !p.messenger_only,
    );
    const since = Date.now() - 1_000;
    const { page, pageErrors } = await e2e.newPage();
    // The sidebar search funnel is sampled (half of searches): this page's draws sample it in.
    // Nothing else on the page depends on Math.random beyond reconnect jitter.
    await page.addInitScript(() => {
      Math.random = () => 0.1;
    });
    await loginAs(page, me);
    const box = page
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('search', { name: 'Search Messenger' })
      .getByRole('combobox', { name: 'Search Messenger' });
    await box.focus();
    await page.keyboard.type(prefix, { delay: 20 });
    // Picked once the server's sources have answered, so they have ended.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Searching...' }).count(), {
        timeout: 10_000,
      })
      .toBe(0);
    await page
      .getByRole('listbox')
      .getByRole('option', { name: friend.name, exact: true })
      .first()
      .click();
    const tab = page.getByRole('region', { name: 'Open chats' }).getByRole('group');
    await tab.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await page.getByRole('listbox').count()).toBe(0);

    const record = await storedRecord(await staffPage(), me, SIDEBAR_SEARCH, since);
    const names = record.actions.map((a) => a.name);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('end');
    // One query_changed a keystroke, then the server sources start and end, their
    // results are shown, and the pick closes the popup, which ends the search.
    expect(names.filter((n) => n === 'query_changed')).toHaveLength(prefix.length);
    expect(
      inOrder(names, [
        'start',
        'query_changed',
        'impressions',
        'source_started',
        'source_ended',
        'impressions',
        'result_selected',
        'end',
      ]),
    ).toBe(true);
    const started = record.actions.filter((a) => a.name === 'source_started').map((a) => a.tag);
    const ended = record.actions.filter((a) => a.name === 'source_ended');
    expect(started.length).toBeGreaterThan(0);
    expect(ended.map((a) => a.tag).sort()).toEqual([...started].sort());
    expect(ended.every((a) => a.payload?.status === 'finished')).toBe(true);
    expect(names.lastIndexOf('source_ended')).toBeLessThan(names.indexOf('result_selected'));
    expect(names.filter((n) => n === 'result_selected')).toHaveLength(1);
    expect(record.actions[names.indexOf('result_selected')]).toMatchObject({
      tag: 'friend',
      payload: { unique_id: expect.stringContaining(friend.id) as unknown },
    });
    expect(JSON.stringify(record.actions)).not.toContain(prefix);
    expect(record.tags).toEqual(['entrypoint:chat_sidebar:search']);
    expect(record.end_reason).toBe('explicit');
    expect(pageErrors).toEqual([]);
  });

  it('an abandoned broadcast search (results seen, nothing picked) ends with abandon', async () => {
    const first = searcherAndFriend(e2e.network);
    const { me, friend, prefix } = searcherAndFriend(e2e.network, [first.me.id]);
    const since = Date.now() - 1_000;
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto('/messages');
    await page.getByRole('link', { name: 'Broadcast' }).click();
    await page.waitForURL('**/messages/broadcast');
    const to = page.getByRole('main', { name: 'Broadcast' }).getByRole('combobox', { name: 'To' });
    await to.focus();
    const searched = page.waitForResponse((r) => {
      const body = r.request().postData() ?? '';
      return (
        body.includes('useRecipientSourcesSearchQuery') && body.includes(JSON.stringify(prefix))
      );
    });
    await page.keyboard.type(prefix);
    await searched;
    await page.getByRole('option', { name: friend.name }).first().waitFor({ timeout: 10_000 });
    // Leaves the view inside the app (no page unload): the search ends without a pick.
    await page.keyboard.press('Escape');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/messages');
    await page.getByRole('main').first().waitFor();
    expect(await page.getByRole('main', { name: 'Broadcast' }).count()).toBe(0);

    const record = await storedRecord(await staffPage(), me, BROADCAST_SEARCH, since);
    const names = record.actions.map((a) => a.name);
    expect(names[0]).toBe('start');
    expect(inOrder(names, ['start', 'query_changed', 'impressions', 'abandon'])).toBe(true);
    expect(names).not.toContain('result_selected');
    expect(names.at(-1)).toBe('abandon');
    expect(record.tags).toEqual(['entrypoint:broadcast']);
    expect(record.end_reason).toBe('explicit');
  });

  it('a share dialog closed after a search without a pick ends the share search with abandon', async () => {
    const network = e2e.network;
    const { me, friend, prefix } = searcherAndFriend(network, [], (p) =>
      network.threads.some((t) => t.participants.includes(p.id) && t.messages.length > 0),
    );
    const since = Date.now() - 1_000;
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto(`/messages/thread/${threadOf(network, me).id}`);
    const row = page.getByRole('log', { name: 'Messages' }).getByRole('listitem').last();
    await row.waitFor();
    await row.getByRole('button', { name: /^Share message from / }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this message' });
    await dialog.getByRole('combobox', { name: 'To' }).focus();
    await page.keyboard.type(prefix);
    await page.getByRole('option', { name: friend.name }).first().waitFor({ timeout: 10_000 });
    // Moving focus on closes the dropdown, which hides the rest of the page while open.
    await page.keyboard.press('Tab');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const record = await storedRecord(await staffPage(), me, SHARE, since);
    const names = record.actions.map((a) => a.name);
    expect(inOrder(names, ['start', 'query_changed', 'impressions', 'abandon'])).toBe(true);
    expect(names).not.toContain('result_selected');
    expect(names.at(-1)).toBe('abandon');
    expect(record.tags).toEqual(['entrypoint:share']);
  });
});
