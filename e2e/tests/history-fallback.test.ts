import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginForm } from '../support/login';
import { ordinaryPerson } from '../support/network';

const e2e = useE2E();

describe('browser history (seed 2: pushState, with a fragment fallback)', () => {
  it('uses pushState: real paths, and Back returns without a page load', async () => {
    const { page } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(person.username);
    await form.password.fill(person.password);
    await form.submit.click();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(new URL(page.url()).hash).toBe('');
    await page.goBack();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    expect(loads).toBe(0);
  });

  it('falls back to the fragment when pushState is unavailable', async () => {
    const { page, pageErrors } = await e2e.newPage();
    // A browser without pushState: the app must route through location.hash.
    await page.addInitScript(() => {
      Object.defineProperty(History.prototype, 'pushState', { value: undefined });
    });
    const person = ordinaryPerson(e2e.network);
    await page.goto('/');
    const form = loginForm(page);
    await form.username.waitFor();
    expect(new URL(page.url()).hash).toBe('#/login');
    await form.username.fill(person.username);
    await form.password.fill(person.password);
    await form.submit.click();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();

    const link = page.getByRole('link', { name: 'Messenger' });
    expect(await link.getAttribute('href')).toBe('#/messages');
    await link.click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.hash).toBe('#/messages');

    await page.goBack();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    // A fragment link opened in a browser with pushState lands on the same screen, as a path.
    const other = await e2e.newPage();
    await other.context.addCookies(await page.context().cookies());
    await other.page.goto('/#/messages');
    await other.page.getByRole('navigation', { name: 'Chats' }).waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/messages');
    expect(pageErrors).toEqual([]);
  });
});
