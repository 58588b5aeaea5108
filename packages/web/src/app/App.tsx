import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, englishMessages } from '../i18n/catalogue';
import type { AppHistory } from '../router/history';
import { RouterProvider } from '../router/Router';
import type { SessionMarker } from '../session/session-client';
import { SessionProvider } from '../session/SessionProvider';
import { useEmbedSettings } from '../features/embed/embed-settings';
import { viewerLocale } from '../features/time/viewer-zone';
import { AppRoutes } from './AppRoutes';
import { createSessionServices } from './session-services';

/** The whole client: wording, session, routing. Tests render it with a fake history and fetch. */
export function App({
  history,
  marker,
  fetch,
}: {
  history: AppHistory;
  marker: SessionMarker;
  fetch?: typeof globalThis.fetch;
}): ReactNode {
  // The embed's host may set the language (features/embed); the wording has one catalogue.
  const { language } = useEmbedSettings();
  return (
    // The wording is the catalogue's; dates and numbers follow the viewer's own locale.
    <IntlProvider
      locale={language ?? viewerLocale(DEFAULT_LOCALE)}
      defaultLocale={DEFAULT_LOCALE}
      messages={englishMessages}
    >
      <SessionProvider
        marker={marker}
        createServices={createSessionServices}
        {...(fetch === undefined ? {} : { fetch })}
      >
        <RouterProvider history={history}>
          <AppRoutes />
        </RouterProvider>
      </SessionProvider>
    </IntlProvider>
  );
}
