import { describe, expect, it } from 'vitest';
import { closedPopup, popupReducer, shownActive, type PopupState } from './popup-state';

const KEYS = ['friend:1', 'friend:2', 'thread:3'];
const down = { type: 'arrow', direction: 'down', keys: KEYS } as const;
const up = { type: 'arrow', direction: 'up', keys: KEYS } as const;

describe('the typeahead popup state', () => {
  it('opens on typing without a highlight, and typing again drops the highlight', () => {
    const typed = popupReducer(closedPopup, { type: 'typed' });
    expect(typed).toEqual({ open: true, active: null });
    expect(popupReducer(typed, { type: 'typed' })).toBe(typed);
    const moved = popupReducer(typed, down);
    expect(popupReducer(moved, { type: 'typed' })).toEqual({ open: true, active: null });
  });

  it('opens on ArrowDown on the first row and on ArrowUp on the last', () => {
    expect(popupReducer(closedPopup, down)).toEqual({ open: true, active: 'friend:1' });
    expect(popupReducer(closedPopup, up)).toEqual({ open: true, active: 'thread:3' });
  });

  it('moves with the arrows and wraps around at both ends', () => {
    let state: PopupState = popupReducer(closedPopup, down);
    state = popupReducer(state, down);
    expect(state.active).toBe('friend:2');
    state = popupReducer(popupReducer(state, down), down);
    expect(state.active).toBe('friend:1');
    expect(popupReducer(state, up).active).toBe('thread:3');
  });

  it('starts over from the edge when the highlighted row is gone, and highlights nothing without rows', () => {
    const stale: PopupState = { open: true, active: 'friend:9' };
    expect(popupReducer(stale, down).active).toBe('friend:1');
    expect(popupReducer(closedPopup, { type: 'arrow', direction: 'down', keys: [] })).toEqual({
      open: true,
      active: null,
    });
    expect(shownActive(stale, new Set(KEYS))).toBeNull();
    expect(shownActive({ open: true, active: 'friend:2' }, new Set(KEYS))).toBe('friend:2');
  });

  it('follows the pointer only while open, and closing drops the highlight', () => {
    expect(popupReducer(closedPopup, { type: 'hovered', key: 'friend:2' })).toBe(closedPopup);
    const open = popupReducer(closedPopup, { type: 'typed' });
    const hovered = popupReducer(open, { type: 'hovered', key: 'friend:2' });
    expect(hovered.active).toBe('friend:2');
    expect(popupReducer(hovered, { type: 'hovered', key: 'friend:2' })).toBe(hovered);
    expect(popupReducer(hovered, { type: 'closed' })).toBe(closedPopup);
    expect(popupReducer(closedPopup, { type: 'closed' })).toBe(closedPopup);
  });
});
