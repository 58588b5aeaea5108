import type { ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode } from 'react-intl';
import { resolveLanguage } from '../features/appearance/language';
import { browserLanguages, useLanguageSetting } from '../features/appearance/language-store';
import { DEFAULT_LOCALE, formattingLocale, matchLanguage } from '../i18n/locale';
import { useWording } from '../i18n/use-wording';
import type { AppHistory } from '../router/history';
import { RouterProvider } from '../router/Router';
import type { SessionMarker } from '../session/session-client';
import { SessionProvider } from '../session/SessionProvider';
import { useEmbedSettings } from '../features/embed/embed-settings';
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
  // The embed's host may set the language (features/embed); otherwise the person's setting.
  const { language: hostLanguage } = useEmbedSettings();
  const setting = useLanguageSetting();
  const preferred = hostLanguage === null ? browserLanguages() : [hostLanguage];
  const language =
    hostLanguage === null
      ? resolveLanguage(setting, preferred)
      : (matchLanguage(hostLanguage) ?? DEFAULT_LOCALE);
  const wording = useWording(language);
  if (wording === null) return null;
  return (
    // Dates and numbers follow the browser's own variant of the language (en-GB, fr-CA).
    <IntlProvider
      locale={formattingLocale(wording.language, preferred)}
      defaultLocale={DEFAULT_LOCALE}
      messages={wording.messages}
      onError={(error) => {
        // English is the descriptors' own wording: no catalogue, nothing missing.
        if (
          wording.language === DEFAULT_LOCALE &&
          error.code === ReactIntlErrorCode.MISSING_TRANSLATION
        )
          return;
        console.error(error);
      }}
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
