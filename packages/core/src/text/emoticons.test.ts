import { describe, expect, it } from 'vitest';
import { EMOTICONS, type Emoticon } from './emoticon-table';
import { findEmoticons, parseEmoticons } from './emoticons';
import { emoticonLabels } from './messages';
import { formatDefaultMessage } from '../i18n';

const texts = (input: string) => findEmoticons(input).map((match) => match.emoticon.text);

describe('emoticon table', () => {
  it('recognises every entry on its own, mapped to its emoji and name', () => {
    for (const emoticon of EMOTICONS) {
      expect(parseEmoticons(emoticon.text)).toEqual([
        { kind: 'emoticon', text: emoticon.text, emoji: emoticon.emoji, name: emoticon.name },
      ]);
    }
  });

  it('covers the common emoticons', () => {
    const expected: Record<string, string> = {
      ':)': '🙂',
      ':(': '🙁',
      ':D': '😀',
      ';)': '😉',
      ':P': '😛',
      ':O': '😮',
      ':/': '😕',
      '<3': '❤️',
      ':*': '😘',
      '8)': '😎',
      ":'(": '😢',
      '^_^': '😊',
      '-_-': '😑',
      'o.O': '😳',
    };
    for (const [text, emoji] of Object.entries(expected)) {
      expect(findEmoticons(text)[0]?.emoticon.emoji).toBe(emoji);
    }
  });

  it('has a label for every name', () => {
    for (const emoticon of EMOTICONS) {
      expect(formatDefaultMessage(emoticonLabels[emoticon.name])).toBe(emoticon.name);
    }
  });
});

describe('findEmoticons boundaries (seed section 5)', () => {
  it.each([
    ['start of text', ''],
    ['a space', ' '],
    ['a tab', '\t'],
    ['a line break', '\n'],
    ['a double quote', '"'],
    ['a single quote', "'"],
    ['a period', '.'],
    ['an open parenthesis', '('],
  ])('accepts an emoticon preceded by %s', (_label, before) => {
    expect(findEmoticons(`${before}:)`)).toEqual([
      { start: before.length, end: before.length + 2, emoticon: EMOTICONS[0] },
    ]);
  });

  it.each([['a'], ['1'], [','], ['!'], ['?'], [')'], [':'], ['-'], ['/']])(
    'rejects an emoticon preceded by %j',
    (before) => {
      expect(texts(`${before}:)`)).toEqual([]);
    },
  );

  it.each([
    ['end of text', ''],
    ['a space', ' '],
    ['a tab', '\t'],
    ['a line break', '\n'],
    ['a carriage return and line break', '\r\n'],
    ['a double quote', '"'],
    ['a single quote', "'"],
    ['a comma', ','],
    ['a period', '.'],
    ['an exclamation mark', '!'],
    ['a question mark', '?'],
    ['a closing parenthesis', ')'],
  ])('accepts an emoticon followed by %s', (_label, after) => {
    expect(texts(`:)${after}`)).toEqual([':)']);
  });

  it.each([['a'], ['1'], ['('], [':'], [';'], ['-'], ['/']])(
    'rejects an emoticon followed by %j',
    (after) => {
      expect(texts(`:)${after}`)).toEqual([]);
    },
  );

  it('rejects emoticons glued to words on either side', () => {
    expect(texts('a:)')).toEqual([]);
    expect(texts(':)a')).toEqual([]);
    expect(texts('a :)')).toEqual([':)']);
    expect(texts('http://example.com')).toEqual([]);
  });

  it('rejects emoticons glued to each other', () => {
    expect(texts(':):)')).toEqual([]);
    expect(texts(':) :(')).toEqual([':)', ':(']);
  });
});

describe('longest match', () => {
  it('prefers the longest spelling at a position', () => {
    expect(findEmoticons(':|]')[0]?.emoticon.name).toBe('robot');
    expect(findEmoticons(':|')[0]?.emoticon.name).toBe('neutral');
    expect(findEmoticons('>:(')[0]?.emoticon.name).toBe('grumpy');
    expect(findEmoticons('O:)')[0]?.emoticon.name).toBe('angel');
  });

  const table: Emoticon[] = [
    { text: ':)', emoji: 'S', name: 'smile' },
    { text: ':))', emoji: 'L', name: 'grin' },
  ];

  it('wins when both spellings end at a boundary', () => {
    expect(parseEmoticons(':))', table)).toEqual([
      { kind: 'emoticon', text: ':))', emoji: 'L', name: 'grin' },
    ]);
  });

  it('falls back to the shorter one when the longer is glued to a word', () => {
    expect(parseEmoticons(':))a', table)).toEqual([
      { kind: 'emoticon', text: ':)', emoji: 'S', name: 'smile' },
      { kind: 'text', text: ')a' },
    ]);
  });

  it('finds nothing with an empty table', () => {
    expect(findEmoticons(':)', [])).toEqual([]);
  });
});

describe('parseEmoticons', () => {
  it('cuts text around emoticons', () => {
    expect(parseEmoticons('hi :) there')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'emoticon', text: ':)', emoji: '🙂', name: 'smile' },
      { kind: 'text', text: ' there' },
    ]);
  });

  it('keeps text without emoticons as one segment, and nothing for empty text', () => {
    expect(parseEmoticons('a:)')).toEqual([{ kind: 'text', text: 'a:)' }]);
    expect(parseEmoticons('')).toEqual([]);
  });

  it('gives offsets into the whole text', () => {
    expect(findEmoticons('ok <3!')).toEqual([
      { start: 3, end: 5, emoticon: { text: '<3', emoji: '❤️', name: 'heart' } },
    ]);
  });
});
