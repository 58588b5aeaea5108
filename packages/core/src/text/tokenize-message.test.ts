import { describe, expect, it } from 'vitest';
import { tokenizeMessage } from './tokenize-message';

describe('tokenizeMessage', () => {
  it('combines text, links and emoticons in order', () => {
    expect(tokenizeMessage('see example.com :) ok')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'example.com', href: 'https://example.com' },
      { kind: 'text', text: ' ' },
      { kind: 'emoticon', text: ':)', emoji: '🙂', name: 'smile' },
      { kind: 'text', text: ' ok' },
    ]);
  });

  it('puts an emoticon before a link', () => {
    expect(tokenizeMessage(':D http://a.com')).toEqual([
      { kind: 'emoticon', text: ':D', emoji: '😀', name: 'grin' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'http://a.com', href: 'http://a.com' },
    ]);
  });

  it('lets a link win over an emoticon inside it', () => {
    expect(tokenizeMessage('http://x.com/a.:),b')).toEqual([
      { kind: 'link', text: 'http://x.com/a.:),b', href: 'http://x.com/a.:),b' },
    ]);
  });

  it('finds an emoticon in punctuation left out of a link', () => {
    expect(tokenizeMessage('http://x.com/a.:)')).toEqual([
      { kind: 'link', text: 'http://x.com/a', href: 'http://x.com/a' },
      { kind: 'text', text: '.' },
      { kind: 'emoticon', text: ':)', emoji: '🙂', name: 'smile' },
    ]);
  });

  it('judges an emoticon by its real neighbours, not the end of a link', () => {
    expect(tokenizeMessage('example.com:)')).toEqual([
      { kind: 'link', text: 'example.com', href: 'https://example.com' },
      { kind: 'text', text: ':)' },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(tokenizeMessage('<b>hi</b>')).toEqual([{ kind: 'text', text: '<b>hi</b>' }]);
    expect(tokenizeMessage('')).toEqual([]);
  });
});
