import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs, loginForm, submitLogin } from '../support/login';
import { ordinaryPerson } from '../support/network';

const e2e = useE2E();

describe('axe-core finds no serious or critical violation', () => {
  it('on the login page, empty, with field errors and with a refused login', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.waitFor();
    await checkAccessibility(page, 'the login page');

    await form.submit.click();
    await page.getByText('Enter your username.').waitFor();
    await checkAccessibility(page, 'the login page with field errors');

    const person = ordinaryPerson(e2e.network);
    await submitLogin(page, person.username, 'wrong-password');
    await expect.poll(() => form.error.textContent()).not.toBe('');
    await checkAccessibility(page, 'the login page with a refused login');
  });

  it('on the host page and the full-page messenger', async () => {
    const { page } = await e2e.newPage();
    await loginAs(page, ordinaryPerson(e2e.network));
    await checkAccessibility(page, 'the host page');

    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('main', { name: 'Conversation' }).waitFor();
    await checkAccessibility(page, 'the full-page messenger');
  });

  it('on the expired-session and not-found pages', async () => {
    const { page, context } = await e2e.newPage();
    await loginAs(page, ordinaryPerson(e2e.network));
    // The server answers unknown paths 404 itself: the client's page shows on in-app navigation.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await checkAccessibility(page, 'the not-found page');

    await context.clearCookies();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your session has expired' }).waitFor();
    await checkAccessibility(page, 'the expired-session page');
  });

  it('fails on a page with a serious violation (the check itself works)', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await loginForm(page).username.waitFor();
    // An image without a text alternative is a critical violation.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.body.append(img);
    });
    await expect(
      checkAccessibility(page, 'a broken page', { skipOcclusion: true }),
    ).rejects.toThrow(/image-alt \(critical\)/);
  });
});
