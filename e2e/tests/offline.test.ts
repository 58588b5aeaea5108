import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

const SEND_MUTATION = 'sendMessageMutation';

function history(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

/** The history's rows holding `token`. */
function rowsWith(page: Page, token: string) {
  return history(page).getByRole('listitem').filter({ hasText: token });
}

/** Opens a thread and waits until its sync socket is live (no 'Connecting…'). */
async function openThread(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

async function typeAndSend(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

/** Each token has a row in the history, and the rows come in the tokens' order. */
async function expectInOrder(page: Page, tokens: string[]): Promise<void> {
  const texts = await history(page).getByRole('listitem').allTextContents();
  const positions = tokens.map((token) => texts.findIndex((text) => text.includes(token)));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((x, y) => x - y)).toEqual(positions);
}

describe('messages typed while offline', () => {
  it('are queued, shown pending, and sent on reconnect in order, each exactly once', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await openThread(b.page, threadPath);
    await openThread(a.page, threadPath);

    let sendRequests = 0;
    a.page.on('request', (request) => {
      if (request.postData()?.includes(SEND_MUTATION) === true) sendRequests += 1;
    });

    // Chromium's offline emulation keeps an open WebSocket; the page must notice by itself.
    await a.context.setOffline(true);
    await a.page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();

    const run = Date.now().toString(36);
    const tokens = [`offline-one-${run}`, `offline-two-${run}`];
    await typeAndSend(a.page, `first ${tokens[0]}`);
    await typeAndSend(a.page, `second ${tokens[1]}`);
    for (const token of tokens) {
      await rowsWith(a.page, token).getByText('Waiting for connection').waitFor();
    }
    await expectInOrder(a.page, tokens);
    await checkAccessibility(a.page, 'the thread view with messages waiting for the connection');
    expect(sendRequests).toBe(0);

    await a.context.setOffline(false);
    // B gets both live, once each, in the order typed.
    for (const token of tokens) await rowsWith(b.page, token).waitFor();
    // A's pending rows become the stored messages.
    for (const token of tokens) {
      await expect
        .poll(() =>
          rowsWith(a.page, token)
            .getByText(/Waiting for connection|Sending…/)
            .count(),
        )
        .toBe(0);
    }
    // Room for a late duplicate (a second send, an echo added twice) to show up.
    await a.page.waitForTimeout(1_000);
    for (const token of tokens) {
      expect(await rowsWith(b.page, token).count()).toBe(1);
      expect(await rowsWith(a.page, token).count()).toBe(1);
    }
    await expectInOrder(b.page, tokens);
    expect(sendRequests).toBe(2);

    // What the server stored: after a reload A has each message once, and nothing pending.
    await a.page.reload();
    await rowsWith(a.page, tokens[1] ?? '').waitFor();
    for (const token of tokens) expect(await rowsWith(a.page, token).count()).toBe(1);
    await expectInOrder(a.page, tokens);
    expect(await a.page.getByText(/Waiting for connection|Sending…|Not sent/).count()).toBe(0);

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('keeps a queued message across a reload, and stores a message whose answer was lost once', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await openThread(b.page, threadPath);
    await openThread(a.page, threadPath);
    const run = Date.now().toString(36);

    // The request reaches the server, but its answer is lost on the way back.
    const lost = `answer-lost-${run}`;
    let lostAttempts = 0;
    await a.page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes(SEND_MUTATION) || !body.includes(lost)) return route.fallback();
      lostAttempts += 1;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await typeAndSend(a.page, `lost ${lost}`);
    await rowsWith(b.page, lost).waitFor();
    // The sync echo replaces A's pending row; no second copy, on either side.
    await expect
      .poll(() =>
        rowsWith(a.page, lost)
          .getByText(/Waiting for connection|Sending…/)
          .count(),
      )
      .toBe(0);
    await a.page.waitForTimeout(1_000);
    expect(await rowsWith(a.page, lost).count()).toBe(1);
    expect(await rowsWith(b.page, lost).count()).toBe(1);
    expect(lostAttempts).toBeGreaterThanOrEqual(1);
    await a.page.unrouteAll({ behavior: 'wait' });

    // A send that never reaches the server stays queued, and survives a reload of the tab.
    const queued = `survives-reload-${run}`;
    await a.page.route('**/graphql', (route) =>
      route.request().postData()?.includes(SEND_MUTATION) === true
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
    await typeAndSend(a.page, `queued ${queued}`);
    await rowsWith(a.page, queued).getByText('Waiting for connection').waitFor();
    await a.page.reload();
    await rowsWith(a.page, queued)
      .getByText(/Waiting for connection|Sending…/)
      .waitFor();
    await checkAccessibility(a.page, 'the thread view after a reload with a queued message');
    expect(await rowsWith(b.page, queued).count()).toBe(0);

    // The connection works again: the retry (same offline_threading_id) stores it once.
    await a.page.unrouteAll({ behavior: 'wait' });
    await rowsWith(b.page, queued).waitFor({ timeout: 40_000 });
    await expect
      .poll(
        () =>
          rowsWith(a.page, queued)
            .getByText(/Waiting for connection|Sending…/)
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    await a.page.waitForTimeout(1_000);
    expect(await rowsWith(a.page, queued).count()).toBe(1);
    expect(await rowsWith(b.page, queued).count()).toBe(1);

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
