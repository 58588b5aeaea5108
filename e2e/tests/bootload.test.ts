import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { ordinaryPerson } from '../support/network';

const e2e = useE2E();

describe('bootload errors (seed 8)', () => {
  it('reload the page when a lazy chunk fails to load, which then loads it', async () => {
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, ordinaryPerson(e2e.network));

    // The messenger's chunk is missing until the page reloads, as after a deploy that
    // replaced it. Every request for it fails before the reload: the modulepreload the
    // import starts with, and the import itself.
    let failures = 0;
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.route(/\/assets\/MessengerPage-[\w-]+\.js$/, async (route) => {
      if (loads === 0) {
        failures += 1;
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });

    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();
    expect(failures).toBeGreaterThanOrEqual(1);
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(pageErrors).toEqual([]);
  });

  it('offer a reload button instead of looping when the chunk stays missing', async () => {
    const { page } = await e2e.newPage();
    await loginAs(page, ordinaryPerson(e2e.network));
    await page.route(/\/assets\/MessengerPage-[\w-]+\.js$/, (route) => route.abort('failed'));
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('heading', { name: 'Part of this page could not be loaded' }).waitFor();
    expect(loads).toBe(1);
    await page.getByRole('button', { name: 'Reload' }).waitFor();
  });
});
