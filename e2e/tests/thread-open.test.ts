import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { ordinaryPerson, threadOf } from '../support/network';

const e2e = useE2E();

/**
 * Holds the thread's `ConversationBodyQuery` responses until `release` is
 * called, so the loading state stays on screen long enough to be checked.
 */
async function holdThreadQuery(page: Page): Promise<{ held: () => number; release: () => void }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route('**/graphql', async (route) => {
    if (released || !(route.request().postData() ?? '').includes('ConversationBodyQuery')) {
      await route.continue();
      return;
    }
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: () => {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
  };
}

/** The open conversation's landmark (ThreadView's `main`). */
const conversation = (page: Page) => page.getByRole('main', { name: 'Conversation' });

async function expectLoadingThenHistory(
  page: Page,
  hold: { held: () => number; release: () => void },
  screen: string,
): Promise<void> {
  await expect.poll(() => hold.held(), { timeout: 10_000 }).toBeGreaterThan(0);
  // The thread's own loading line (not a blank region), announced as a status.
  await conversation(page).getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
  await checkAccessibility(page, `${screen}, loading`);
  hold.release();
  await conversation(page).getByRole('log').waitFor();
  await conversation(page).getByRole('status').filter({ hasText: 'Loading…' }).waitFor({
    state: 'detached',
  });
  await checkAccessibility(page, screen);
}

describe('opening a thread', () => {
  it('shows a loading status until the history arrives, by permalink and by its row', async () => {
    const me = ordinaryPerson(e2e.network);
    const thread = threadOf(e2e.network, me);
    const { page } = await e2e.newPage();
    await loginAs(page, me);

    // A full page load of the permalink.
    const load = await holdThreadQuery(page);
    await page.goto(`/messages/thread/${thread.id}`);
    await expectLoadingThenHistory(page, load, 'thread opened by permalink');
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    // Pressing a row of the inbox inside the running app.
    await page.goto('/messages');
    const row = page.getByRole('grid', { name: 'Conversations' }).getByRole('row').first();
    await row.waitFor();
    const press = await holdThreadQuery(page);
    await row.click();
    await expectLoadingThenHistory(page, press, 'thread opened from the inbox');
  });

  it("says a thread that failed to load couldn't be loaded, and Try Again asks again", async () => {
    // (A thread the viewer is not in is no failure: error-screens.test.ts, "Conversation not found".)
    const me = ordinaryPerson(e2e.network);
    const thread = threadOf(e2e.network, me);
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    let requests = 0;
    const asked = (): number => requests;
    // The first load of the conversation fails on the network; the next ones go through.
    await page.route('**/graphql', async (route: Route) => {
      if ((route.request().postData() ?? '').includes('ConversationBodyQuery')) {
        requests += 1;
        if (requests === 1) {
          await route.abort('failed');
          return;
        }
      }
      await route.continue();
    });

    await page.goto(`/messages/thread/${thread.id}`);
    const alert = conversation(page).getByRole('alert');
    await alert.filter({ hasText: "This part of the page couldn't be loaded." }).waitFor();
    await checkAccessibility(page, 'a thread that failed to load');

    const before = asked();
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(asked, { timeout: 10_000 }).toBeGreaterThan(before);
    await expect.poll(() => alert.count(), { timeout: 10_000 }).toBe(0);
  });
});
