import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';
import { gqlAs as gql } from '../support/graphql';

const e2e = useE2E();

const SEND =
  'mutation($i: SendMessageInput!) { send_message(input: $i) { message { message_id } } }';
const REACT =
  'mutation($m: ID!, $e: String) { set_message_reaction(message_id: $m, emoji: $e) { __typename } }';

let sent = 0;
async function send(page: Page, input: Record<string, unknown>): Promise<string> {
  const data = await gql<{ send_message: { message: { message_id: string } } }>(page, SEND, {
    i: { ...input, offline_threading_id: `bottom-${Date.now().toString(36)}-${String(++sent)}` },
  });
  return data.send_message.message.message_id;
}

describe('a conversation opens at its newest message', () => {
  it('shows the newest message whole when the rows above it grew (a reply, reactions)', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    const token = `bottom-${Date.now().toString(36)}`;
    const question = await send(a.page, { thread_id: thread.id, text: `${token} who climbs?` });
    await gql(b.page, REACT, { m: question, e: '❤️' });
    const answer = await send(b.page, {
      thread_id: thread.id,
      text: `${token} me, and I bring the rope`,
      reply_to: question,
    });
    await gql(a.page, REACT, { m: answer, e: '👍' });
    const last = await send(a.page, { thread_id: thread.id, text: `${token} see you at ten` });
    await gql(b.page, REACT, { m: last, e: '😆' });

    await b.page.goto(`/messages/thread/${thread.id}`);
    const log = b.page.getByRole('log', { name: 'Messages' });
    const newest = log.getByRole('listitem').filter({ hasText: `${token} see you at ten` });
    await newest.locator('.reaction-tally').first().waitFor();
    // Whatever measured late has measured now.
    await b.page.waitForTimeout(1_500);
    const gap = await newest.evaluate((row) => {
      const scroller = row.closest('[data-virtuoso-scroller]') ?? row.parentElement;
      if (scroller === null) return Number.NaN;
      return row.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    });
    // The newest row ends inside the visible history, not cut off below it.
    expect(gap).toBeLessThanOrEqual(1);
  });
});
