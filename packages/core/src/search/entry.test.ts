import { describe, expect, it } from 'vitest';
import {
  buildSearchEntries,
  buildSearchEntry,
  dedupeByUniqueID,
  entryTypeOf,
  isEntryType,
  isValidUniqueID,
  normalizeAuxiliaryData,
  objectIdOf,
  toUniqueID,
} from './entry';
import type { SearchEntryRecord } from './entry';

describe('objectIdOf / entryTypeOf', () => {
  it('takes the last colon-separated part as the object id', () => {
    expect(objectIdOf('friend:123')).toBe('123');
    expect(objectIdOf('message:a:b:42')).toBe('42');
    expect(objectIdOf('bare')).toBe('bare');
    expect(objectIdOf('friend:')).toBe('');
  });

  it('reads only a known type prefix', () => {
    expect(entryTypeOf('page:9')).toBe('page');
    expect(entryTypeOf('meeting_room_page:9')).toBe('meeting_room_page');
    expect(entryTypeOf('user:9')).toBeNull();
    expect(entryTypeOf('9')).toBeNull();
    expect(isEntryType('game')).toBe(true);
    expect(isEntryType('Game')).toBe(false);
    expect(isEntryType(3)).toBe(false);
  });
});

describe('toUniqueID / isValidUniqueID', () => {
  it('prefixes a bare id with the type', () => {
    expect(toUniqueID('friend', '123')).toBe('friend:123');
    expect(toUniqueID('friend', '  123 ')).toBe('friend:123');
  });

  it('keeps an id already prefixed with the same type', () => {
    expect(toUniqueID('thread', 'thread:77')).toBe('thread:77');
  });

  it('rejects an id prefixed with another type', () => {
    expect(toUniqueID('friend', 'page:77')).toBeNull();
  });

  it('rejects an empty object id', () => {
    expect(toUniqueID('friend', '')).toBeNull();
    expect(toUniqueID('friend', '   ')).toBeNull();
    expect(toUniqueID('friend', 'friend:')).toBeNull();
    expect(toUniqueID('friend', 'x:')).toBeNull();
  });

  it('accepts a one-character object id', () => {
    expect(toUniqueID('friend', '1')).toBe('friend:1');
  });

  it('validates complete unique ids', () => {
    expect(isValidUniqueID('friend:1')).toBe(true);
    expect(isValidUniqueID('friend:')).toBe(false);
    expect(isValidUniqueID('1')).toBe(false);
    expect(isValidUniqueID('user:1')).toBe(false);
    expect(isValidUniqueID(' friend:1')).toBe(false);
  });
});

describe('normalizeAuxiliaryData', () => {
  it('keeps the three known keys and drops unknown keys and wrong types', () => {
    expect(
      normalizeAuxiliaryData({
        alias: 'Bob',
        isMemorializedUser: true,
        messageResultType: 'MESSAGE',
        extra: 1,
      }),
    ).toEqual({ alias: 'Bob', isMemorializedUser: true, messageResultType: 'MESSAGE' });
    expect(
      normalizeAuxiliaryData({ alias: 3, isMemorializedUser: 'yes', messageResultType: null }),
    ).toEqual({});
    expect(normalizeAuxiliaryData(null)).toEqual({});
    expect(normalizeAuxiliaryData(undefined)).toEqual({});
  });
});

