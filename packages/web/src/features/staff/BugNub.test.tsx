import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, createApi } from '../../http/api';
import { renderWithIntl } from '../../test/render';
import { BugNub } from './BugNub';
import { baseDomainOf, environmentTarget, environmentsUnavailableBecause } from './environment-url';

interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

/** A fake server: answers by path, records every request with its CSRF header. */
function fakeServer(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    // The client always fetches by path string.
    const path = input as string;
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      csrf: headers.get(CSRF_HEADER),
    });
    const key = `${method} ${path}`;
    return Promise.resolve(
      key in answers
        ? new Response(JSON.stringify(answers[key]), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'forbidden', message: 'no' } }), {
            status: 403,
          }),
    );
  });
  const api = createApi({ fetch });
  api.setCsrfToken('token-1');
  return { api, calls };
}

const location = () => ({
  hostname: 'www.social.example',
  pathname: '/messages/t/42',
  href: 'https://www.social.example/messages/t/42',
});

function renderNub(
  isEmployee: boolean,
  answers: Record<string, unknown>,
  companyPrefix = '',
  where: typeof location = location,
  configuredDomains: { messenger?: string } = { messenger: 'messenger.example' },
) {
  const server = fakeServer(answers);
  const navigate = vi.fn();
  renderWithIntl(
    <BugNub
      api={server.api}
      isEmployee={isEmployee}
      companyPrefix={companyPrefix === '' ? null : companyPrefix}
      location={where}
      navigate={navigate}
      configuredDomains={configuredDomains}
    />,
  );
  return { ...server, navigate };
}

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Bugs and preferences' }));
  return screen.findByRole('menu');
}

describe('environment URL', () => {
  it('strips the current prefix and environment from the host before building the new one', () => {
    expect(baseDomainOf('acme.beta.social.example', 'acme')).toBe('social.example');
    expect(baseDomainOf('www.social.example', null)).toBe('social.example');
    expect(baseDomainOf('localhost', null)).toBe('localhost');
    expect(
      environmentTarget('c1', { hostname: 'acme.beta.social.example', pathname: '/' }, 'acme'),
    ).toBe('https://acme.trunkstable.social.example/');
    expect(environmentTarget('beta', { hostname: '10.0.0.12', pathname: '/' }, null)).toBeNull();
    expect(environmentTarget('beta', { hostname: 'fe80::1', pathname: '/' }, null)).toBeNull();
  });

  it('works in development: this machine switches to subdomains of localhost, same protocol and port', () => {
    const local = { hostname: '127.0.0.1', pathname: '/messages', protocol: 'http:', port: '5173' };
    expect(environmentTarget('beta', local, null)).toBe('http://www.beta.localhost:5173/messages');
    expect(environmentTarget('public', { ...local, hostname: 'localhost' }, 'acme')).toBe(
      'http://acme.localhost:5173/messages',
    );
    expect(
      environmentTarget('c1', { ...local, hostname: 'www.beta.localhost', pathname: '/' }, null),
    ).toBe('http://www.trunkstable.localhost:5173/');
    // A configured domain wins, as in production.
    expect(
      environmentTarget('beta', local, null, {
        consumer: 'social.example',
        messenger: 'm.example',
      }),
    ).toBe('https://www.beta.m.example/messages');
  });

  it('says why the environments are unavailable on an address that has no subdomains', () => {
    expect(environmentsUnavailableBecause({ hostname: '10.0.0.12', pathname: '/' }, null)).toEqual({
      kind: 'ip_address',
      host: '10.0.0.12',
    });
    expect(
      environmentsUnavailableBecause({ hostname: 'localhost', pathname: '/' }, null),
    ).toBeNull();
  });
});

