import { describe, expect, it } from 'vitest';
import { loadTabs, TABS_STORAGE_KEY } from './ChatTabsProvider';
import {
  EMPTY_TABS,
  MAX_TABS,
  parseStoredTabs,
  reduceTabs,
  type TabsEvent,
  type TabsState,
} from './tabs-reducer';

const openThread = (threadId: string, title = `Thread ${threadId}`): TabsEvent => ({
  type: 'open',
  target: { kind: 'thread', threadId },
  title,
});
const openPerson = (personId: string, title = `Person ${personId}`): TabsEvent => ({
  type: 'open',
  target: { kind: 'person', personId, threadId: null },
  title,
});

function run(events: TabsEvent[], state: TabsState = EMPTY_TABS): TabsState {
  return events.reduce((current, event) => reduceTabs(current, event).state, state);
}

const keys = (state: TabsState) => state.tabs.map((t) => `${t.key}:${t.status}`);

describe('reduceTabs', () => {
  it('opens a tab and asks for the focus in its composer', () => {
    const result = reduceTabs(EMPTY_TABS, openThread('1', 'Book club'));
    expect(result.state.tabs).toEqual([
      {
        key: 'thread:1',
        target: { kind: 'thread', threadId: '1' },
        title: 'Book club',
        status: 'open',
      },
    ]);
    expect(result.commands).toEqual([{ type: 'focus_composer', key: 'thread:1' }]);
  });

  it('opens one tab per conversation: opening it again restores it in place', () => {
    const state = run([openThread('1'), openPerson('7'), { type: 'minimize', key: 'thread:1' }]);
    const result = reduceTabs(state, openThread('1'));
    expect(keys(result.state)).toEqual(['thread:1:open', 'person:7:open']);
    expect(result.commands).toEqual([{ type: 'focus_composer', key: 'thread:1' }]);
    expect(keys(run([openPerson('7')], result.state))).toEqual(['thread:1:open', 'person:7:open']);
  });

  it(`keeps at most ${String(MAX_TABS)} tabs: a fourth closes the oldest`, () => {
    const state = run([openThread('1'), openThread('2'), openThread('3'), openThread('4')]);
    expect(keys(state)).toEqual(['thread:2:open', 'thread:3:open', 'thread:4:open']);
  });

  it('minimizes to the header and restores with the focus where the user works', () => {
    const opened = run([openThread('1')]);
    const minimized = reduceTabs(opened, { type: 'minimize', key: 'thread:1' });
    expect(keys(minimized.state)).toEqual(['thread:1:minimized']);
    expect(minimized.commands).toEqual([{ type: 'focus_header', key: 'thread:1' }]);
    const restored = reduceTabs(minimized.state, { type: 'restore', key: 'thread:1' });
    expect(keys(restored.state)).toEqual(['thread:1:open']);
    expect(restored.commands).toEqual([{ type: 'focus_composer', key: 'thread:1' }]);
  });

  it('ignores events that are not legal in the current state', () => {
    const opened = run([openThread('1')]);
    expect(reduceTabs(opened, { type: 'restore', key: 'thread:1' })).toEqual({
      state: opened,
      commands: [],
    });
    const minimized = run([{ type: 'minimize', key: 'thread:1' }], opened);
    expect(reduceTabs(minimized, { type: 'minimize', key: 'thread:1' }).state).toBe(minimized);
    expect(reduceTabs(opened, { type: 'close', key: 'thread:9' }).state).toBe(opened);
    expect(
      reduceTabs(opened, { type: 'resolved', key: 'thread:1', threadId: '5', hadFocus: true })
        .state,
    ).toBe(opened);
  });

  it("closes a tab and moves the focus to a neighbour's header, or to the dock", () => {
    const state = run([openThread('1'), openThread('2'), openThread('3')]);
    const middle = reduceTabs(state, { type: 'close', key: 'thread:2' });
    expect(keys(middle.state)).toEqual(['thread:1:open', 'thread:3:open']);
    expect(middle.commands).toEqual([{ type: 'focus_header', key: 'thread:3' }]);
    const last = reduceTabs(middle.state, { type: 'close', key: 'thread:3' });
    expect(last.commands).toEqual([{ type: 'focus_header', key: 'thread:1' }]);
    const none = reduceTabs(last.state, { type: 'close', key: 'thread:1' });
    expect(none.state.tabs).toEqual([]);
    expect(none.commands).toEqual([{ type: 'focus_dock' }]);
  });

  it('gives a person tab its thread once known, keeping one tab per thread', () => {
    const state = run([openThread('50'), openPerson('7')]);
    const result = reduceTabs(state, {
      type: 'resolved',
      key: 'person:7',
      threadId: '50',
      hadFocus: true,
    });
    expect(result.state.tabs).toEqual([
      {
        key: 'person:7',
        target: { kind: 'person', personId: '7', threadId: '50' },
        title: 'Person 7',
        status: 'open',
      },
    ]);
    expect(result.commands).toEqual([{ type: 'focus_composer', key: 'person:7' }]);
    // Opening the thread itself now finds the person's tab.
    expect(keys(run([openThread('50')], result.state))).toEqual(['person:7:open']);
  });

  it('does not steal the focus when a lookup (not the user) resolves a tab', () => {
    const state = run([openPerson('7')]);
    const result = reduceTabs(state, {
      type: 'resolved',
      key: 'person:7',
      threadId: '50',
      hadFocus: false,
    });
    expect(result.commands).toEqual([]);
    expect(result.state.tabs[0]?.target).toEqual({
      kind: 'person',
      personId: '7',
      threadId: '50',
    });
  });
});

describe('stored tabs', () => {
  it('reads back what was stored and drops malformed entries and duplicates', () => {
    const state = parseStoredTabs({
      tabs: [
        { target: { kind: 'thread', threadId: '1' }, title: 'A', status: 'open' },
        { target: { kind: 'thread', threadId: '1' }, title: 'A again', status: 'open' },
        { target: { kind: 'thread', threadId: 'x<script>' }, title: 'B', status: 'open' },
        {
          target: { kind: 'person', personId: '7', threadId: null },
          title: 'C',
          status: 'minimized',
        },
        { target: { kind: 'person', personId: '8', threadId: '9' }, title: 'D', status: 'gone' },
        { target: { kind: 'person', personId: '8', threadId: 9 }, title: 'D', status: 'open' },
        'junk',
      ],
    });
    expect(keys(state)).toEqual(['thread:1:open', 'person:7:minimized']);
    expect(parseStoredTabs(null)).toEqual(EMPTY_TABS);
    expect(parseStoredTabs({ tabs: 'nope' })).toEqual(EMPTY_TABS);
  });

  it("keeps the newest tabs within the maximum, and only the same viewer's", () => {
    const tabs = ['1', '2', '3', '4'].map((id) => ({
      target: { kind: 'thread', threadId: id },
      title: id,
      status: 'open',
    }));
    const storage = {
      getItem: (key: string) =>
        key === TABS_STORAGE_KEY ? JSON.stringify({ viewerId: '11', tabs }) : null,
    };
    expect(keys(loadTabs('11', storage))).toEqual([
      'thread:2:open',
      'thread:3:open',
      'thread:4:open',
    ]);
    expect(loadTabs('12', storage)).toEqual(EMPTY_TABS);
    expect(loadTabs('11', { getItem: () => '{not json' })).toEqual(EMPTY_TABS);
    expect(loadTabs('11', null)).toEqual(EMPTY_TABS);
  });
});
