import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, englishMessages } from '../i18n/catalogue';

/** Renders inside the app's IntlProvider with the English catalogue. */
export function renderWithIntl(ui: ReactNode): RenderResult {
  return render(
    <IntlProvider locale={DEFAULT_LOCALE} defaultLocale={DEFAULT_LOCALE} messages={englishMessages}>
      {ui}
    </IntlProvider>,
  );
}
