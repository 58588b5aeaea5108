import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_LIMITS,
  attachmentPath,
  attachmentRefsSchema,
  isAttachmentMimeType,
} from './attachments';
import { sendMessageInputSchema } from './message-input';

const ref = (id: string) => ({
  id,
  key: 'AAAAAAAAAAAAAAAAAAAAAA==',
  iv: 'AAAAAAAAAAAAAAAA',
  mime: 'image/png',
  width: 4,
  height: 3,
});

describe('attachment references', () => {
  it('accepts a 128-bit key and a 96-bit IV in base64', () => {
    expect(attachmentRefsSchema.safeParse([ref('1'), ref('2')]).success).toBe(true);
  });

  it.each([
    ['a short key', { key: 'AAAA' }],
    ['a key that is not base64', { key: '!!!!!!!!!!!!!!!!!!!!!!==' }],
    ['a 16-byte IV', { iv: 'AAAAAAAAAAAAAAAAAAAAAA==' }],
    ['a type that is not an image', { mime: 'text/html' }],
    ['a zero width', { width: 0 }],
    ['a height beyond the limit', { height: ATTACHMENT_LIMITS.maxDimension + 1 }],
    ['an id of letters', { id: 'abc' }],
  ])('refuses %s', (_label, change) => {
    expect(attachmentRefsSchema.safeParse([{ ...ref('1'), ...change }]).success).toBe(false);
  });

  it('refuses the same attachment twice and more than the per-message limit', () => {
    expect(attachmentRefsSchema.safeParse([ref('1'), ref('1')]).success).toBe(false);
    const many = Array.from({ length: ATTACHMENT_LIMITS.perMessage + 1 }, (_, i) => ref(String(i)));
    expect(attachmentRefsSchema.safeParse(many).success).toBe(false);
  });
});

describe('send_message input with images', () => {
  const base = { thread_id: '7', offline_threading_id: 'x1' };

  it('allows a blank text next to images', () => {
    expect(
      sendMessageInputSchema.safeParse({ ...base, text: '', attachments: [ref('1')] }).success,
    ).toBe(true);
  });

  it('still refuses a blank text alone, naming the text', () => {
    const parsed = sendMessageInputSchema.safeParse({ ...base, text: '  ', attachments: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['text']);
  });
});

describe('attachment types and paths', () => {
  it('allows the four image types only', () => {
    for (const mime of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(isAttachmentMimeType(mime)).toBe(true);
    }
    for (const mime of ['image/svg+xml', 'text/html', 'IMAGE/PNG', '']) {
      expect(isAttachmentMimeType(mime)).toBe(false);
    }
  });

  it('names the blob by its id, escaped', () => {
    expect(attachmentPath('123')).toBe('/attachments/123');
    expect(attachmentPath('../x')).toBe('/attachments/..%2Fx');
  });
});
