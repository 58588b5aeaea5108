import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, pickPerson, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

/** The subdomain prefix core's rule uses: the work company's, otherwise 'www'. */
function prefixOf(network: Network, person: NetworkPerson): string {
  const companies = (network as Network & { companies?: { id: string; prefix: string }[] })
    .companies;
  const company = companies?.find((c) => c.id === person.company);
  return company?.prefix ?? 'www';
}

/** The app by a host name (on this machine the environments are subdomains of localhost). */
const byName = () => e2e.serverUrl.replace('127.0.0.1', 'localhost');

/**
 * Navigations to any other host are answered here, so the test sees where the
 * app sends the browser without leaving for the internet.
 */
async function catchOtherHosts(page: Page): Promise<void> {
  const own = new URL(byName()).host;
  await page.route(
    (url) => url.host !== own,
    (route) => route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' }),
  );
}

async function openNub(page: Page) {
  await page.getByRole('button', { name: 'Bugs and preferences' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

const nuxPrompt = (page: Page) => page.getByRole('complementary', { name: 'Chat from any page' });

describe('bug-nub and staff tools', () => {
  it('gives staff the internal preferences; choosing an environment goes to its subdomain', async () => {
    const staff = pickPerson(
      e2e.network,
      'personal employee',
      (p) => canLogIn(p) && p.employee && p.account === 'personal',
    );
    const { hostname: host, port } = new URL(byName());
    const { page } = await e2e.newPage(byName());
    await loginAs(page, staff);
    const menu = await openNub(page);
    const prefs = menu.getByRole('group', { name: 'Internal preferences' });
    await expect(prefs.getByRole('menuitemradio', { name: 'Public' }).isVisible()).resolves.toBe(
      true,
    );
    const envs = menu.getByRole('group', { name: 'Environment' });
    expect(await envs.getByRole('menuitem').allTextContents()).toEqual([
      'Public',
      'Beta',
      'Sandbox',
      'C1 (trunkstable)',
      'Intern',
      'Production',
    ]);
    await checkAccessibility(page, 'bug-nub staff menu');

    await catchOtherHosts(page);
    await envs.getByRole('menuitem', { name: 'Beta' }).click();
    // On this machine the environments are subdomains of localhost on the same port (development).
    await page.waitForURL(`http://${prefixOf(e2e.network, staff)}.beta.${host}:${port}/`);
  });

  it('makes the switch usable in development: from 127.0.0.1 it goes to a localhost subdomain', async () => {
    const staff = pickPerson(
      e2e.network,
      'personal employee',
      (p) => canLogIn(p) && p.employee && p.account === 'personal',
    );
    const { port } = new URL(e2e.serverUrl);
    const { page } = await e2e.newPage();
    await loginAs(page, staff);
    const menu = await openNub(page);
    const envs = menu.getByRole('group', { name: 'Environment' });
    const sandbox = envs.getByRole('menuitem', { name: 'Sandbox' });
    expect(await sandbox.getAttribute('aria-disabled')).toBeNull();
    expect(await menu.getByText(/^Unavailable:/).count()).toBe(0);
    await catchOtherHosts(page);
    await sandbox.click();
    await page.waitForURL(`http://${prefixOf(e2e.network, staff)}.sandbox.localhost:${port}/`);
  });

  it('carries the work company prefix and the messenger page to the chosen environment', async () => {
    const staff = pickPerson(
      e2e.network,
      'work employee with a company',
      (p) => canLogIn(p) && p.employee && p.account === 'work' && p.company !== undefined,
    );
    const { hostname: host, port } = new URL(byName());
    const { page } = await e2e.newPage(byName());
    await loginAs(page, staff);
    await page.goto('/messages');
    const menu = await openNub(page);
    await catchOtherHosts(page);
    await menu
      .getByRole('group', { name: 'Environment' })
      .getByRole('menuitem', { name: 'C1 (trunkstable)' })
      .click();
    const prefix = prefixOf(e2e.network, staff);
    expect(prefix).not.toBe('www');
    await page.waitForURL(`http://${prefix}.trunkstable.${host}:${port}/messages`);
  });

  it('saves the Public/Beta toggle on the server (with the CSRF header) and reloads', async () => {
    const staff = pickPerson(
      e2e.network,
      'personal employee',
      (p) => canLogIn(p) && p.employee && p.account === 'personal',
    );
    const { page } = await e2e.newPage();
    await loginAs(page, staff);
    const radio = (name: string) =>
      page
        .getByRole('group', { name: 'Internal preferences' })
        .getByRole('menuitemradio', { name });
    await openNub(page);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/settings/employee_beta/') && r.request().method() === 'POST',
    );
    // Each switch reloads the page once saved.
    const reloadedInBeta = page.waitForEvent('load');
    await radio('Beta').click();
    expect((await saved).status()).toBe(200);
    await reloadedInBeta;
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    await openNub(page);
    await expect.poll(() => radio('Beta').getAttribute('aria-checked')).toBe('true');
    // Back to Public, so other tests see the person as they were.
    const back = page.waitForResponse(
      (r) => r.url().endsWith('/settings/employee_beta/') && r.request().method() === 'POST',
    );
    const reloadedInPublic = page.waitForEvent('load');
    await radio('Public').click();
    expect((await back).status()).toBe(200);
    // Not closed mid-navigation: closing the page during the reload once hung for minutes.
    await reloadedInPublic;
  });

  it('gives a gated non-staff person only the external bug report', async () => {
    const reporter = pickPerson(
      e2e.network,
      'non-employee with the external bug report gate',
      (p) => canLogIn(p) && !p.employee && p.gates.includes('external_bug_report'),
    );
    const { page } = await e2e.newPage();
    await loginAs(page, reporter);
    const menu = await openNub(page);
    expect(await menu.getByRole('group', { name: 'Internal preferences' }).count()).toBe(0);
    expect(await menu.getByRole('group', { name: 'Environment' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Report a bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    await dialog.getByRole('textbox', { name: 'What went wrong?' }).fill('The feed is empty');
    await checkAccessibility(page, 'bug report dialog');
    const sent = page.waitForResponse((r) => r.url().endsWith('/ajax/bugs/report'));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect((await sent).status()).toBe(200);
    await dialog.getByText('Thanks, your report was sent.').waitFor();
  });

  it('shows no bug-nub to a non-staff person without the gate', async () => {
    const person = pickPerson(
      e2e.network,
      'non-employee without the external bug report gate',
      (p) => canLogIn(p) && !p.employee && !p.gates.includes('external_bug_report'),
    );
    const { page } = await e2e.newPage();
    const asked = page.waitForResponse((r) => r.url().endsWith('/ajax/bugs/reporting'));
    await loginAs(page, person);
    expect(await (await asked).json()).toEqual({ report: null });
    expect(await page.getByRole('button', { name: 'Bugs and preferences' }).count()).toBe(0);
    expect(await page.getByText('Internal preferences').count()).toBe(0);
  });
});

describe('onboarding (nux)', () => {
  it('spotlights the chat sidebar, and once dismissed stays dismissed after a reload', async () => {
    const person = pickPerson(
      e2e.network,
      'work non-employee',
      (p) => canLogIn(p) && !p.employee && p.account === 'work',
    );
    const { page } = await e2e.newPage();
    const viewed = page.waitForResponse((r) => r.url().endsWith('/ajax/nux/basic/view/'));
    await loginAs(page, person);
    const prompt = nuxPrompt(page);
    await prompt.waitFor();
    expect((await viewed).status()).toBe(200);
    await checkAccessibility(page, 'host page with the nux prompt');

    const showMe = prompt.getByRole('button', { name: 'Show me' });
    await showMe.click();
    const spotlight = page.getByRole('dialog', { name: 'Chat from any page' });
    await spotlight.waitFor();
    await checkAccessibility(page, 'nux spotlight');
    await page.keyboard.press('Escape');
    await spotlight.waitFor({ state: 'detached' });
    await expect.poll(() => showMe.evaluate((el) => el === document.activeElement)).toBe(true);

    const dismissed = page.waitForResponse((r) => r.url().endsWith('/ajax/nux/basic/dismiss/'));
    await prompt.getByRole('button', { name: 'Dismiss' }).click();
    expect((await dismissed).status()).toBe(200);
    await prompt.waitFor({ state: 'detached' });

    const state = page.waitForResponse((r) => r.url().endsWith('/ajax/nux/basic/state/'));
    await page.reload();
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    expect((await (await state).json()) as { dismissed: string[] }).toMatchObject({
      dismissed: expect.arrayContaining(['chat_sidebar_intro']) as unknown,
    });
    // The answer arrived; give React a moment to render whatever it decided.
    await page.waitForTimeout(300);
    expect(await nuxPrompt(page).count()).toBe(0);
  });
});
