import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import { badgeText, sidebarBadgeText } from './badge';

describe('badgeText', () => {
  it('is hidden at 0 and shows 1', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
  });

  it("caps at 20 by default: 20 shows '20', 21 shows '20+'", () => {
    expect(badgeText(20)).toBe('20');
    expect(badgeText(21)).toBe('20+');
    expect(badgeText(500)).toBe('20+');
  });

  it('takes another cap', () => {
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(100, 99)).toBe('99+');
  });

  it('requires an integer, non-negative count and a positive integer cap', () => {
    expect(() => badgeText(1.5)).toThrow(
      expect.objectContaining({ code: 'badge_count_not_integer' }),
    );
    expect(() => badgeText(Number.NaN)).toThrow(CoreError);
    expect(() => badgeText(Number.POSITIVE_INFINITY)).toThrow(CoreError);
    expect(() => badgeText(-1)).toThrow(expect.objectContaining({ code: 'badge_count_negative' }));
    expect(() => badgeText(1, 0)).toThrow(expect.objectContaining({ code: 'invalid_badge_cap' }));
    expect(() => badgeText(1, 2.5)).toThrow(CoreError);
  });
});

describe('sidebarBadgeText', () => {
  it("shows up to 9 and '9+' from 10", () => {
    expect(sidebarBadgeText(0)).toBeNull();
    expect(sidebarBadgeText(9)).toBe('9');
    expect(sidebarBadgeText(10)).toBe('9+');
  });
});
