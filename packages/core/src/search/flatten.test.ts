import { describe, expect, it } from 'vitest';
import {
  compareByFlattenedName,
  flattenName,
  normalizeForMatch,
  sortByFlattenedName,
  wordsOf,
} from './flatten';

describe('flattenName', () => {
  it('folds diacritics and lower-cases', () => {
    expect(flattenName('Ångström')).toBe('angstrom');
    expect(flattenName('Émond')).toBe('emond');
    expect(flattenName('Çelik')).toBe('celik');
    expect(flattenName('Nguyễn Thị')).toBe('nguyen thi');
    expect(flattenName('İpek')).toBe('ipek');
  });

  it('maps letters that do not decompose', () => {
    expect(flattenName('Straße')).toBe('strasse');
    expect(flattenName('ẞ')).toBe('ss');
    expect(flattenName('Søren Ørsted')).toBe('soren orsted');
    expect(flattenName('Æsir Cæsar')).toBe('aesir caesar');
    expect(flattenName('Œuvre')).toBe('oeuvre');
    expect(flattenName('Łódź')).toBe('lodz');
    expect(flattenName('Đorđe')).toBe('dorde');
    expect(flattenName('Guðrún Þór')).toBe('gudrun thor');
    expect(flattenName('Ħal')).toBe('hal');
    expect(flattenName('Işık')).toBe('isik');
  });

  it('leaves plain text and non-Latin scripts alone apart from case', () => {
    expect(flattenName('abc 123')).toBe('abc 123');
    expect(flattenName('Борис')).toBe('борис');
    expect(flattenName('')).toBe('');
  });
});

describe('wordsOf / normalizeForMatch', () => {
  it('splits on anything that is not a letter or digit', () => {
    expect(wordsOf("o'brien-smith  jr.")).toEqual(['o', 'brien', 'smith', 'jr']);
    expect(wordsOf('  ')).toEqual([]);
  });

  it('trims and collapses whitespace', () => {
    expect(normalizeForMatch('  Ann \t LEE ')).toBe('ann lee');
  });
});

describe('compareByFlattenedName', () => {
  it('orders by the flattened name, ignoring case and accents', () => {
    expect(compareByFlattenedName('Émond', 'Eve')).toBeLessThan(0);
    expect(compareByFlattenedName('eve', 'Émond')).toBeGreaterThan(0);
    expect(compareByFlattenedName('Ångström', 'angstrom')).toBe(0);
    expect(compareByFlattenedName('b', 'A')).toBeGreaterThan(0);
  });

  it('puts unknown names last', () => {
    expect(compareByFlattenedName(null, 'a')).toBeGreaterThan(0);
    expect(compareByFlattenedName('zzz', undefined)).toBeLessThan(0);
    expect(compareByFlattenedName('', 'a')).toBeGreaterThan(0);
    expect(compareByFlattenedName('a', '  ')).toBeLessThan(0);
    expect(compareByFlattenedName(null, '')).toBe(0);
  });

  it('sorts a list stably with unknown names at the end', () => {
    const people = [
      { id: 1, name: null },
      { id: 2, name: 'Zoë' },
      { id: 3, name: 'émile' },
      { id: 4, name: 'Emile' },
      { id: 5, name: '' },
      { id: 6, name: 'Ann' },
    ];
    expect(sortByFlattenedName(people, (p) => p.name).map((p) => p.id)).toEqual([6, 3, 4, 2, 1, 5]);
    expect(people[0]?.id).toBe(1);
  });
});
