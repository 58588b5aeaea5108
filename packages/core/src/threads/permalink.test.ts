import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import {
  folderPermalink,
  parsePermalink,
  tagSegment,
  threadPermalink,
  userPermalink,
} from './permalink';
import type { Permalink } from './permalink';

const prefix = '/messages';

describe('tagSegment', () => {
  it('maps INBOX to nothing, OTHER and PENDING to their words, any other tag to itself', () => {
    expect(tagSegment('INBOX')).toBe('');
    expect(tagSegment('OTHER')).toBe('/filtered');
    expect(tagSegment('PENDING')).toBe('/requests');
    expect(tagSegment('ARCHIVED')).toBe('/ARCHIVED');
    expect(tagSegment('archived')).toBe('/archived');
  });

  it('refuses tags that are not one URL-safe segment or that shadow OTHER and PENDING', () => {
    for (const tag of ['', 'a/b', 'a b', 'x?y', 'filtered', 'requests']) {
      expect(() => tagSegment(tag)).toThrow(CoreError);
    }
  });
});

describe('threadPermalink', () => {
  it('puts the tag segment between the prefix and /thread/{id}', () => {
    expect(threadPermalink({ prefix, tag: 'INBOX', threadId: '42' })).toBe('/messages/thread/42');
    expect(threadPermalink({ prefix, threadId: '42' })).toBe('/messages/thread/42');
    expect(threadPermalink({ prefix, tag: 'OTHER', threadId: '42' })).toBe(
      '/messages/filtered/thread/42',
    );
    expect(threadPermalink({ prefix, tag: 'PENDING', threadId: '42' })).toBe(
      '/messages/requests/thread/42',
    );
    expect(threadPermalink({ prefix, tag: 'ARCHIVED', threadId: '42' })).toBe(
      '/messages/ARCHIVED/thread/42',
    );
  });

  it('works at the site root', () => {
    expect(threadPermalink({ prefix: '', threadId: '1' })).toBe('/thread/1');
  });

  it('requires a digit id and a well-formed prefix', () => {
    expect(() => threadPermalink({ prefix, threadId: '' })).toThrow(CoreError);
    expect(() => threadPermalink({ prefix, threadId: '12a' })).toThrow(
      expect.objectContaining({ code: 'invalid_permalink_id' }),
    );
    expect(() => threadPermalink({ prefix: 'messages', threadId: '1' })).toThrow(
      expect.objectContaining({ code: 'invalid_permalink_prefix' }),
    );
    expect(() => threadPermalink({ prefix: '/messages/', threadId: '1' })).toThrow(CoreError);
  });
});

describe('userPermalink', () => {
  it('uses /t/{userId} with an optional tag segment; INBOX adds none', () => {
    expect(userPermalink({ prefix, userId: '7' })).toBe('/messages/t/7');
    expect(userPermalink({ prefix, tag: 'INBOX', userId: '7' })).toBe('/messages/t/7');
    expect(userPermalink({ prefix, tag: 'PENDING', userId: '7' })).toBe('/messages/requests/t/7');
    expect(() => userPermalink({ prefix, userId: 'bob' })).toThrow(CoreError);
  });
});

describe('folderPermalink', () => {
  it('is the prefix plus the tag segment', () => {
    expect(folderPermalink({ prefix })).toBe('/messages');
    expect(folderPermalink({ prefix, tag: 'OTHER' })).toBe('/messages/filtered');
    expect(folderPermalink({ prefix, tag: 'PENDING' })).toBe('/messages/requests');
  });
});

describe('parsePermalink', () => {
  it('reads folders', () => {
    expect(parsePermalink('/messages', prefix)).toEqual({ kind: 'folder', tag: 'INBOX' });
    expect(parsePermalink('/messages/filtered', prefix)).toEqual({ kind: 'folder', tag: 'OTHER' });
    expect(parsePermalink('/messages/requests', prefix)).toEqual({
      kind: 'folder',
      tag: 'PENDING',
    });
    expect(parsePermalink('/messages/ARCHIVED', prefix)).toEqual({
      kind: 'folder',
      tag: 'ARCHIVED',
    });
  });

  it('tells thread and user forms apart', () => {
    expect(parsePermalink('/messages/thread/42', prefix)).toEqual({
      kind: 'thread',
      tag: 'INBOX',
      threadId: '42',
    });
    expect(parsePermalink('/messages/t/42', prefix)).toEqual({
      kind: 'user',
      tag: 'INBOX',
      userId: '42',
    });
    expect(parsePermalink('/messages/filtered/t/42', prefix)).toEqual({
      kind: 'user',
      tag: 'OTHER',
      userId: '42',
    });
  });

  it('round-trips every form and tag exactly', () => {
    const tags = ['INBOX', 'OTHER', 'PENDING', 'ARCHIVED', 't', 'thread', 'inbox'];
    const links: Permalink[] = tags.flatMap((tag): Permalink[] => [
      { kind: 'folder', tag },
      { kind: 'thread', tag, threadId: '100000123' },
      { kind: 'user', tag, userId: '0' },
    ]);
    for (const p of ['/messages', '', '/a/b']) {
      for (const link of links) {
        const path =
          link.kind === 'folder'
            ? folderPermalink({ prefix: p, tag: link.tag })
            : link.kind === 'thread'
              ? threadPermalink({ prefix: p, tag: link.tag, threadId: link.threadId })
              : userPermalink({ prefix: p, tag: link.tag, userId: link.userId });
        expect(parsePermalink(path, p)).toEqual(link);
      }
    }
  });

  it('returns null for anything the builders cannot produce', () => {
    for (const path of [
      '/other/t/1',
      '/messagesx',
      '/messages/',
      '/messages/t/',
      '/messages/t/1/',
      '/messages/t/abc',
      '/messages/t/1?x=1',
      '/messages/x/1',
      '/messages/INBOX',
      '/messages/OTHER/t/1',
      '/messages/PENDING',
      '/messages/a b/t/1',
      '/messages/a/b/c/d',
      '/messages/ARCHIVED/x/1',
      '/messages//t/1',
    ]) {
      expect(parsePermalink(path, prefix), path).toBeNull();
    }
  });

  it('reads the site-root prefix', () => {
    expect(parsePermalink('', '')).toEqual({ kind: 'folder', tag: 'INBOX' });
    expect(parsePermalink('/t/5', '')).toEqual({ kind: 'user', tag: 'INBOX', userId: '5' });
    expect(parsePermalink('t/5', '')).toBeNull();
  });

  it('refuses a malformed prefix', () => {
    expect(() => parsePermalink('/messages', 'messages')).toThrow(CoreError);
  });
});