describe('BugNub', () => {
  it('shows staff the internal preferences and the six environments in the seed wording', async () => {
    renderNub(true, { 'GET /settings/employee_beta/': { enabled: false } });
    const menu = await openMenu();
    const prefs = within(menu).getByRole('group', { name: 'Internal preferences' });
    await waitFor(() => {
      expect(
        within(prefs).getByRole('menuitemradio', { name: 'Public' }).getAttribute('aria-checked'),
      ).toBe('true');
    });
    const envs = within(menu).getByRole('group', { name: 'Environment' });
    expect(
      within(envs)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Public', 'Beta', 'Sandbox', 'C1 (trunkstable)', 'Intern', 'Production']);
    expect(within(menu).getByRole('menuitem', { name: 'Report a bug' })).toBeTruthy();
  });

  it('says on screen why the environments are disabled on an IP address', async () => {
    const lan = () => ({ hostname: '10.0.0.12', pathname: '/', href: 'http://10.0.0.12/' });
    renderNub(true, { 'GET /settings/employee_beta/': { enabled: false } }, '', lan, {});
    const menu = await openMenu();
    const reason = within(menu).getByText(
      /^Unavailable: this site is opened at the address 10\.0\.0\.12/,
    );
    expect(reason).toBeTruthy();
    const beta = within(menu).getByRole('menuitem', { name: 'Beta' });
    expect(beta.getAttribute('aria-disabled')).toBe('true');
  });

  it('posts the Beta toggle with the CSRF header and follows the redirect', async () => {
    const { calls, navigate } = renderNub(true, {
      'GET /settings/employee_beta/': { enabled: false },
      'POST /settings/employee_beta/': { enabled: true, redirect_to: 'https://x.example/' },
    });
    const menu = await openMenu();
    await waitFor(() => {
      expect(
        within(menu).getByRole('menuitemradio', { name: 'Public' }).getAttribute('aria-checked'),
      ).toBe('true');
    });
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Beta' }));
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('https://x.example/');
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/settings/employee_beta/',
      body: { enabled: true, redirect: true },
      csrf: 'token-1',
    });
  });

  it('redirects to the messenger-domain subdomain with the company prefix', async () => {
    const { navigate } = renderNub(
      true,
      { 'GET /settings/employee_beta/': { enabled: true } },
      'acme',
    );
    const menu = await openMenu();
    const envs = within(menu).getByRole('group', { name: 'Environment' });
    await userEvent.click(within(envs).getByRole('menuitem', { name: 'C1 (trunkstable)' }));
    expect(navigate).toHaveBeenCalledWith(
      'https://acme.trunkstable.messenger.example/messages/t/42',
    );
  });

  it('sends a staff report to the employee path', async () => {
    const { calls } = renderNub(true, {
      'GET /settings/employee_beta/': { enabled: false },
      'POST /ajax/bugs/employee_report': { ok: true, id: '1' },
    });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Report a bug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug (employee)' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What went wrong?' }), 'Oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Thanks, your report was sent.',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/ajax/bugs/employee_report',
      body: { description: 'Oops', url: 'https://www.social.example/messages/t/42' },
      csrf: 'token-1',
    });
  });

  it('gives a gated non-staff person only the external report, never the internal preferences', async () => {
    const { calls } = renderNub(false, {
      'GET /ajax/bugs/reporting': { report: 'external' },
      'POST /ajax/bugs/report': { ok: true, id: '2' },
    });
    const menu = await openMenu();
    expect(within(menu).queryByRole('group', { name: 'Internal preferences' })).toBeNull();
    expect(within(menu).queryByRole('group', { name: 'Environment' })).toBeNull();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Report a bug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/ajax/bugs/report');
    expect(calls.some((c) => c.path === '/settings/employee_beta/')).toBe(false);
  });

  it('shows nothing to a non-staff person the server gives no report path', async () => {
    const { calls } = renderNub(false, { 'GET /ajax/bugs/reporting': { report: null } });
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(screen.queryByRole('button', { name: 'Bugs and preferences' })).toBeNull();
  });
});
