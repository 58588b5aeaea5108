import { describe, expect, it } from 'vitest';
import { genericSourcePayload } from './payload';

describe('genericSourcePayload', () => {
  it('joins the existing ids with commas', () => {
    expect(
      genericSourcePayload({ value: 'ann', existingIds: ['1', '22', '3'], excludeExisting: true }),
    ).toEqual({ value: 'ann', existing_ids: '1,22,3' });
  });

  it('sends an empty existing_ids when disabled', () => {
    expect(
      genericSourcePayload({ value: 'ann', existingIds: ['1', '2'], excludeExisting: false }),
    ).toEqual({ value: 'ann', existing_ids: '' });
  });

  it('sends an empty existing_ids when nothing is shown', () => {
    expect(genericSourcePayload({ value: 'a', existingIds: [], excludeExisting: true })).toEqual({
      value: 'a',
      existing_ids: '',
    });
  });

  it('adds extra request data without letting it override value or existing_ids', () => {
    expect(
      genericSourcePayload({
        value: 'ann',
        existingIds: ['7'],
        excludeExisting: true,
        extra: { viewer: 4, value: 'other', existing_ids: 'x' },
      }),
    ).toEqual({ viewer: 4, value: 'ann', existing_ids: '7' });
  });
});
