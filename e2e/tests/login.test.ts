import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs, loginForm, submitLogin } from '../support/login';
import { ordinaryPerson, threadOf } from '../support/network';

const e2e = useE2E();

describe('login', () => {
  it('shows the error for a wrong password and stays on the login page', async () => {
    const { page, pageErrors } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await submitLogin(page, person.username, `${person.password}-wrong`);

    const form = loginForm(page);
    await expect.poll(() => form.error.textContent()).toBe('Wrong username or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await form.password.inputValue()).toBe('');
    expect(await form.username.inputValue()).toBe(person.username);
    // The password field has focus again, ready for another try.
    expect(await form.password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('lands on the host page with the messenger regions', async () => {
    const { page, pageErrors } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await loginAs(page, person);

    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.title()).toBe('Home');
    await page.getByRole('banner').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const feed = page.getByRole('main', { name: 'News Feed' });
    expect(await feed.getByRole('heading', { level: 2 }).textContent()).toBe(
      `Welcome, ${person.short_name}`,
    );
    // The chat sidebar on the right and the chat tabs dock at the bottom.
    const sidebar = await page.getByRole('complementary', { name: 'Contacts' }).boundingBox();
    const feedBox = await feed.boundingBox();
    expect(sidebar!.x).toBeGreaterThan(feedBox!.x + feedBox!.width - 1);
    await page.getByRole('region', { name: 'Open chats' }).waitFor({ state: 'attached' });
    expect(
      await page
        .getByRole('region', { name: 'Open chats' })
        .evaluate((el) => getComputedStyle(el).position + ' ' + getComputedStyle(el).bottom),
    ).toBe('fixed 0px');
    expect(pageErrors).toEqual([]);
  });

  it('opens the full-page messenger, whose permalinks survive a reload', async () => {
    const { page, pageErrors } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    const thread = threadOf(e2e.network, person);
    await loginAs(page, person);

    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();
    await page.getByRole('main', { name: 'Conversation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');
    // The unread count comes first once the thread list is in: '(2) Messenger'.
    expect(await page.title()).toMatch(/^(\(\d+\) )?Messenger$/);

    await page.goto(`/messages/thread/${thread.id}`);
    await page.getByRole('main', { name: 'Conversation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/messages/thread/${thread.id}`);
    expect(
      await page.getByRole('main', { name: 'Conversation' }).getAttribute('data-permalink-kind'),
    ).toBe('thread');
    // Back to the host page through browser history, without a page load.
    await page.goBack();
    await page.goBack();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('sends an anonymous visitor to the login page and back to where they were going', async () => {
    const { page } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    const thread = threadOf(e2e.network, person);
    await page.goto(`/messages/thread/${thread.id}`);
    await loginForm(page).username.waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('next')).toBe(`/messages/thread/${thread.id}`);

    const form = loginForm(page);
    await form.username.fill(person.username);
    await form.password.fill(person.password);
    await form.submit.click();
    await page.getByRole('main', { name: 'Conversation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/messages/thread/${thread.id}`);
  });

  it('logs in with the keyboard alone: Tab, type, Tab, type, Enter', async () => {
    const { page } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await page.goto('/login');
    await loginForm(page).username.waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'username',
    );
    await page.keyboard.type(person.username);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'password',
    );
    await page.keyboard.type(person.password);
    await page.keyboard.press('Enter');

    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    // The header's controls are reachable by keyboard too: Tab to "Log Out" and press it.
    let found = false;
    for (let i = 0; i < 10 && !found; i += 1) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement?.textContent === 'Log Out');
    }
    expect(found).toBe(true);
    await page.keyboard.press('Enter');
    await loginForm(page).username.waitFor();
  });
});

describe('logout', () => {
  it('returns to the login page and ends the session on the server', async () => {
    const { page, context } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await loginAs(page, person);
    expect((await context.request.get('/auth/session')).status()).toBe(200);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await loginForm(page).username.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.request.get('/auth/session')).status()).toBe(401);

    // Logged out on purpose: the home page asks to log in, it does not say "expired".
    await page.goto('/');
    await loginForm(page).username.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
