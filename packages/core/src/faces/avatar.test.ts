import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLOURS,
  AVATAR_TEXT_COLOUR,
  avatarColour,
  avatarInitials,
  contrastRatio,
} from './avatar';

describe('generated avatars', () => {
  it('puts white initials on colours of at least 4.5:1 contrast', () => {
    for (const colour of AVATAR_COLOURS) {
      expect(contrastRatio(AVATAR_TEXT_COLOUR, colour)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('derives one colour per id, the same every time, spread over the palette', () => {
    expect(avatarColour('100004')).toBe(avatarColour('100004'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColour(String(100000 + i))));
    expect(used.size).toBe(AVATAR_COLOURS.length);
  });

  it('takes the first and last initials, whatever the script', () => {
    expect(avatarInitials('Ann  Marie Lee')).toBe('AL');
    expect(avatarInitials('ümit')).toBe('Ü');
    expect(avatarInitials('  ')).toBe('');
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
