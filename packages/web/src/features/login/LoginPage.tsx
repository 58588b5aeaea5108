import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../session/SessionProvider';
import { useDocumentTitle } from '../../ui/document-title';
import { safeNextPath } from '../../router/routes';
import { LoginForm } from './LoginForm';
import { SsoLink, useSignInMethods } from './SignInMethods';
import { loginMessages } from './messages';

/** `/login`: after a successful login the app router sends the person on to `next`. */
export function LoginPage(): ReactNode {
  const intl = useIntl();
  const session = useSession();
  useDocumentTitle(intl.formatMessage(loginMessages.title));
  const methods = useSignInMethods(session.api);
  // Single sign-on comes back to where the login page would have sent the person.
  const returnTo = safeNextPath(new URLSearchParams(window.location.search).get('next'));
  return (
    <main id="main-content" className="login-page" aria-labelledby="login-heading">
      <div className="login-card">
        <h1 id="login-heading">{intl.formatMessage(loginMessages.heading)}</h1>
        {methods.sso ? <SsoLink returnTo={returnTo} /> : null}
        {methods.password ? <LoginForm onLogin={session.login} /> : null}
      </div>
    </main>
  );
}
