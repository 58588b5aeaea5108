import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Api } from '../../http/api';
import { loginMessages } from './messages';

/** What GET /auth/methods says this server offers. */
export interface SignInMethodsInfo {
  password: boolean;
  sso: boolean;
}

/** Until the server answers, the password form shows (every server without SSO has it). */
export const PASSWORD_ONLY: SignInMethodsInfo = { password: true, sso: false };

export function useSignInMethods(api: Api): SignInMethodsInfo {
  const [methods, setMethods] = useState<SignInMethodsInfo>(PASSWORD_ONLY);
  useEffect(() => {
    let cancelled = false;
    api.json<SignInMethodsInfo>('/auth/methods').then(
      (answer) => {
        if (!cancelled) setMethods({ password: answer.password, sso: answer.sso });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  return methods;
}

/**
 * The single sign-on choice of the login page: a link (a full navigation to
 * the identity provider and back to `returnTo`), above the password form when
 * there is one.
 */
export function SsoLink({ returnTo }: { returnTo: string }): ReactNode {
  const intl = useIntl();
  return (
    <a className="login-sso" href={`/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`}>
      {intl.formatMessage(loginMessages.sso)}
    </a>
  );
}
