import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { threadOf, type NetworkPerson } from '../support/network';
import { addByTyping, personWithThreeFriends, tokens } from '../support/recipients';

const e2e = useE2E();

interface BroadcastBody {
  data: {
    broadcast_message: {
      kind: string;
      deliveries: { recipient_id: string; message: { thread_id: string } }[];
    };
  };
}

const broadcastResponse = (page: Page) =>
  page.waitForResponse((r) => r.request().postData()?.includes('broadcastMutation') ?? false);

/** Logs `person` in on a page of their own and opens their thread `threadId`: `text` is there. */
async function recipientSees(person: NetworkPerson, threadId: string, text: string) {
  const { page } = await e2e.newPage();
  await loginAs(page, person);
  await page.goto(`/messages/thread/${threadId}`);
  await page.getByRole('log', { name: 'Messages' }).getByText(text).first().waitFor();
}

describe('broadcast: one message to several people', () => {
  it('sends to three tokens, each in their own one-to-one thread', async () => {
    const { me, friends } = personWithThreeFriends(e2e.network);
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto('/messages');
    await page.getByRole('link', { name: 'Broadcast' }).click();
    await page.waitForURL('**/messages/broadcast');
    await page
      .getByRole('main', { name: 'Broadcast' })
      .getByRole('combobox', { name: 'To' })
      .waitFor();

    for (const friend of friends) await addByTyping(page, friend);
    await expect.poll(() => tokens(page).count()).toBe(3);
    await checkAccessibility(page, 'broadcast');

    const text = `broadcast ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    const response = broadcastResponse(page);
    await page.getByRole('button', { name: 'Send to each' }).click();
    const body = (await (await response).json()) as BroadcastBody;
    const deliveries = body.data.broadcast_message.deliveries;
    expect(deliveries.map((d) => d.recipient_id)).toEqual(friends.map((f) => f.person.id));
    expect(new Set(deliveries.map((d) => d.message.thread_id)).size).toBe(3);

    await page.getByText('Sent to 3 people.').waitFor();
    const sent = page.getByRole('list', { name: 'Sent' }).getByRole('link');
    expect(await sent.allTextContents()).toEqual(
      friends.map((f) => `Conversation with ${f.person.name}`),
    );
    // The picker is empty again, ready for the next broadcast.
    expect(await tokens(page).count()).toBe(0);

    // Each conversation is a one-to-one thread with that person, holding the message.
    await sent.first().click();
    await page.waitForURL(`**/messages/thread/${deliveries[0]!.message.thread_id}`);
    const conversation = page.getByRole('main', { name: 'Conversation' });
    await expect
      .poll(() => conversation.getByRole('heading', { level: 2 }).textContent())
      .toContain(friends[0]!.person.name);
    await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();
    // And the last recipient finds it in their own thread with the sender.
    await recipientSees(friends[2]!.person, deliveries[2]!.message.thread_id, text);
  });
});

describe('share: a message sent on to chosen people', () => {
  it('shares a message of a conversation with two people from its Share action', async () => {
    const { me, friends } = personWithThreeFriends(e2e.network);
    const thread = threadOf(e2e.network, me);
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto(`/messages/thread/${thread.id}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const row = log.getByRole('listitem').last();
    await row.waitFor();
    const shared = (await row.locator('.message-text').textContent()) ?? '';
    expect(shared).not.toBe('');

    // Forward, from the message's actions menu (its button shows on hover).
    await row.hover();
    await row.getByRole('button', { name: /^Actions for message from / }).click();
    await page.getByRole('menuitem', { name: 'Forward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this message' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'To' }).waitFor();
    expect(await dialog.getByRole('blockquote').textContent()).toBe(shared);
    await checkAccessibility(page, 'share dialog');

    const chosen = friends.slice(0, 2);
    for (const friend of chosen) await addByTyping(page, friend);
    await expect.poll(() => tokens(page).count()).toBe(2);
    const response = broadcastResponse(page);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    const body = (await (await response).json()) as BroadcastBody;
    expect(body.data.broadcast_message.kind).toBe('share');
    const deliveries = body.data.broadcast_message.deliveries;
    expect(deliveries.map((d) => d.recipient_id)).toEqual(chosen.map((f) => f.person.id));
    await dialog.getByText('Sent to 2 people.').waitFor();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await recipientSees(chosen[1]!.person, deliveries[1]!.message.thread_id, shared);
  });
});
