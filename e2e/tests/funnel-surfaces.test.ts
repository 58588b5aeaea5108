import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import {
  BROADCAST_SEARCH,
  OMNIPICKER,
  SHARE,
  SIDEBAR_SEARCH,
  openOmnipicker,
  inOrder,
  searcherAndFriend,
  staffPage,
  storedRecord,
  typeRecipientSearch,
} from '../support/funnels';
import { loginAs } from '../support/login';
import { threadOf } from '../support/network';

const e2e = useE2E();

describe('funnels of the other search surfaces', () => {
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

    const record = await storedRecord(await staffPage(e2e), me, SIDEBAR_SEARCH, since);
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
    await typeRecipientSearch(page, prefix);
    await page.getByRole('option', { name: friend.name }).first().waitFor({ timeout: 10_000 });
    // Leaves the view inside the app (no page unload): the search ends without a pick.
    await page.keyboard.press('Escape');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/messages');
    await page.getByRole('main').first().waitFor();
    expect(await page.getByRole('main', { name: 'Broadcast' }).count()).toBe(0);

    const record = await storedRecord(await staffPage(e2e), me, BROADCAST_SEARCH, since);
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
    // Forward, from the message's actions menu (its button shows on hover).
    await row.hover();
    await row.getByRole('button', { name: /^Actions for message from / }).click();
    await page.getByRole('menuitem', { name: 'Forward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this message' });
    await dialog.getByRole('combobox', { name: 'To' }).focus();
    await page.keyboard.type(prefix);
    await page.getByRole('option', { name: friend.name }).first().waitFor({ timeout: 10_000 });
    // Moving focus on closes the dropdown, which hides the rest of the page while open.
    await page.keyboard.press('Tab');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const record = await storedRecord(await staffPage(e2e), me, SHARE, since);
    const names = record.actions.map((a) => a.name);
    expect(inOrder(names, ['start', 'query_changed', 'impressions', 'abandon'])).toBe(true);
    expect(names).not.toContain('result_selected');
    expect(names.at(-1)).toBe('abandon');
    expect(record.tags).toEqual(['entrypoint:share']);
  });

  it('a search left for another conversation in the list logs clicked_on_other_thread, then ends', async () => {
    const { me, prefix } = searcherAndFriend(e2e.network);
    const since = Date.now() - 1_000;
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, me);
    await openOmnipicker(page);
    await page.getByRole('combobox', { name: 'To' }).focus();
    await typeRecipientSearch(page, prefix);
    await page.getByRole('listbox').waitFor();
    // Instead of a result, the person clicks a conversation in the list beside the search.
    // (By class: while the picker's dropdown is open the list is aria-hidden, issue 31 item 14.)
    const row = page.locator('.thread-list .thread-row').first();
    await row.click();
    await page.waitForURL('**/messages/thread/**');

    const record = await storedRecord(await staffPage(e2e), me, OMNIPICKER, since);
    const names = record.actions.map((a) => a.name);
    expect(inOrder(names, ['start', 'query_changed', 'clicked_on_other_thread', 'end'])).toBe(true);
    expect(names).not.toContain('result_selected');
    expect(pageErrors).toEqual([]);
  });
});
