import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import {
  attributionTagsFor,
  initialThreadAttribution,
  isThreadAttributionTag,
  reduceThreadAttribution,
} from './thread-attribution';

describe('thread attribution tags', () => {
  it.each([
    'bnp:trigger:',
    'bnp:trigger:welcome',
    'bnp:trigger:a:b',
    'customer_chat_plugin',
    'messenger_web',
    'messenger_web_search',
    'm_dot_me',
  ])('accepts %j', (tag) => {
    expect(isThreadAttributionTag(tag)).toBe(true);
  });

  it.each([
    'bnp:trigger',
    'bnp:triggers:x',
    'BNP:TRIGGER:x',
    'x:bnp:trigger:',
    'messenger',
    'm_dot_me ',
    '',
  ])('refuses %j', (tag) => {
    expect(isThreadAttributionTag(tag)).toBe(false);
  });
});

describe('reduceThreadAttribution', () => {
  it('starts with no thread and no tags', () => {
    expect(initialThreadAttribution).toEqual({ messagingTags: [], threadID: null });
  });

  it('update-thread-tag sets the tags of a thread, once each', () => {
    const state = reduceThreadAttribution(initialThreadAttribution, {
      type: 'update-thread-tag',
      threadID: 't1',
      tags: ['m_dot_me', 'bnp:trigger:hi', 'm_dot_me'],
    });
    expect(state).toEqual({ messagingTags: ['m_dot_me', 'bnp:trigger:hi'], threadID: 't1' });
    expect(attributionTagsFor(state, 't1')).toEqual(['m_dot_me', 'bnp:trigger:hi']);
    expect(attributionTagsFor(state, 't2')).toEqual([]);
  });

  it('update-thread-tag replaces earlier tags', () => {
    const first = reduceThreadAttribution(initialThreadAttribution, {
      type: 'update-thread-tag',
      threadID: 't1',
      tags: ['m_dot_me'],
    });
    const second = reduceThreadAttribution(first, {
      type: 'update-thread-tag',
      threadID: 't2',
      tags: ['messenger_web'],
    });
    expect(second).toEqual({ messagingTags: ['messenger_web'], threadID: 't2' });
  });

  it('refuses an unknown tag and keeps the state untouched', () => {
    const action = {
      type: 'update-thread-tag',
      threadID: 't1',
      tags: ['m_dot_me', 'facebook'],
    } as const;
    expect(() => reduceThreadAttribution(initialThreadAttribution, action)).toThrow(
      new CoreError('invalid_attribution_tag', 'Unknown thread attribution tag: facebook'),
    );
    expect(initialThreadAttribution.messagingTags).toEqual([]);
  });

  it('select-thread clears the tags, even for the same thread', () => {
    const tagged = reduceThreadAttribution(initialThreadAttribution, {
      type: 'update-thread-tag',
      threadID: 't1',
      tags: ['customer_chat_plugin'],
    });
    const same = reduceThreadAttribution(tagged, { type: 'select-thread', threadID: 't1' });
    expect(same).toEqual({ messagingTags: [], threadID: 't1' });
    expect(attributionTagsFor(same, 't1')).toEqual([]);
    expect(reduceThreadAttribution(tagged, { type: 'select-thread', threadID: null })).toEqual({
      messagingTags: [],
      threadID: null,
    });
  });
});
