import { describe, expect, it } from 'vitest';
import { sendMessageInputSchema } from '../sync/message-input';
import {
  insertMention,
  keepMentions,
  mentionCandidates,
  mentionQueryAt,
  mentionRangeProblem,
  splitMentions,
} from './mentions';
import { quoteText } from './reply';

const m = (offset: number, length: number, id = '7') => ({ offset, length, id });

describe('mention ranges', () => {
  it('accepts ranges inside the text, in order', () => {
    expect(mentionRangeProblem('hi Ann and Ben', [m(3, 3), m(11, 3, '8')])).toBeNull();
  });
  it('refuses a range past the end, overlapping or out of order, blank, or splitting an emoji', () => {
    expect(mentionRangeProblem('hi Ann', [m(3, 4)])?.index).toBe(0);
    expect(mentionRangeProblem('hi Ann Ben', [m(3, 3), m(5, 3)])?.index).toBe(1);
    expect(mentionRangeProblem('hi Ann Ben', [m(7, 3), m(3, 3)])?.index).toBe(1);
    expect(mentionRangeProblem('a    b', [m(1, 3)])?.message).toMatch(/cover/);
    expect(mentionRangeProblem('😀Ann', [m(1, 4)])?.message).toMatch(/split/);
  });
  it('send_message input names the bad mention by its index', () => {
    const parsed = sendMessageInputSchema.safeParse({
      thread_id: '1',
      text: 'hi Ann',
      offline_threading_id: 'x',
      mentions: [m(0, 2), m(3, 9)],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['mentions', 1]);
  });
});

describe('the composer’s mentions', () => {
  it('finds the @ query at the caret, only after a space or at the start', () => {
    expect(mentionQueryAt('hello @be', 9)).toEqual({ start: 6, query: 'be' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail a@b', 8)).toBeNull();
    expect(mentionQueryAt('hello @be\nx', 11)).toBeNull();
  });
  it('puts the name in place of the query and shifts later mentions', () => {
    const first = insertMention('hi @b and @c', [m(10, 2, '9')], 3, 5, { id: '8', name: 'Ben Li' });
    expect(first.text).toBe('hi Ben Li  and @c');
    expect(first.mentions).toEqual([m(3, 6, '8'), m(15, 2, '9')]);
    expect(first.caret).toBe(10);
  });
  it('keeps mentions an edit did not touch and drops those it did', () => {
    const mentions = [m(0, 3), m(8, 3, '8')];
    expect(keepMentions('Ann and Ben', 'Ann, and Ben', mentions)).toEqual([m(0, 3), m(9, 3, '8')]);
    expect(keepMentions('Ann and Ben', 'An and Ben', mentions)).toEqual([m(7, 3, '8')]);
  });
  it('splits a text at its mentions for display, dropping a range that does not fit', () => {
    expect(splitMentions('hi Ann!', [m(3, 3)])).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', text: 'Ann', id: '7' },
      { kind: 'text', text: '!' },
    ]);
    expect(splitMentions('hi', [m(1, 5)])).toEqual([{ kind: 'text', text: 'hi' }]);
  });
});

describe('reply quotes', () => {
  it('keep the first 100 code points of the text, on one line', () => {
    expect(quoteText('a\n b')).toBe('a b');
    const long = '😀'.repeat(150);
    expect(Array.from(quoteText(long))).toHaveLength(101);
  });
});

describe('mention candidates', () => {
  it('rank the group by core triage, leaving out the viewer and non-matches', () => {
    const people = [
      { id: '1', name: 'Bo Annson' },
      { id: '2', name: 'Annabel' },
      { id: '3', name: 'Ann' },
      { id: '4', name: 'Carl' },
      { id: '9', name: 'Ann Me' },
    ];
    expect(mentionCandidates('ann', people, '9').map((p) => p.id)).toEqual(['3', '2', '1']);
    expect(mentionCandidates('', people, '9').map((p) => p.id)).toEqual(['1', '2', '3', '4']);
  });
});
