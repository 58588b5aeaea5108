import { useState, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages';
import { useRouter } from '../router/Router';
import { HOME_PATH, LOGIN_PATH, MESSENGER_PREFIX, matchRoute } from '../router/routes';
import { useSession } from '../session/SessionProvider';
import { isolateIn } from '../i18n/isolate';

/**
 * The banner of every signed-in screen: the two places and the logout button.
 * The page passes its `tools` (the appearance menu, the fullscreen toggle):
 * they are features, and ui/ sits below the features.
 */
export function AppHeader({
  viewerName,
  tools,
}: {
  viewerName: string;
  tools: ReactNode;
}): ReactNode {
  const intl = useIntl();
  const router = useRouter();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  const current = matchRoute(router.location.path).name;

  const logout = (): void => {
    if (leaving) return;
    setLeaving(true);
    void session.logout().finally(() => {
      setLeaving(false);
      void router.navigate(LOGIN_PATH, { replace: true });
    });
  };

  const skipToContent = (event: React.MouseEvent<HTMLAnchorElement>): void => {
    // The fragment is the router's in fragment mode: focus the main landmark instead.
    event.preventDefault();
    document.getElementById('main-content')?.focus();
  };

  return (
    <header className="app-header">
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        {intl.formatMessage(appMessages.skipToContent)}
      </a>
      <nav className="app-nav" aria-label={intl.formatMessage(appMessages.mainNavigation)}>
        <Link
          href={HOME_PATH}
          className="app-nav-link"
          {...(current === 'host' ? { 'aria-current': 'page' } : {})}
        >
          {intl.formatMessage(appMessages.homeTitle)}
        </Link>
        <Link
          href={MESSENGER_PREFIX}
          className="app-nav-link"
          {...(current === 'messenger' ? { 'aria-current': 'page' } : {})}
        >
          {intl.formatMessage(appMessages.appName)}
        </Link>
      </nav>
      <div className="app-account">
        {tools}
        <span className="app-viewer">
          {intl.formatMessage(appMessages.signedInAs, { name: isolateIn(intl, viewerName) })}
        </span>
        <Button className="button" onPress={logout} data-busy={leaving || undefined}>
          {intl.formatMessage(appMessages.logOut)}
        </Button>
      </div>
    </header>
  );
}
