import { buildSearchEntry, type SearchEntry } from '@messenger/core';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import {
  sidebarTypeaheadModel,
  typeaheadViewer,
} from '../../../packages/web/src/features/search-typeahead/typeahead-model';
import { TypeaheadCombobox } from '../../../packages/web/src/features/search-typeahead/TypeaheadCombobox';
import {
  useTypeahead,
  type FetchSource,
} from '../../../packages/web/src/features/search-typeahead/use-typeahead';
import { DEFAULT_LOCALE, englishMessages } from '../../../packages/web/src/i18n/catalogue';

/*
 * The page that main.ts beside it builds with Vite (not part of the app's
 * build; it lives here so packages/web/src holds only the app): the
 * sidebar's typeahead (core reducer and ranking, its ARIA combobox) with a
 * local cache of N contacts, far beyond the sidebar's own top-50 cut, and a
 * server that answers nothing, so each keystroke's work is the local path.
 * It records when React committed each query; the runner adds the keystroke
 * and the paint.
 */

export interface KeystrokeSample {
  query: string;
  /** The keydown event's timestamp: when the key was pressed. */
  keyAt: number;
  committedAt: number;
  /** After the frame that painted the commit (a task queued from its requestAnimationFrame). */
  paintedAt: number;
  rows: number;
}

declare global {
  interface Window {
    __typeahead: { samples: KeystrokeSample[]; size: number };
  }
}

const FIRST = [
  'Anna',
  'Bruno',
  'Chloe',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hana',
  'Ivan',
  'Jade',
];
const LAST = ['Berg', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hoffmann', 'Ivanova'];

function contacts(count: number): SearchEntry[] {
  return Array.from({ length: count }, (_, i) =>
    buildSearchEntry(
      {
        uid: String(100_000 + i),
        type: i % 10 === 9 ? 'thread' : 'friend',
        title: `${FIRST[i % FIRST.length] ?? ''} ${LAST[Math.floor(i / FIRST.length) % LAST.length] ?? ''} ${String(i)}`,
      },
      i,
    ),
  ).filter((e): e is SearchEntry => e !== null);
}

const never: FetchSource = () => new Promise(() => undefined);
const size = Number(new URLSearchParams(location.search).get('contacts') ?? '5000');
const CACHE = contacts(size);
window.__typeahead = { samples: [], size: CACHE.length };
let lastKeyAt = 0;
window.addEventListener(
  'keydown',
  (event) => {
    lastKeyAt = event.timeStamp;
  },
  true,
);

function Bench(): ReactNode {
  const model = useMemo(
    () =>
      sidebarTypeaheadModel(
        typeaheadViewer({ is_employee: false, is_work: false, gates: ['message_search'] }),
        (q) => `Search messages for “${q}”`,
      ),
    [],
  );
  const view = useTypeahead({ model, cache: CACHE, fetchSource: never, onSelect: () => undefined });
  const { query } = view.state;
  useLayoutEffect(() => {
    const keyAt = lastKeyAt;
    const committedAt = performance.now();
    requestAnimationFrame(() => {
      setTimeout(() => {
        const rows = document.querySelectorAll('[role="option"]').length;
        window.__typeahead.samples.push({
          query,
          keyAt,
          committedAt,
          paintedAt: performance.now(),
          rows,
        });
      }, 0);
    });
  }, [query]);
  return <TypeaheadCombobox label="Search Messenger" view={view} onSeeAll={() => undefined} />;
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <IntlProvider locale={DEFAULT_LOCALE} defaultLocale={DEFAULT_LOCALE} messages={englishMessages}>
      <Bench />
    </IntlProvider>,
  );
}
