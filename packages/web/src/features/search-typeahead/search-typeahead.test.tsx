import { buildSearchEntry, type SearchEntry, type SeeAllLink } from '@messenger/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { sidebarTypeaheadModel, typeaheadViewer, type SearchViewer } from './typeahead-model';
import { TypeaheadCombobox } from './TypeaheadCombobox';
import {
  useTypeahead,
  type FetchSource,
  type SourceAnswer,
  type TypeaheadHooks,
} from './use-typeahead';

function entry(type: SearchEntry['type'], id: string, title: string): SearchEntry {
  const built = buildSearchEntry({ uid: id, type, title });
  if (built === null) throw new Error('bad entry');
  return built;
}

const CACHE = [
  entry('friend', '1', 'Anna Berg'),
  entry('friend', '2', 'Annika Lund'),
  entry('friend', '3', 'Bruno Costa'),
  entry('thread', '70', 'Annual Planning'),
];

const PLAIN: SearchViewer = { is_employee: false, is_work: false, gates: [] };
const GATED: SearchViewer = { is_employee: false, is_work: false, gates: ['message_search'] };

/** A server stand-in whose answers the test releases one by one. */
function controlledSource() {
  const calls: {
    sourceId: string;
    query: string;
    resolve: (a: SourceAnswer) => void;
  }[] = [];
  const fetchSource: FetchSource = (sourceId, query) =>
    new Promise((resolve) => {
      calls.push({ sourceId, query, resolve });
    });
  return { calls, fetchSource };
}

function Harness({
  viewer,
  fetchSource,
  onSelect = () => undefined,
  onSeeAll = () => undefined,
  hooks,
}: {
  viewer: SearchViewer;
  fetchSource: FetchSource;
  onSelect?: (entry: SearchEntry) => void;
  onSeeAll?: (link: SeeAllLink) => void;
  hooks?: TypeaheadHooks;
}): ReactNode {
  const model = useMemo(
    () => sidebarTypeaheadModel(typeaheadViewer(viewer), (q) => `Search messages for “${q}”`),
    [viewer],
  );
  const view = useTypeahead({
    model,
    cache: CACHE,
    fetchSource,
    onSelect,
    ...(hooks === undefined ? {} : { hooks }),
  });
  return (
    <>
      <button type="button">before</button>
      <TypeaheadCombobox label="Search Messenger" view={view} onSeeAll={onSeeAll} />
      <button type="button">after</button>
    </>
  );
}

const headings = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('group')
    .map((group) => group.getAttribute('aria-labelledby'))
    .map((id) => document.getElementById(id ?? '')?.textContent);

