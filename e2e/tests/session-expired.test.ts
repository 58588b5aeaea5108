import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs, loginForm } from '../support/login';
import { ordinaryPerson } from '../support/network';

const e2e = useE2E();
const EXPIRED = { name: 'Your session has expired' } as const;

describe('an expired or removed session', () => {
  it('shows the expired-session page when the session cookie is gone, then logs in again to the same page', async () => {
    const { page, context } = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await loginAs(page, person);
    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();

    await context.clearCookies();
    await page.reload();
    await page.getByRole('heading', EXPIRED).waitFor();
    expect(await page.title()).toBe('Session expired');
    expect(new URL(page.url()).pathname).toBe('/messages');

    await page.getByRole('button', { name: 'Log In Again' }).click();
    const form = loginForm(page);
    await form.username.fill(person.username);
    await form.password.fill(person.password);
    await form.submit.click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');
  });

  it('shows the expired-session page when the server removed the session', async () => {
    const first = await e2e.newPage();
    const person = ordinaryPerson(e2e.network);
    await loginAs(first.page, person);

    // Another client holding the same session logs it out: the server deletes it.
    const other = await e2e.newPage();
    await other.context.addCookies(await first.context.cookies());
    const session = await other.context.request.get('/auth/session');
    expect(session.status()).toBe(200);
    const { csrf_token: csrf } = (await session.json()) as { csrf_token: string };
    const logout = await other.context.request.post('/auth/logout', {
      headers: { 'x-csrf-token': csrf },
      data: {},
    });
    expect(logout.status()).toBe(200);

    await first.page.reload();
    await first.page.getByRole('heading', EXPIRED).waitFor();
    expect(await first.page.getByRole('button', { name: 'Log In Again' }).isVisible()).toBe(true);
  });
});
