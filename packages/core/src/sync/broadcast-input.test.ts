import { describe, expect, it } from 'vitest';
import { BROADCAST_LIMITS, broadcastInputSchema, recipientOfflineId } from './broadcast-input';
import { offlineThreadingIdSchema } from './message-input';

const ok = { recipient_ids: ['11', '12', '13'], text: 'hello all', offline_threading_id: 'b-1' };

const fieldOf = (input: unknown) => {
  const parsed = broadcastInputSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.path.join('.');
};

describe('broadcastInputSchema', () => {
  it('accepts recipients, a text and an id, and defaults to a broadcast', () => {
    expect(broadcastInputSchema.parse(ok)).toEqual({ ...ok, kind: 'broadcast' });
    expect(broadcastInputSchema.parse({ ...ok, kind: 'share' }).kind).toBe('share');
  });

  it('names the field at fault', () => {
    expect(fieldOf({ ...ok, recipient_ids: [] })).toBe('recipient_ids');
    expect(fieldOf({ ...ok, recipient_ids: ['11', 'x'] })).toBe('recipient_ids.1');
    expect(fieldOf({ ...ok, recipient_ids: ['11', '12', '11'] })).toBe('recipient_ids.2');
    expect(fieldOf({ ...ok, text: '   ' })).toBe('text');
    expect(fieldOf({ ...ok, kind: 'forward' })).toBe('kind');
    expect(fieldOf({ ...ok, offline_threading_id: 'a b' })).toBe('offline_threading_id');
  });

  it('caps the recipients at the tokenizer limit', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(100 + i));
    expect(fieldOf({ ...ok, recipient_ids: ids(BROADCAST_LIMITS.recipientsMax) })).toBeNull();
    expect(fieldOf({ ...ok, recipient_ids: ids(BROADCAST_LIMITS.recipientsMax + 1) })).toBe(
      'recipient_ids',
    );
  });

  it('leaves room for every recipient suffix within the offline id limit', () => {
    const base = 'x'.repeat(BROADCAST_LIMITS.offlineThreadingIdMax);
    expect(fieldOf({ ...ok, offline_threading_id: base })).toBeNull();
    expect(fieldOf({ ...ok, offline_threading_id: `${base}x` })).toBe('offline_threading_id');
    const last = recipientOfflineId(base, BROADCAST_LIMITS.recipientsMax - 1);
    expect(offlineThreadingIdSchema.safeParse(last).success).toBe(true);
    expect(recipientOfflineId('b-1', 2)).toBe('b-1_2');
  });
});
