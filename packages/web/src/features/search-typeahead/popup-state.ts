/**
 * The typeahead popup's own state (open or not, which row is highlighted) as
 * a pure reducer, following the WAI-ARIA combobox pattern: typing opens the
 * popup without highlighting, ArrowDown/ArrowUp open it on the first/last row
 * and then move with wrap-around, Escape and leaving the input close it and
 * drop the highlight (the text stays). The rows are whatever the view shows,
 * passed in as their keys in display order.
 */

export interface PopupState {
  open: boolean;
  /** The highlighted row's key (aria-activedescendant), or none. */
  active: string | null;
}

export type PopupEvent =
  | { type: 'typed' }
  | { type: 'arrow'; direction: 'down' | 'up'; keys: readonly string[] }
  | { type: 'hovered'; key: string }
  | { type: 'closed' };

export const closedPopup: PopupState = { open: false, active: null };

export function popupReducer(state: PopupState, event: PopupEvent): PopupState {
  switch (event.type) {
    case 'typed':
      return state.open && state.active === null ? state : { open: true, active: null };
    case 'arrow': {
      const { keys, direction } = event;
      const edge = (direction === 'down' ? keys[0] : keys[keys.length - 1]) ?? null;
      if (!state.open || state.active === null) return { open: true, active: edge };
      const index = keys.indexOf(state.active);
      if (index === -1) return { open: true, active: edge };
      const next = index + (direction === 'down' ? 1 : -1);
      return { open: true, active: keys[(next + keys.length) % keys.length] ?? null };
    }
    case 'hovered':
      return state.open && state.active !== event.key ? { open: true, active: event.key } : state;
    case 'closed':
      return state.open || state.active !== null ? closedPopup : state;
  }
}

/** The highlight as shown: a key whose row has gone (the results changed) highlights nothing. */
export function shownActive(state: PopupState, keys: ReadonlySet<string>): string | null {
  return state.active !== null && keys.has(state.active) ? state.active : null;
}
