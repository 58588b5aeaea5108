import { callStatusMessages, callPickerMessages } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, descriptorGroups, englishMessages } from './catalogue';

describe('the English catalogue', () => {
  it("carries core's descriptors with the seed's wording", () => {
    expect(englishMessages[callStatusMessages.inCall.id]).toBe('In Call');
    expect(englishMessages[callPickerMessages.ringingBlockedPeople.id]).toBe(
      "You are about to ring people you've blocked.",
    );
  });

  it('has every descriptor of every group, each id once', () => {
    const all = descriptorGroups.flatMap((group) => Object.values(group));
    expect(Object.keys(englishMessages)).toHaveLength(new Set(all.map((d) => d.id)).size);
    for (const descriptor of all)
      expect(englishMessages[descriptor.id]).toBe(descriptor.defaultMessage);
  });

  it('refuses one id with two texts', () => {
    expect(() =>
      buildCatalogue([
        { a: { id: 'x', defaultMessage: 'one' } },
        { b: { id: 'x', defaultMessage: 'two' } },
      ]),
    ).toThrow(/x/);
  });
});
