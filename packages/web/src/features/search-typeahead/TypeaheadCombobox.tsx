import { typeaheadMessages, type SeeAllLink } from '@messenger/core';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type FocusEvent,
} from 'react';
import { useIntl } from 'react-intl';
import { sectionHeadings } from './messages';
import { closedPopup, popupReducer, shownActive } from './popup-state';
import { TypeaheadOption, type TypeaheadRow } from './TypeaheadOption';
import type { ShownSection, TypeaheadView } from './use-typeahead';
import './search-typeahead.css';

interface SectionRows {
  key: string;
  heading: string;
  rows: TypeaheadRow[];
}

/** The key of a section's see-all row; entry unique ids always start with an entry type. */
const seeAllKey = (section: ShownSection) => `see-all:${section.type}`;

/** Where the popup sits: under the input, measured when it opens (it is fixed, so no clipping). */
interface Anchor {
  top: number;
  left: number;
  width: number;
}

export interface TypeaheadComboboxProps {
  /** The accessible name (core's work-chat or messenger label). */
  label: string;
  view: TypeaheadView;
  onSeeAll: (link: SeeAllLink) => void;
  /** The popup opened or closed (the funnel's start and end). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * The search typeahead: an input with role combobox whose listbox popup holds
 * core's sections in the seed's order, each a group under its heading, with a
 * see-all row when the section has more (WAI-ARIA combobox pattern, focus
 * stays in the input and the highlight is its aria-activedescendant).
 * ArrowUp/Down move the highlight, Enter picks, Escape closes (keeping the
 * text, clearing the highlight). The popup opens on typing or ArrowDown, and
 * on focus or a click while the box is empty, with the seed's top friends and
 * groups; nothing is highlighted then, so Tab still passes through (leaving
 * the box closes it) on its way to the sidebar's lists.
 *
 * It is hand-made rather than React Aria's ComboBox because it runs on every
 * keystroke: React Aria rebuilds its whole collection per change, while here
 * each row is a memoized element that re-renders only when its entry or its
 * highlight changed (bench/ typeahead-keystroke measures the difference).
 */
export function TypeaheadCombobox({
  label,
  view,
  onSeeAll,
  onOpenChange,
}: TypeaheadComboboxProps): ReactNode {
  const intl = useIntl();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const input = useRef<HTMLInputElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [popup, send] = useReducer(popupReducer, closedPopup);
  const [anchor, setAnchor] = useState<Anchor | null>(null);

  const sections = useMemo(
    (): SectionRows[] =>
      view.sections.map((section) => {
        const heading = intl.formatMessage(sectionHeadings[section.type]);
        const rows: TypeaheadRow[] = section.entries.map((entry) => ({
          key: entry.uniqueID,
          kind: 'entry',
          entry,
        }));
        if (section.seeAll !== null) {
          rows.push({ key: seeAllKey(section), kind: 'see_all' });
        }
        return { key: section.type, heading, rows };
      }),
    [view.sections, intl],
  );
  const seeAllLabel = intl.formatMessage(typeaheadMessages.seeAll);
  const keys = useMemo(() => sections.flatMap((s) => s.rows.map((r) => r.key)), [sections]);
  const keySet = useMemo(() => new Set(keys), [keys]);
  const active = shownActive(popup, keySet);
  const optionId = (key: string) => `${baseId}-o-${encodeURIComponent(key)}`;

  // The callbacks the rows hold stay the same across keystrokes (the rows are memoized);
  // they read the current rows and handlers from here.
  const latest = useRef({ sections, view, onSeeAll, onOpenChange, open: popup.open });
  latest.current = { sections, view, onSeeAll, onOpenChange, open: popup.open };

  const setOpen = useCallback((open: boolean) => {
    if (latest.current.open === open) return;
    latest.current.open = open;
    latest.current.onOpenChange?.(open);
  }, []);

  const close = useCallback(() => {
    send({ type: 'closed' });
    setOpen(false);
  }, [setOpen]);

  /** The focus leaving both the input and the popup's scroller closes the popup. */
  const closeUnlessFocusStays = (event: FocusEvent<HTMLElement>): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && (next === input.current || popover.current?.contains(next))) return;
    if (next instanceof Element) {
      // Closed once the focus has landed, not before: the element taking it must still find
      // the popup where the focus came from. A React Aria list entered by Tab focuses its first
      // row, or its last when the focus came from after it (compareDocumentPosition), which a
      // popup already removed from the page would leave to chance (sidebar e2e, ArrowDown).
      window.addEventListener('focusin', close, { once: true });
      return;
    }
    close();
  };

  const measure = useCallback(() => {
    const box = input.current?.getBoundingClientRect();
    if (box === undefined) return;
    const next = { top: box.bottom + 4, left: box.left, width: box.width };
    setAnchor((current) =>
      current !== null &&
      current.top === next.top &&
      current.left === next.left &&
      current.width === next.width
        ? current
        : next,
    );
  }, []);
  const openAt = useCallback(() => {
    measure();
    setOpen(true);
  }, [measure, setOpen]);

  // The popup is fixed under the input: it follows when the page scrolls or resizes while open.
  useEffect(() => {
    if (!popup.open) return;
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, [popup.open, measure]);

  const pick = useCallback(
    (key: string) => {
      const { sections: current, view: v, onSeeAll: seeAll } = latest.current;
      const row = current.flatMap((s) => s.rows).find((r) => r.key === key);
      if (row === undefined) return;
      // The pick happens first (it marks the funnel's outcome), then the popup closes and the
      // input lets go of focus, so whatever the pick opened (a dialog, a chat tab) can take it.
      if (row.kind === 'entry') {
        v.select(row.entry.uniqueID);
        // What was picked is open now: the box is ready for the next search (issue 31).
        v.clear();
      } else {
        const section = v.sections.find((s) => seeAllKey(s) === key);
        if (section?.seeAll != null) seeAll(section.seeAll);
      }
      close();
      input.current?.blur();
    },
    [close],
  );
  const hover = useCallback((key: string) => {
    send({ type: 'hovered', key });
  }, []);

  // Keeps the highlighted row in view when the arrows move it past the popup's edge.
  const activeId = active === null ? null : optionId(active);
  useLayoutEffect(() => {
    if (activeId !== null) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  // Only a popup whose list scrolls takes the focus (so the keyboard can scroll it, axe
  // scrollable-region-focusable); a short one lets Tab pass straight through to the page.
  const [popupScrolls, setPopupScrolls] = useState(false);
  const measureScroll = useCallback(() => {
    const element = popover.current;
    setPopupScrolls(element !== null && element.scrollHeight > element.clientHeight + 1);
  }, []);
  useLayoutEffect(measureScroll);
  // The list can outgrow the popup without this component rendering again (a row's face
  // or font loading, the window resizing): measured again whenever either changes size.
  useLayoutEffect(() => {
    const element = popover.current;
    if (!popup.open || element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measureScroll);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => {
      observer.disconnect();
    };
  }, [popup.open, measureScroll]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!popup.open) openAt();
        send({ type: 'arrow', direction: event.key === 'ArrowDown' ? 'down' : 'up', keys });
        return;
      case 'Enter':
        if (!popup.open) return;
        event.preventDefault();
        if (active !== null) pick(active);
        else close();
        return;
      case 'Escape':
        if (!popup.open) return;
        event.preventDefault();
        close();
        return;
    }
  };

  return (
    <div className="search-typeahead">
      <input
        ref={input}
        className="search-typeahead-input"
        type="text"
        // Browsers flag a field with neither id nor name (autofill cannot tell it apart).
        name="messenger-search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={popup.open}
        aria-controls={popup.open ? listId : undefined}
        aria-activedescendant={activeId ?? undefined}
        placeholder={label}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        value={view.state.query}
        onChange={(event) => {
          view.setQuery(event.target.value);
          if (!popup.open) openAt();
          send({ type: 'typed' });
        }}
        onKeyDown={onKeyDown}
        // Seed: an empty query shows top friends and groups, so focusing or clicking the
        // empty box opens the popup with them (a box with text opens on typing, as before).
        onFocus={() => {
          if (view.state.query === '' && !popup.open) {
            openAt();
            send({ type: 'typed' });
          }
        }}
        onClick={() => {
          if (!popup.open) {
            openAt();
            send({ type: 'typed' });
          }
        }}
        onBlur={closeUnlessFocusStays}
      />
      {popup.open ? (
        <div
          ref={popover}
          className="search-typeahead-popover"
          style={
            anchor === null
              ? undefined
              : // Never past the window's bottom, nor taller than the window when the input has
                // scrolled up out of it: its rows stay reachable by scrolling it.
                {
                  ...anchor,
                  position: 'fixed',
                  maxHeight: `calc(100vh - ${String(Math.max(anchor.top, 0) + 8)}px)`,
                }
          }
          // A list taller than the popup scrolls: the keyboard can reach the scroller (axe
          // scrollable-region-focusable, issue 31); moving the focus there keeps the popup.
          tabIndex={popupScrolls ? 0 : undefined}
          onBlur={closeUnlessFocusStays}
          // Pressing a row must not take focus from the input (the pick would close on blur first).
          onMouseDown={(event) => {
            event.preventDefault();
          }}
        >
          <div id={listId} role="listbox" aria-label={label} className="search-typeahead-list">
            {sections.map((section) => (
              <div
                key={section.key}
                role="group"
                aria-labelledby={`${baseId}-h-${section.key}`}
                className="search-typeahead-section"
              >
                <div
                  id={`${baseId}-h-${section.key}`}
                  role="presentation"
                  className="search-typeahead-heading"
                >
                  {section.heading}
                </div>
                {section.rows.map((row) => (
                  <TypeaheadOption
                    key={row.key}
                    rowKey={row.key}
                    entry={row.kind === 'entry' ? row.entry : null}
                    seeAllLabel={seeAllLabel}
                    domId={optionId(row.key)}
                    highlighted={row.key === active}
                    onPick={pick}
                    onHover={hover}
                  />
                ))}
              </div>
            ))}
          </div>
          {view.searching ? (
            <p role="status" className="search-typeahead-status">
              {intl.formatMessage(typeaheadMessages.searching)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
