import { describe, expect, it } from 'vitest';
import { buildSections, dedupeEntries, sectionRows } from './sections';
import { surfaceCaps, SURFACES } from './surfaces';
import { SECTION_ORDER, type EntryType, type SearchEntry } from '../search/types';

const entry = (type: EntryType, id: number, title = `${type} ${id}`): SearchEntry => ({
  uniqueID: `${type}:${id}`,
  order: id,
  title,
  subtitle: null,
  keywordString: '',
  type,
  photo: null,
  uri: null,
  auxiliaryData: {},
});
const many = (type: EntryType, count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => entry(type, from + i));
const opts = { surface: 'omnipicker', query: 'an' } as const;

describe('buildSections', () => {
  it('orders sections as the seed lists them, whatever the input order', () => {
    const input = [...SECTION_ORDER].reverse().map((type, i) => entry(type, i));
    expect(buildSections(input, opts).map((s) => s.type)).toEqual(SECTION_ORDER);
  });

  it('omits sections without entries', () => {
    const sections = buildSections([entry('page', 1), entry('friend', 2)], opts);
    expect(sections.map((s) => s.type)).toEqual(['friend', 'page']);
  });

  it('de-duplicates by uniqueID, the first (local) entry winning', () => {
    const local = entry('friend', 1, 'Local Ann');
    const server = entry('friend', 1, 'Server Ann');
    const [friends] = buildSections([local, server, entry('friend', 2)], opts);
    expect(friends?.entries.map((e) => e.title)).toEqual(['Local Ann', 'friend 2']);
    expect(friends?.total).toBe(2);
  });

  it('shows 8 entries without a see-all link, and 8 with a link when there are 9', () => {
    const [eight] = buildSections(many('friend', 8), opts);
    expect(eight?.entries).toHaveLength(8);
    expect(eight?.seeAll).toBeNull();
    const [nine] = buildSections(many('friend', 9), opts);
    expect(nine?.entries).toHaveLength(8);
    expect(nine?.total).toBe(9);
    expect(nine?.seeAll).toEqual({ kind: 'see_all', query: 'an', type: 'friend' });
  });

  it('links the message section to full message search', () => {
    const [messages] = buildSections(many('message', 9), opts);
    expect(messages?.seeAll).toEqual({ kind: 'message_search', query: 'an', type: 'message' });
  });

  it('offers no see-all for an empty query', () => {
    const [friends] = buildSections(many('friend', 9), { ...opts, query: '  ' });
    expect(friends?.entries).toHaveLength(8);
    expect(friends?.seeAll).toBeNull();
  });

  it('caps work contacts at 8 (9th dropped, so no see-all)', () => {
    const [fb4c] = buildSections(many('fb4c', 9), opts);
    expect(fb4c?.total).toBe(8);
    expect(fb4c?.entries.map((e) => e.uniqueID)).not.toContain('fb4c:9');
    expect(fb4c?.seeAll).toBeNull();
  });

  it('accepts section caps in place of the surface defaults', () => {
    const [fb4c] = buildSections(many('fb4c', 9), { ...opts, sectionCaps: {} });
    expect(fb4c?.total).toBe(9);
    expect(fb4c?.seeAll).not.toBeNull();
    const capped = buildSections([...many('page', 3), entry('friend', 1)], {
      ...opts,
      sectionCaps: { page: 2, friend: 0 },
    });
    expect(capped.map((s) => [s.type, s.total])).toEqual([['page', 2]]);
  });

  it('keeps at most 100 entries overall (100 vs 101), in input order', () => {
    const hundred = [...many('friend', 99), entry('game', 1)];
    expect(buildSections(hundred, opts).map((s) => s.type)).toContain('game');
    const overflow = [...many('friend', 100), entry('game', 1)];
    const sections = buildSections(overflow, opts);
    expect(sections.map((s) => s.type)).toEqual(['friend']);
    expect(sections[0]?.total).toBe(100);
  });

  it('keeps at most 30 entries on the tokenizer surface (30 vs 31)', () => {
    const surface = 'tokenizer';
    expect(buildSections(many('friend', 30), { ...opts, surface })[0]?.total).toBe(30);
    expect(buildSections(many('friend', 31), { ...opts, surface })[0]?.total).toBe(30);
    expect(buildSections(many('friend', 31), opts)[0]?.total).toBe(31);
  });

  it('renders at most 50 rows across sections (view cap)', () => {
    const types: EntryType[] = ['search', 'friend', 'message', 'thread', 'page', 'non_friend'];
    const six = types.flatMap((type) => many(type, 8));
    expect(sectionRows(buildSections(six, opts))).toHaveLength(48);

    const seven = [...six, ...many('meeting_room_page', 8)];
    const sections = buildSections(seven, opts);
    expect(sectionRows(sections)).toHaveLength(50);
    const rooms = sections.find((s) => s.type === 'meeting_room_page');
    expect(rooms?.entries).toHaveLength(2);
    expect(rooms?.seeAll).toEqual({ kind: 'see_all', query: 'an', type: 'meeting_room_page' });

    const eight = [...seven, ...many('game', 2)];
    expect(buildSections(eight, opts).map((s) => s.type)).not.toContain('game');
  });
});

describe('dedupeEntries and sectionRows', () => {
  it('keeps the first of each uniqueID', () => {
    const first = entry('page', 1, 'first');
    expect(dedupeEntries([first, entry('page', 1, 'second')])).toEqual([first]);
  });

  it('flattens rows in section order', () => {
    const rows = sectionRows(buildSections([entry('page', 1), entry('search', 2)], opts));
    expect(rows.map((e) => e.uniqueID)).toEqual(['search:2', 'page:1']);
  });
});

describe('surfaceCaps', () => {
  it('differs only in maximum entries, for the tokenizer', () => {
    for (const surface of SURFACES) {
      const caps = surfaceCaps(surface);
      expect(caps.maxEntries).toBe(surface === 'tokenizer' ? 30 : 100);
      expect(caps).toMatchObject({ viewCap: 50, initiallyShown: 8, sectionCaps: { fb4c: 8 } });
    }
  });
});
