import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { useRouter } from '../../router/Router';
import { formatLocation } from '../../router/history';
import { loginPathFor } from '../../router/routes';
import { useSession } from '../../session/SessionProvider';
import { StatusScreen } from '../../ui/StatusScreen';
import { useDocumentTitle } from '../../ui/document-title';
import { expiredMessages } from './messages';

/**
 * Shown in place of any screen when this browser's session died (expired,
 * removed on the server, logged out elsewhere). Logging in again returns to
 * the page the person was on.
 */
export function ExpiredSessionPage(): ReactNode {
  const intl = useIntl();
  const session = useSession();
  const router = useRouter();
  useDocumentTitle(intl.formatMessage(expiredMessages.title));

  const logInAgain = (): void => {
    const here = formatLocation(router.location);
    session.acknowledgeExpiry();
    void router.navigate(loginPathFor(here), { replace: true });
  };

  return (
    <StatusScreen
      heading={intl.formatMessage(expiredMessages.heading)}
      actions={
        <Button className="button button-primary" onPress={logInAgain}>
          {intl.formatMessage(expiredMessages.logInAgain)}
        </Button>
      }
    >
      <p>{intl.formatMessage(expiredMessages.body)}</p>
    </StatusScreen>
  );
}
