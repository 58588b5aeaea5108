import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnreadCount } from '../session/unread-count';
import { titleWithUnread, useUnreadCountOf } from './document-title';

describe('titleWithUnread', () => {
  it('puts the unread count in front of the title', () => {
    expect(titleWithUnread('Messenger', 3)).toBe('(3) Messenger');
    expect(titleWithUnread('Home', 120)).toBe('(120) Home');
  });

  it('shows the bare title when nothing is unread', () => {
    expect(titleWithUnread('Messenger', 0)).toBe('Messenger');
  });

  it('uses the given wording', () => {
    expect(titleWithUnread('Messenger', 2, (n, t) => `${t} [${n}]`)).toBe('Messenger [2]');
  });

  it('refuses counts that are not non-negative integers', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => titleWithUnread('Messenger', bad)).toThrow(RangeError);
    }
  });
});

describe('the shared unread count', () => {
  it('gives screens the count a lazily loaded part publishes', () => {
    const store = new UnreadCount();
    const { result } = renderHook(() => useUnreadCountOf(store));
    expect(result.current).toBe(0);
    act(() => {
      store.publish(4);
    });
    expect(result.current).toBe(4);
    act(() => {
      store.publish(0);
    });
    expect(result.current).toBe(0);
  });
});
