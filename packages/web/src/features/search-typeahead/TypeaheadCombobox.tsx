import { typeaheadMessages, type SearchEntry, type SeeAllLink } from '@messenger/core';
import { useMemo, useRef, type ReactNode } from 'react';
import {
  Collection,
  ComboBox,
  Header,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { sectionHeadings } from './messages';
import type { ShownSection, TypeaheadView } from './use-typeahead';
import './search-typeahead.css';

type Row =
  | { id: string; kind: 'entry'; entry: SearchEntry }
  | { id: string; kind: 'see_all'; link: SeeAllLink; heading: string };

interface SectionItem {
  id: string;
  heading: string;
  rows: Row[];
}

/** The key of a section's see-all row; entry unique ids always start with an entry type. */
const seeAllKey = (section: ShownSection) => `see-all:${section.type}`;

export interface TypeaheadComboboxProps {
  /** The accessible name (core's work-chat or messenger label). */
  label: string;
  view: TypeaheadView;
  onSeeAll: (link: SeeAllLink) => void;
  /** The popup opened or closed (the funnel's start and end). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * The search typeahead: a combobox whose listbox popup holds core's sections
 * in the seed's order, each under its heading, with a see-all row when the
 * section has more. React Aria does the keyboard: ArrowUp/Down move the
 * highlight, Enter picks, Escape closes (keeping the text, clearing the
 * highlight). The popup opens on typing or ArrowDown, never on focus alone,
 * so Tab passes through on its way to the sidebar's lists.
 */
export function TypeaheadCombobox({
  label,
  view,
  onSeeAll,
  onOpenChange,
}: TypeaheadComboboxProps): ReactNode {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  // A pick closes the popup first (leaving the input commits and closes it), so what the pick
  // opens (a dialog, a chat tab) is not hidden by the popup's hiding of the rest of the page.
  const act = (action: () => void) => () => {
    input.current?.blur();
    action();
  };
  const items = useMemo(
    (): SectionItem[] =>
      view.sections.map((section) => {
        const heading = intl.formatMessage(sectionHeadings[section.type]);
        const rows: Row[] = section.entries.map((entry) => ({
          id: entry.uniqueID,
          kind: 'entry',
          entry,
        }));
        if (section.seeAll !== null) {
          rows.push({ id: seeAllKey(section), kind: 'see_all', link: section.seeAll, heading });
        }
        return { id: `section:${section.type}`, heading, rows };
      }),
    [view.sections, intl],
  );
  return (
    <ComboBox
      className="search-typeahead"
      aria-label={label}
      items={items}
      inputValue={view.state.query}
      onInputChange={view.setQuery}
      menuTrigger="input"
      allowsCustomValue
      allowsEmptyCollection
      shouldFocusWrap
      {...(onOpenChange === undefined ? {} : { onOpenChange })}
    >
      <Input ref={input} className="search-typeahead-input" placeholder={label} />
      <Popover className="search-typeahead-popover" placement="bottom start" offset={4}>
        <ListBox<SectionItem> className="search-typeahead-list">
          {(section) => (
            <ListBoxSection id={section.id} className="search-typeahead-section">
              <Header className="search-typeahead-heading">{section.heading}</Header>
              <Collection items={section.rows}>
                {(row) =>
                  row.kind === 'entry' ? (
                    <EntryOption
                      entry={row.entry}
                      onAction={act(() => {
                        view.select(row.entry.uniqueID);
                      })}
                    />
                  ) : (
                    <ListBoxItem
                      id={row.id}
                      className="search-typeahead-option search-typeahead-see-all"
                      textValue={intl.formatMessage(typeaheadMessages.seeAll)}
                      onAction={act(() => {
                        onSeeAll(row.link);
                      })}
                    >
                      {intl.formatMessage(typeaheadMessages.seeAll)}
                    </ListBoxItem>
                  )
                }
              </Collection>
            </ListBoxSection>
          )}
        </ListBox>
        {view.searching ? (
          <p role="status" className="search-typeahead-status">
            {intl.formatMessage(typeaheadMessages.searching)}
          </p>
        ) : null}
      </Popover>
    </ComboBox>
  );
}

/** One result; its accessible name is all its visible text (title, then subtitle). */
function EntryOption({ entry, onAction }: { entry: SearchEntry; onAction: () => void }): ReactNode {
  return (
    <ListBoxItem
      id={entry.uniqueID}
      textValue={entry.title}
      className="search-typeahead-option"
      data-entry-type={entry.type}
      onAction={onAction}
    >
      <span className="search-typeahead-photo" aria-hidden="true">
        {entry.photo === null ? null : <img src={entry.photo} alt="" width={28} height={28} />}
      </span>
      <span className="search-typeahead-texts">
        <span className="search-typeahead-title">{entry.title}</span>
        {entry.subtitle === null ? null : (
          <span className="search-typeahead-subtitle">{entry.subtitle}</span>
        )}
      </span>
    </ListBoxItem>
  );
}
