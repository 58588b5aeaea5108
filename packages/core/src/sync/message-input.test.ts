import { describe, expect, it } from 'vitest';
import {
  MESSAGING_LIMITS,
  createGroupInputSchema,
  groupNameSchema,
  imageSrcSchema,
  sendMessageInputSchema,
  textLength,
} from './message-input';

const base = { thread_id: '400001', text: 'hello', offline_threading_id: '6712345' };

describe('send_message input', () => {
  it('accepts a message into a thread or to a recipient, with entry point and tags', () => {
    expect(sendMessageInputSchema.parse(base)).toEqual(base);
    const full = {
      recipient_id: '100002',
      text: 'hi',
      offline_threading_id: 'a_b-3',
      entry_point: 'fb_header_dock:search',
      tags: ['messenger_web', 'bnp:trigger:hello'],
    };
    expect(sendMessageInputSchema.parse(full)).toEqual(full);
    const asPage = { ...base, as_page_id: '900001' };
    expect(sendMessageInputSchema.parse(asPage)).toEqual(asPage);
  });

  it('counts characters as code points: 5000 emoji pass, 5001 do not', () => {
    const emoji = '😀';
    expect(textLength(emoji.repeat(3))).toBe(3);
    expect(sendMessageInputSchema.safeParse({ ...base, text: emoji.repeat(5000) }).success).toBe(
      true,
    );
    const over = sendMessageInputSchema.safeParse({
      ...base,
      text: 'x'.repeat(MESSAGING_LIMITS.messageTextMax + 1),
    });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.path).toEqual(['text']);
  });

  it.each([
    [{ ...base, text: '   ' }, 'text'],
    [{ ...base, offline_threading_id: 'has space' }, 'offline_threading_id'],
    [{ ...base, offline_threading_id: 'x'.repeat(65) }, 'offline_threading_id'],
    [{ ...base, entry_point: 'nowhere' }, 'entry_point'],
    [{ ...base, tags: ['made_up'] }, 'tags'],
    [{ text: 'x', offline_threading_id: '1' }, 'thread_id'],
    [{ ...base, recipient_id: '5' }, 'recipient_id'],
    [{ ...base, thread_id: 'abc' }, 'thread_id'],
    [{ ...base, as_page_id: 'page' }, 'as_page_id'],
    [{ recipient_id: '5', text: 'x', offline_threading_id: '1', as_page_id: '9' }, 'as_page_id'],
  ])('refuses %j naming %s', (input, field) => {
    const parsed = sendMessageInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('group inputs', () => {
  it('needs at least two others and trims names, blank meaning none', () => {
    expect(createGroupInputSchema.safeParse({ participant_ids: ['1'] }).success).toBe(false);
    expect(
      createGroupInputSchema.parse({ participant_ids: ['1', '2'], name: '  Hikers ' }),
    ).toEqual({
      participant_ids: ['1', '2'],
      name: 'Hikers',
    });
    expect(groupNameSchema.parse('   ')).toBeNull();
    expect(groupNameSchema.parse(null)).toBeNull();
    expect(groupNameSchema.safeParse('x'.repeat(251)).success).toBe(false);
  });

  it('takes http(s) image URLs or null', () => {
    expect(imageSrcSchema.parse('https://example.test/a.png')).toBe('https://example.test/a.png');
    expect(imageSrcSchema.parse(null)).toBeNull();
    expect(imageSrcSchema.safeParse('javascript:alert(1)').success).toBe(false);
  });
});
