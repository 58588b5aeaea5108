import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import {
  OMNIPICKER,
  inOrder,
  openOmnipicker,
  searcherAndFriend,
  staffPage,
  staffPerson,
  storedFunnels,
  type StoredFunnel,
  typeRecipientSearch,
} from '../support/funnels';
import { loginAs } from '../support/login';
import {} from '../support/network';

const e2e = useE2E();

describe('funnels', () => {
  it('a search that selects a result stores the whole event sequence in order', async () => {
    const { me, friend, prefix } = searcherAndFriend(e2e.network);
    const since = Date.now() - 1_000;
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await openOmnipicker(page);
    await page.getByRole('combobox', { name: 'To' }).focus();
    // Picked once the server's answer is in, so the search source has finished.
    await typeRecipientSearch(page, prefix);
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

    const staff = await staffPage(e2e);
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

    const staff = await staffPage(e2e);
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
    const staff = await staffPage(e2e);
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
});
