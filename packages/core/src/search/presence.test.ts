import { describe, expect, it } from 'vitest';
import { filterByPresence, formatBuddy, parseBuddy, peopleWithPresence } from './presence';

describe('parseBuddy / formatBuddy', () => {
  it('splits at the last dash', () => {
    expect(parseBuddy('1234-ACTIVE')).toEqual({ id: '1234', status: 'ACTIVE' });
    expect(parseBuddy('a-b-IDLE')).toEqual({ id: 'a-b', status: 'IDLE' });
    expect(parseBuddy(formatBuddy('9', 'OFFLINE'))).toEqual({ id: '9', status: 'OFFLINE' });
  });

  it('rejects missing ids, missing or unknown statuses', () => {
    expect(parseBuddy('1234')).toBeNull();
    expect(parseBuddy('-ACTIVE')).toBeNull();
    expect(parseBuddy('1234-')).toBeNull();
    expect(parseBuddy('1234-active')).toBeNull();
    expect(parseBuddy('1234-AWAY')).toBeNull();
  });
});

describe('filterByPresence', () => {
  const buddies = ['1-ACTIVE', '2-IDLE', '3-ACTIVE', '4', '1-ACTIVE', '5-OFFLINE', '6-ACTIVEX'];

  it('keeps only ids whose suffix matches, once each', () => {
    expect(filterByPresence(buddies, 'ACTIVE')).toEqual(['1', '3']);
    expect(filterByPresence(buddies, 'IDLE')).toEqual(['2']);
    expect(filterByPresence(buddies, 'OFFLINE')).toEqual(['5']);
    expect(filterByPresence([], 'ACTIVE')).toEqual([]);
  });

  it('filters people to those present with the status', () => {
    const people = [{ id: '3' }, { id: '2' }, { id: '1' }, { id: '4' }];
    expect(peopleWithPresence(people, buddies, 'ACTIVE')).toEqual([{ id: '3' }, { id: '1' }]);
  });
});
