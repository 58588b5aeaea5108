import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './fixtures';
import { loginAs } from './login';
import { canLogIn, pickPerson, type Network, type NetworkPerson } from './network';
import { uniquePrefix, type FullNetwork } from './recipients';

export type { FullNetwork };

/*
 * What the funnel end-to-end tests share: the funnel names, who searches for
 * whom, and reading stored records back as staff do.
 */

export interface StoredFunnel {
  person_id: string;
  name: string;
  start_time: number;
  end_reason: string;
  tags: string[];
  actions: { name: string; tag: string | null; payload: Record<string, unknown> | null }[];
}

export const OMNIPICKER = 'WWW_MESSENGER_OMNIPICKER_FUNNEL';
export const SIDEBAR_SEARCH = 'WWW_MESSENGER_SEARCH_FUNNEL';
export const BROADCAST_SEARCH = 'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL';
export const SHARE = 'WWW_MESSENGER_SHARE_FUNNEL';

/** A non-staff person who can log in, with a friend who can too, findable by a unique prefix. */
export function searcherAndFriend(
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
export function inOrder(names: readonly string[], wanted: readonly string[]): boolean {
  let at = 0;
  for (const name of names) if (name === wanted[at]) at += 1;
  return at === wanted.length;
}

export const staffPerson = (network: Network) =>
  pickPerson(network, 'employee who can log in', (p) => canLogIn(p) && p.employee);

/** Every stored funnel record, read back the way staff read logs (newest first, by pages). */
export async function storedFunnels(staff: Page): Promise<StoredFunnel[]> {
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

export async function staffPage(e2e: E2E): Promise<Page> {
  const { page } = await e2e.newPage();
  await loginAs(page, staffPerson(e2e.network));
  return page;
}

/** `person`'s funnel record named `name` started since `since`, once the server has stored it. */
export async function storedRecord(
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

export async function openOmnipicker(page: Page): Promise<void> {
  await page.goto('/messages/new');
  await page
    .getByRole('main', { name: 'New message' })
    .getByRole('combobox', { name: 'To' })
    .waitFor();
}

/** Types `prefix` into the focused recipient box and waits for the server's answer to it. */
export async function typeRecipientSearch(page: Page, prefix: string): Promise<void> {
  const searched = page.waitForResponse((r) => {
    const body = r.request().postData() ?? '';
    return body.includes('useRecipientSourcesSearchQuery') && body.includes(JSON.stringify(prefix));
  });
  await page.keyboard.type(prefix);
  await searched;
}