describe('the search typeahead', () => {
  it('opens top friends and groups on focus with nothing highlighted, and Tab still passes through', async () => {
    const user = userEvent.setup();
    const { fetchSource, calls } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} />);
    await user.tab();
    await user.tab();
    const box = screen.getByRole('combobox', { name: 'Search Messenger' });
    expect(document.activeElement).toBe(box);
    await screen.findByRole('listbox');
    expect(headings()).toEqual(['Friends', 'Groups']);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(calls).toHaveLength(0);
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
  });

  it('shows top friends and groups for an empty query on ArrowDown', async () => {
    const user = userEvent.setup();
    const { fetchSource, calls } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} />);
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox');
    expect(headings()).toEqual(['Friends', 'Groups']);
    expect(within(list).getAllByRole('option')).toHaveLength(4);
    expect(calls).toHaveLength(0);
  });

  it('shows local matches at once, then server results after the debounce, in the seed order', async () => {
    const user = userEvent.setup();
    const { fetchSource, calls } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} />);
    await user.type(screen.getByRole('combobox'), 'an');
    await screen.findByRole('listbox');
    expect(headings()).toEqual(['Friends', 'Groups']);
    expect(screen.getByRole('status').textContent).toBe('Searching...');
    await waitFor(() => {
      expect(calls.map((c) => c.sourceId)).toEqual(['users', 'pages']);
    });
    // Debounced: asked once per source, for the whole query, never for 'a'.
    expect(calls.every((c) => c.query === 'an')).toBe(true);
    act(() => {
      calls[1]?.resolve({ entries: [entry('page', '9', 'Annex Café')], more: [] });
    });
    await waitFor(() => {
      expect(headings()).toEqual(['Friends', 'Groups', 'Pages']);
    });
    expect(screen.getByRole('status').textContent).toBe('Searching...');
    act(() => {
      calls[0]?.resolve({
        entries: [entry('friend', '1', 'Anna Berg'), entry('non_friend', '5', 'Anders Holm')],
        more: ['non_friend'],
      });
    });
    await waitFor(() => {
      expect(headings()).toEqual(['Friends', 'Groups', 'Pages', 'More People']);
    });
    expect(screen.queryByRole('status')).toBeNull();
    // De-duplicated by unique id: Anna once; the server said it had more people.
    expect(screen.getAllByRole('option', { name: 'Anna Berg' })).toHaveLength(1);
    const more = screen.getByRole('group', { name: 'More People' });
    expect(within(more).getAllByRole('option', { name: 'See All' })).toHaveLength(1);
  });

  it('never asks the server for a one-character query', async () => {
    const user = userEvent.setup();
    const { fetchSource, calls } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} />);
    await user.type(screen.getByRole('combobox'), 'b');
    await screen.findByRole('option', { name: 'Bruno Costa' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores an answer for a query that has since changed', async () => {
    const user = userEvent.setup();
    const { fetchSource, calls } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} />);
    const box = screen.getByRole('combobox');
    await user.type(box, 'an');
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    await user.type(box, 'n');
    act(() => {
      calls[1]?.resolve({ entries: [entry('page', '9', 'Annex Café')], more: [] });
    });
    await waitFor(() => {
      expect(calls).toHaveLength(4);
    });
    expect(calls.slice(2).map((c) => c.query)).toEqual(['ann', 'ann']);
    expect(screen.queryByRole('option', { name: 'Annex Café' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Searching...');
  });

  it('moves with the arrows, picks with Enter, and closes with Escape', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { fetchSource } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} onSelect={onSelect} />);
    const box = screen.getByRole('combobox');
    await user.type(box, 'an');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Annika Lund' });
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('an');
    // ArrowDown opens the popup again on the first row; the next one moves on.
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    const again = screen.getByRole('option', { name: 'Annika Lund' });
    expect(box.getAttribute('aria-activedescendant')).toBe(again.id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]?.[0]).toMatchObject({ uniqueID: 'friend:2' });
  });

  it('picks a row pressed with the pointer, and Enter without a highlight only closes', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { fetchSource } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} onSelect={onSelect} />);
    const box = screen.getByRole('combobox');
    await user.type(box, 'an');
    await screen.findByRole('listbox');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onSelect).not.toHaveBeenCalled();
    await user.type(box, 'n');
    await user.hover(await screen.findByRole('option', { name: 'Annika Lund' }));
    expect(screen.getByRole('option', { name: 'Annika Lund' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Annika Lund' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]?.[0]).toMatchObject({ uniqueID: 'friend:2' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).not.toBe(box);
  });

  it('offers message search only to a viewer with the gate', async () => {
    const user = userEvent.setup();
    const plain = controlledSource();
    const { unmount } = renderWithIntl(<Harness viewer={PLAIN} fetchSource={plain.fetchSource} />);
    await user.type(screen.getByRole('combobox'), 'an');
    await screen.findByRole('listbox');
    expect(headings()).not.toContain('Search');
    await waitFor(() => {
      expect(plain.calls.length).toBeGreaterThan(0);
    });
    expect(plain.calls.map((c) => c.sourceId)).not.toContain('messages');
    unmount();

    const onSeeAll = vi.fn();
    const gated = controlledSource();
    renderWithIntl(<Harness viewer={GATED} fetchSource={gated.fetchSource} onSeeAll={onSeeAll} />);
    await user.type(screen.getByRole('combobox'), 'an');
    await screen.findByRole('option', { name: 'Search messages for “an”' });
    expect(headings()[0]).toBe('Search');
    await waitFor(() => {
      expect(gated.calls.map((c) => c.sourceId)).toContain('messages');
    });
    const messages = gated.calls.find((c) => c.sourceId === 'messages');
    act(() => {
      messages?.resolve({
        entries: [entry('message', '70_1', 'Annual Planning')],
        more: ['message'],
      });
    });
    const section = await screen.findByRole('group', { name: 'Messages' });
    await user.click(within(section).getByRole('option', { name: 'See All' }));
    expect(onSeeAll).toHaveBeenCalledWith({ kind: 'message_search', query: 'an', type: 'message' });
  });

  it('tells the funnel hooks about queries, sources and the pick', async () => {
    const user = userEvent.setup();
    const events: string[] = [];
    const hooks: TypeaheadHooks = {
      onQueryChanged: (q) => events.push(`query:${q}`),
      onSourceStarted: (id, q) => events.push(`started:${id}:${q}`),
      onSourceEnded: (id, q, status) => events.push(`ended:${id}:${q}:${status}`),
      onResultSelected: (e, q) => events.push(`selected:${e.uniqueID}:${q}`),
    };
    const { fetchSource, calls } = controlledSource();
    renderWithIntl(<Harness viewer={PLAIN} fetchSource={fetchSource} hooks={hooks} />);
    await user.type(screen.getByRole('combobox'), 'an');
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    act(() => {
      for (const call of calls) call.resolve({ entries: [], more: [] });
    });
    await waitFor(() => {
      expect(screen.queryByRole('status')).toBeNull();
    });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(events).toEqual([
      'query:a',
      'query:an',
      'started:users:an',
      'started:pages:an',
      'ended:users:an:finished',
      'ended:pages:an:finished',
      'selected:friend:1:an',
    ]);
  });
});
