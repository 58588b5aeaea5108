import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { ordinaryPerson } from '../support/network';

const e2e = useE2E();

/** Real pages in the app's frame with a way back, never "couldn't be loaded. Try Again" (issue 31). */
describe('error screens', () => {
  it('says a thread is not found, whether it does not exist or the viewer is not in it, with a way back', async () => {
    const viewer = ordinaryPerson(e2e.network);
    const notMine = e2e.network.threads.find((t) => !t.participants.includes(viewer.id));
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);

    const ids = ['987654321987', ...(notMine === undefined ? [] : [notMine.id])];
    for (const id of ids) {
      await page.goto(`/messages/thread/${id}`);
      const conversation = page.getByRole('main', { name: 'Conversation' });
      await conversation.getByRole('heading', { name: 'Conversation not found' }).waitFor();
      await conversation
        .getByText("This conversation doesn't exist, or you're not in it.")
        .waitFor();
      expect(await page.getByText("This part of the page couldn't be loaded.").count()).toBe(0);
      // The app's frame stays: the conversation list is beside it.
      await page.getByRole('grid', { name: 'Conversations' }).waitFor();
    }
    await checkAccessibility(page, 'a thread that is not found');
    await page.getByRole('link', { name: 'Back to Chats' }).click();
    await page.waitForURL((url) => url.pathname === '/messages');
    expect(pageErrors).toEqual([]);
  });

  it('answers an unknown path with an HTML 404 page for a browser, JSON for a program', async () => {
    const { page, context, pageErrors } = await e2e.newPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await checkAccessibility(page, 'the not-found page');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');

    const program = await context.request.get('/no/such/page', {
      headers: { accept: 'application/json' },
    });
    expect(program.status()).toBe(404);
    expect(await program.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(pageErrors).toEqual([]);
  });
});
