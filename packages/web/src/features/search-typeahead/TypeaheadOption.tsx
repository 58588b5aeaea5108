import { objectIdOf, type SearchEntry } from '@messenger/core';
import { memo, type ReactNode } from 'react';
import { usePresenceDot } from '../presence/PresenceDot';
import { Face } from '../../ui/Face';

export type TypeaheadRow =
  { key: string; kind: 'entry'; entry: SearchEntry } | { key: string; kind: 'see_all' };

export interface TypeaheadOptionProps {
  rowKey: string;
  /** The result shown, or null for a section's see-all row. */
  entry: SearchEntry | null;
  /** The see-all row's text. */
  seeAllLabel: string;
  domId: string;
  highlighted: boolean;
  onPick: (key: string) => void;
  onHover: (key: string) => void;
}

/**
 * One row of the popup. Memoized on plain values and its entry object (the
 * ranking hands back the cache's own objects), so a keystroke re-renders only
 * the rows that changed, not every row shown. Its accessible name is all its
 * visible text (title, then subtitle).
 */
export const TypeaheadOption = memo(function TypeaheadOption({
  rowKey,
  entry,
  seeAllLabel,
  domId,
  highlighted,
  onPick,
  onHover,
}: TypeaheadOptionProps): ReactNode {
  const presence = usePresenceDot(personIdOf(entry), `${domId}-presence`);
  return (
    <div
      id={domId}
      role="option"
      aria-selected={highlighted}
      aria-describedby={presence.describedBy}
      className={
        entry === null
          ? 'search-typeahead-option search-typeahead-see-all'
          : 'search-typeahead-option'
      }
      data-entry-type={entry?.type}
      data-focused={highlighted ? true : undefined}
      onClick={() => {
        onPick(rowKey);
      }}
      onPointerMove={() => {
        if (!highlighted) onHover(rowKey);
      }}
    >
      {entry === null ? (
        seeAllLabel
      ) : (
        <>
          {/* The object's own id (the last part of uniqueID) keeps its colour the same everywhere. */}
          <Face
            id={entry.uniqueID.split(':').at(-1) ?? entry.uniqueID}
            name={entry.title}
            src={entry.photo}
            size={28}
            className="search-typeahead-photo"
          />
          <span className="search-typeahead-texts">
            <span className="search-typeahead-title" dir="auto">
              {presence.dot}
              {entry.title}
            </span>
            {presence.description}
            {entry.subtitle === null ? null : (
              <span className="search-typeahead-subtitle" dir="auto">
                {entry.subtitle}
              </span>
            )}
          </span>
        </>
      )}
    </div>
  );
});

/** People's rows show their presence; other kinds of results have none. */
function personIdOf(entry: SearchEntry | null): string | null {
  if (entry === null) return null;
  const isPerson = entry.type === 'friend' || entry.type === 'non_friend' || entry.type === 'fb4c';
  return isPerson ? objectIdOf(entry.uniqueID) : null;
}
