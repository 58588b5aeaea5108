import { describe, expect, it } from 'vitest';
import { facepile, participantListText, participantTooltipLines } from './participants';

const people = (n: number): string[] => Array.from({ length: n }, (_, i) => `P${i + 1}`);

describe('participantTooltipLines', () => {
  it('lists up to 10 names unchanged', () => {
    expect(participantTooltipLines([])).toEqual([]);
    expect(participantTooltipLines(people(10))).toEqual(people(10));
  });

  it("lists 10 names then 'and {num} more...' from 11 names on", () => {
    expect(participantTooltipLines(people(11))).toEqual([...people(10), 'and 1 more...']);
    expect(participantTooltipLines(people(25))).toEqual([...people(10), 'and 15 more...']);
  });
});

describe('participantListText', () => {
  it('joins up to 3 names', () => {
    expect(participantListText([])).toBe('');
    expect(participantListText(['Ann'])).toBe('Ann');
    expect(participantListText(['Ann', 'Bob'])).toBe('Ann and Bob');
    expect(participantListText(['Ann', 'Bob', 'Cat'])).toBe('Ann, Bob and Cat');
  });

  it("shows 3 names then '1 other' or 'N others'", () => {
    expect(participantListText(['Ann', 'Bob', 'Cat', 'Dan'])).toBe('Ann, Bob, Cat and 1 other');
    expect(participantListText(['Ann', 'Bob', 'Cat', 'Dan', 'Eve'])).toBe(
      'Ann, Bob, Cat and 2 others',
    );
    expect(participantListText(people(13))).toBe('P1, P2, P3 and 10 others');
  });
});

describe('facepile', () => {
  it('shows every face up to 4 people', () => {
    expect(facepile([])).toEqual({ faces: [], overflowCount: 0, overflowText: null });
    expect(facepile(people(4))).toEqual({
      faces: people(4),
      overflowCount: 0,
      overflowText: null,
    });
  });

  it('shows the first 3 faces and +(N-3) above 4 people', () => {
    expect(facepile(people(5))).toEqual({
      faces: ['P1', 'P2', 'P3'],
      overflowCount: 2,
      overflowText: '+2',
    });
    expect(facepile(people(12)).overflowText).toBe('+9');
  });
});

describe('the participant lists in another language', () => {
  // A stand-in catalogue: Arabic's comma and 'and', its '{num} others'.
  const arabic: Record<string, string> = {
    'threads.participants.listSeparator': '، ',
    'threads.participants.listLast': '{names} و{last}',
    'threads.participants.listOthers': '{names} و{num} آخرون',
    'threads.participants.tooltipMore': 'و{num} غيرهم…',
  };
  const format = (descriptor: { id: string }, values: Readonly<Record<string, string | number>>) =>
    (arabic[descriptor.id] ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

  it("joins the names with the language's own words", () => {
    expect(participantListText(['Ann', 'Bob', 'Cat'], format)).toBe('Ann، Bob وCat');
    expect(participantListText(people(6), format)).toBe('P1، P2، P3 و3 آخرون');
    expect(participantTooltipLines(people(12), format).at(-1)).toBe('و2 غيرهم…');
  });
});
