import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

interface PagesNetwork extends Network {
  pages?: { id: string; name: string; admins?: string[] }[];
}

/**
 * A page with an admin who can log in, and someone else who can log in and
 * has no conversation with the page yet (chosen by properties, not names).
 */
function pageAdminAndWriter(network: PagesNetwork): {
  page: { id: string; name: string };
  admin: NetworkPerson;
  writer: NetworkPerson;
} {
  const people = new Map(network.people.map((p) => [p.id, p]));
  for (const page of network.pages ?? []) {
    const admin = (page.admins ?? []).map((id) => people.get(id)).find((p) => p && canLogIn(p));
    if (admin === undefined) continue;
    const writer = network.people.find(
      (p) =>
        canLogIn(p) &&
        p.account === 'personal' &&
        !(page.admins ?? []).includes(p.id) &&
        !network.threads.some(
          (t) => t.participants.includes(p.id) && t.participants.includes(page.id),
        ),
    );
    if (writer !== undefined) return { page, admin, writer };
  }
  throw new Error('The network file has no page with an admin and a writer who can log in.');
}

/** The full count behind a sidebar badge ("3 unread conversations"), 0 without a badge. */
async function unreadOf(row: Locator): Promise<number> {
  const label = row.locator('.unread-badge .visually-hidden');
  if ((await label.count()) === 0) return 0;
  return Number(/\d+/.exec((await label.textContent()) ?? '')?.[0] ?? '0');
}

async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

describe('a page inbox', () => {
  it("an admin sees a person's message arrive, opens the page from the sidebar and answers as the page", async () => {
    const { page: administered, admin, writer } = pageAdminAndWriter(e2e.network);

    // The admin on the host page, settled: the sidebar's socket is live.
    const host = await e2e.newPage();
    await loginAs(host.page, admin);
    const pages = host.page
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('grid', { name: 'Your Pages' });
    const pageRow = pages.getByRole('row').filter({ hasText: administered.name });
    await pageRow.waitFor();
    await settled(host.page);
    const before = await unreadOf(pageRow);

    // The person, in the messenger with the page's conversation open (settled), writes to it.
    const other = await e2e.newPage();
    await loginAs(other.page, writer);
    await other.page.goto(`/messages/t/${administered.id}`);
    const composer = other.page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    await settled(other.page);
    const question = `Are you open on Sunday? ${Date.now().toString(36)}`;
    await composer.fill(question);
    await other.page.keyboard.press('Enter');

    // The admin's badge follows, live.
    await expect.poll(() => unreadOf(pageRow), { timeout: 10_000 }).toBe(before + 1);

    // Pressing the page opens its inbox in the messenger, the person's conversation on top.
    await pageRow.click();
    await host.page.waitForURL(`**/messages/page/${administered.id}`);
    const list = host.page.getByRole('grid', { name: `${administered.name} conversations` });
    const threadRow = list.getByRole('row').first();
    await expect.poll(() => threadRow.textContent()).toContain(writer.name);
    expect(await threadRow.textContent()).toContain(question);
    expect(await threadRow.getAttribute('data-unread')).toBe('true');
    await checkAccessibility(host.page, 'the page inbox');

    await threadRow.click();
    await host.page.waitForURL(`**/messages/page/${administered.id}/thread/*`);
    const conversation = host.page.getByRole('main', { name: 'Conversation' });
    await conversation.getByText(question).waitFor();
    // The admin speaks for the page here: no calls or groups of their own from it.
    expect(await conversation.getByRole('button', { name: 'Video call' }).count()).toBe(0);
    // Read: the row loses its unread mark.
    await expect.poll(() => threadRow.getAttribute('data-unread')).toBeNull();
    await checkAccessibility(host.page, 'a conversation of the page inbox');

    const answer = `Yes, from ten. ${Date.now().toString(36)}`;
    const reply = host.page.getByRole('textbox', { name: 'Message' });
    await reply.fill(answer);
    await host.page.keyboard.press('Enter');

    // The person's open conversation shows the answer live, from the page (its name, not the admin's).
    const answered = other.page.locator('.message', { hasText: answer });
    await answered.waitFor({ timeout: 10_000 });
    expect(await answered.textContent()).toContain(administered.name);
    expect(await answered.textContent()).not.toContain(admin.name);
    expect(await answered.getAttribute('data-own')).toBeNull();

    // The person answers back: the admin's open page inbox shows it live, row and conversation.
    const thanks = `Thanks! ${Date.now().toString(36)}`;
    await composer.fill(thanks);
    await other.page.keyboard.press('Enter');
    await conversation.getByText(thanks).waitFor({ timeout: 10_000 });
    await expect.poll(() => threadRow.textContent(), { timeout: 10_000 }).toContain(thanks);

    // The way back to the admin's own chats.
    await host.page.getByRole('link', { name: 'Your chats' }).click();
    await host.page.waitForURL('**/messages');
    await host.page.getByRole('grid', { name: 'Conversations' }).waitFor();

    // Back on the host page (same document, same store): the badge says the thread was read.
    for (let i = 0; i < 3; i += 1) await host.page.goBack();
    expect(new URL(host.page.url()).pathname).toBe('/');
    await pageRow.waitFor();
    await expect.poll(() => unreadOf(pageRow), { timeout: 10_000 }).toBe(before);

    expect(host.pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
