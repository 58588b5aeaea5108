import { Suspense, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { LoginPage } from '../features/login/LoginPage';
import { ExpiredSessionPage } from '../features/session-expired/ExpiredSessionPage';
import { appMessages } from '../i18n/app-messages';
import { useRouter } from '../router/Router';
import { formatLocation } from '../router/history';
import { HOME_PATH, loginPathFor, matchRoute, safeNextPath } from '../router/routes';
import type { Viewer } from '../session/session-client';
import { useSession } from '../session/SessionProvider';
import { LoadingScreen } from '../ui/LoadingScreen';
import { Redirect } from '../ui/Redirect';
import { StatusScreen } from '../ui/StatusScreen';
import { useDocumentTitle } from '../ui/document-title';
import { lazyRoute } from '../lib/bootload';
import { SignedIn } from './SignedIn';
import type { EmbedRootProps } from '../features/embed/EmbedRoot';

/*
 * The embedding kit's frame and its sign-in popup's last page: only framed hosts
 * load them (defined here, not in lazy-routes.ts: the embed is handed SignedIn).
 */
const LazyEmbedRoot = lazyRoute<EmbedRootProps>(() =>
  import('../features/embed/EmbedRoot').then((module) => ({ default: module.EmbedRoot })),
);
const LazyEmbedPopupDone = lazyRoute<Record<string, never>>(() =>
  import('../features/embed/EmbedPopupDone').then((module) => ({
    default: module.EmbedPopupDone,
  })),
);

/** The embed's frame shows the signed-in screens of its own route. */
function embedSignedIn(viewer: Viewer): ReactNode {
  return <SignedIn viewer={viewer} route={{ name: 'embed' }} path="/embed" />;
}

function NotFoundPage(): ReactNode {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(appMessages.notFoundTitle));
  return (
    <StatusScreen
      heading={intl.formatMessage(appMessages.notFoundTitle)}
      actions={
        <Link className="button" href={HOME_PATH}>
          {intl.formatMessage(appMessages.goHome)}
        </Link>
      }
    >
      <p>{intl.formatMessage(appMessages.notFoundBody)}</p>
    </StatusScreen>
  );
}

function UnreachableScreen({ onRetry }: { onRetry: () => void }): ReactNode {
  const intl = useIntl();
  return (
    <StatusScreen
      heading={intl.formatMessage(appMessages.unreachableTitle)}
      actions={
        <Button className="button button-primary" onPress={onRetry}>
          {intl.formatMessage(appMessages.tryAgain)}
        </Button>
      }
    >
      <p>{intl.formatMessage(appMessages.unreachableBody)}</p>
    </StatusScreen>
  );
}

/** Picks the screen from the session state and the location. */
export function AppRoutes(): ReactNode {
  const session = useSession();
  const router = useRouter();
  const { location } = router;
  const route = matchRoute(location.path);
  const { state } = session;

  // The embedding kit's frame runs its own sign-in and signed-out screens (features/embed).
  if (route.name === 'embed' || route.name === 'embed-signed-in') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        {route.name === 'embed' ? (
          <LazyEmbedRoot signedIn={embedSignedIn} />
        ) : (
          <LazyEmbedPopupDone />
        )}
      </Suspense>
    );
  }

  switch (state.status) {
    case 'checking':
      return <LoadingScreen />;
    case 'unreachable':
      return <UnreachableScreen onRetry={session.recheck} />;
    case 'expired':
      return <ExpiredSessionPage />;
    case 'anonymous':
    case 'signed-in':
      break;
  }

  if (route.name === 'not-found') return <NotFoundPage />;
  if (route.name === 'login') {
    if (state.status === 'signed-in') {
      const next = new URLSearchParams(location.search).get('next');
      return <Redirect to={safeNextPath(next)} />;
    }
    return <LoginPage />;
  }
  if (state.status === 'anonymous') {
    return <Redirect to={loginPathFor(formatLocation(location))} />;
  }
  return <SignedIn viewer={state.viewer} route={route} path={location.path} />;
}