describe('buildSearchEntry', () => {
  it('builds from canonical field names', () => {
    expect(
      buildSearchEntry({
        uniqueID: 'friend:1',
        order: 3,
        title: 'Ann',
        subtitle: 'Paris',
        keywordString: 'ann annie',
        type: 'friend',
        photo: 'p.png',
        uri: '/ann',
        auxiliaryData: { alias: 'A' },
      }),
    ).toEqual({
      uniqueID: 'friend:1',
      order: 3,
      title: 'Ann',
      subtitle: 'Paris',
      keywordString: 'ann annie',
      type: 'friend',
      photo: 'p.png',
      uri: '/ann',
      auxiliaryData: { alias: 'A' },
    });
  });

  it('builds from the alternate field names', () => {
    expect(
      buildSearchEntry({
        uid: 42,
        index: 5,
        text: 'Team',
        subtext: '3 people',
        tokens: ['team', ' alpha ', ''],
        category: 'thread',
        path: '/t/42',
        aux_data: { messageResultType: 'THREAD_NAME', foo: 'bar' },
      }),
    ).toEqual({
      uniqueID: 'thread:42',
      order: 5,
      title: 'Team',
      subtitle: '3 people',
      keywordString: 'team alpha',
      type: 'thread',
      photo: null,
      uri: '/t/42',
      auxiliaryData: { messageResultType: 'THREAD_NAME' },
    });
  });

  it('accepts tokens given as a string', () => {
    expect(
      buildSearchEntry({ uid: '1', type: 'page', text: 'P', tokens: 'a b' })?.keywordString,
    ).toBe('a b');
  });

  it('prefers canonical names over alternate ones', () => {
    const entry = buildSearchEntry({
      uniqueID: 'page:1',
      uid: '2',
      title: 'Canonical',
      text: 'Alternate',
      type: 'page',
      category: 'friend',
      order: 1,
      index: 2,
      uri: '/a',
      path: '/b',
      subtitle: 's',
      subtext: 't',
      keywordString: 'k',
      tokens: 'u',
      auxiliaryData: { alias: 'x' },
      aux_data: { alias: 'y' },
    });
    expect(entry).toMatchObject({
      uniqueID: 'page:1',
      title: 'Canonical',
      type: 'page',
      order: 1,
      uri: '/a',
      subtitle: 's',
      keywordString: 'k',
      auxiliaryData: { alias: 'x' },
    });
  });

  it('infers the type from a prefixed unique id when none is given', () => {
    expect(buildSearchEntry({ uniqueID: 'game:7', title: 'Chess' })?.type).toBe('game');
    expect(buildSearchEntry({ uid: '7', title: 'Chess' })).toBeNull();
    expect(buildSearchEntry({ title: 'Chess', type: 'game' })).toBeNull();
  });

  it('drops a missing or blank title but keeps a one-character one', () => {
    expect(buildSearchEntry({ uid: '1', type: 'friend' })).toBeNull();
    expect(buildSearchEntry({ uid: '1', type: 'friend', title: '' })).toBeNull();
    expect(buildSearchEntry({ uid: '1', type: 'friend', text: '   ' })).toBeNull();
    expect(buildSearchEntry({ uid: '1', type: 'friend', title: null, text: null })).toBeNull();
    expect(buildSearchEntry({ uid: '1', type: 'friend', title: ' A ' })?.title).toBe('A');
  });

  it('drops an unknown type or an invalid unique id', () => {
    expect(buildSearchEntry({ uid: '1', type: 'user', title: 'A' })).toBeNull();
    expect(buildSearchEntry({ uid: '', type: 'friend', title: 'A' })).toBeNull();
    expect(buildSearchEntry({ uniqueID: 'friend:', title: 'A' })).toBeNull();
    expect(buildSearchEntry({ uniqueID: 'page:1', type: 'friend', title: 'A' })).toBeNull();
    expect(buildSearchEntry({ uid: Number.NaN, type: 'friend', title: 'A' })).toBeNull();
  });

  it('uses the fallback order when order and index are missing or not finite', () => {
    expect(buildSearchEntry({ uid: '1', type: 'friend', title: 'A' })?.order).toBe(0);
    expect(buildSearchEntry({ uid: '1', type: 'friend', title: 'A' }, 9)?.order).toBe(9);
    expect(
      buildSearchEntry({ uid: '1', type: 'friend', title: 'A', order: Infinity }, 4)?.order,
    ).toBe(4);
    expect(buildSearchEntry({ uid: '1', type: 'friend', title: 'A', index: 0 }, 4)?.order).toBe(0);
  });

  it('turns blank optional strings into null and missing keywords into an empty string', () => {
    const entry = buildSearchEntry({
      uid: '1',
      type: 'friend',
      title: 'A',
      subtitle: ' ',
      photo: '',
      uri: ' ',
    });
    expect(entry).toMatchObject({ subtitle: null, photo: null, uri: null, keywordString: '' });
  });
});

describe('buildSearchEntries / dedupeByUniqueID', () => {
  const records: SearchEntryRecord[] = [
    { uid: '1', type: 'friend', text: 'First' },
    { uid: '2', type: 'friend' },
    { uniqueID: 'friend:1', text: 'Duplicate' },
    { uid: '3', type: 'page', text: 'Page' },
    { uid: '1', type: 'non_friend', text: 'Other type, same object' },
  ];

  it('drops invalid records and duplicates, keeping the first', () => {
    const entries = buildSearchEntries(records);
    expect(entries.map((e) => [e.uniqueID, e.title])).toEqual([
      ['friend:1', 'First'],
      ['page:3', 'Page'],
      ['non_friend:1', 'Other type, same object'],
    ]);
  });

  it('orders records without order by input position', () => {
    expect(buildSearchEntries(records).map((e) => e.order)).toEqual([0, 3, 4]);
  });

  it('dedupes already-built entries', () => {
    const [a] = buildSearchEntries(records);
    expect(dedupeByUniqueID([a!, { ...a!, title: 'B' }])).toEqual([a]);
    expect(dedupeByUniqueID([])).toEqual([]);
  });
});
