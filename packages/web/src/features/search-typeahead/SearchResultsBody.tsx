import { routeSelection, SECTION_ORDER, type EntryType, type SearchEntry } from '@messenger/core';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { sectionHeadings, searchTypeaheadMessages } from './messages';
import { routePath } from './search-paths';

/** Where a result of a search page leads, by core's selection rules; null when it is no thread. */
function hrefOf(entry: SearchEntry): string | null {
  const route = routeSelection(entry, {
    threadIdForGroup: (id) => id,
    threadIdForUser: () => null,
  });
  return route.kind === 'thread' || route.kind === 'user' ? routePath(route) : null;
}

/**
 * The full results of a search page, in the typeahead's section order, each
 * section under its heading; every result links to its thread.
 */
export function SearchResultsList({ entries }: { entries: readonly SearchEntry[] }): ReactNode {
  const intl = useIntl();
  const sections = useMemo(() => {
    const byType = new Map<EntryType, SearchEntry[]>();
    for (const entry of entries) byType.set(entry.type, [...(byType.get(entry.type) ?? []), entry]);
    return SECTION_ORDER.flatMap((type) => {
      const group = byType.get(type);
      return group === undefined ? [] : [{ type, entries: group }];
    });
  }, [entries]);
  if (sections.length === 0) {
    return <p role="status">{intl.formatMessage(searchTypeaheadMessages.noResults)}</p>;
  }
  return (
    <div className="search-results">
      {sections.map((section) => {
        const headingId = `search-results-${section.type}`;
        return (
          <section key={section.type} aria-labelledby={headingId}>
            <h2 id={headingId} className="search-results-heading">
              {intl.formatMessage(sectionHeadings[section.type])}
            </h2>
            <ul className="search-results-list">
              {section.entries.map((entry) => {
                const href = hrefOf(entry);
                return (
                  <li key={entry.uniqueID} className="search-results-item">
                    {href === null ? (
                      <bdi>{entry.title}</bdi>
                    ) : (
                      <Link href={href}>
                        <bdi>{entry.title}</bdi>
                      </Link>
                    )}
                    {entry.subtitle === null ? null : (
                      <span className="search-results-subtitle"> {entry.subtitle}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
