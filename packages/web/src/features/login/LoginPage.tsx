import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../session/SessionProvider';
import { useDocumentTitle } from '../../ui/document-title';
import { LoginForm } from './LoginForm';
import { loginMessages } from './messages';

/** `/login`: after a successful login the app router sends the person on to `next`. */
export function LoginPage(): ReactNode {
  const intl = useIntl();
  const session = useSession();
  useDocumentTitle(intl.formatMessage(loginMessages.title));
  return (
    <main id="main-content" className="login-page" aria-labelledby="login-heading">
      <div className="login-card">
        <h1 id="login-heading">{intl.formatMessage(loginMessages.heading)}</h1>
        <LoginForm onLogin={session.login} />
      </div>
    </main>
  );
}
