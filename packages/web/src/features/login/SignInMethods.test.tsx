import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../http/api';
import { renderWithIntl } from '../../test/render';
import { SsoLink, useSignInMethods, type SignInMethodsInfo } from './SignInMethods';

function Probe({ api }: { api: Api }) {
  const methods = useSignInMethods(api);
  return <output>{`${String(methods.password)}/${String(methods.sso)}`}</output>;
}

describe('sign-in methods', () => {
  it('links to the identity provider with the page to come back to', () => {
    renderWithIntl(<SsoLink returnTo="/messages?x=1" />);
    const link = screen.getByRole('link', { name: 'Log in with your organization’s account' });
    expect(link.getAttribute('href')).toBe('/auth/oidc/login?return_to=%2Fmessages%3Fx%3D1');
  });

  it('reads what the server offers, and keeps the password form when it cannot tell', async () => {
    const answer: SignInMethodsInfo = { password: false, sso: true };
    const api = { json: () => Promise.resolve(answer) } as unknown as Api;
    renderWithIntl(<Probe api={api} />);
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe('false/true');
    });
    const failing = { json: () => Promise.reject(new Error('offline')) } as unknown as Api;
    renderWithIntl(<Probe api={failing} />);
    expect(screen.getAllByRole('status')[1]?.textContent).toBe('true/false');
  });
});
