import { buildSearchEntry, type SearchEntry } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import { SURFACE_FUNNELS } from '../analytics/search-surfaces';
import { newMessageSurface } from './NewMessage';

const person = buildSearchEntry({ uid: '12', type: 'friend', title: 'Bob Baker' }) as SearchEntry;

describe('the new message’s search funnel', () => {
  it('is the omnipicker’s for a new message, however many people are then picked', () => {
    expect(SURFACE_FUNNELS[newMessageSurface([])].funnel).toBe('WWW_MESSENGER_OMNIPICKER_FUNNEL');
  });

  it('is group creation when a one-to-one conversation grows into a group (?with=)', () => {
    expect(SURFACE_FUNNELS[newMessageSurface([person])].funnel).toBe(
      'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
    );
  });
});
