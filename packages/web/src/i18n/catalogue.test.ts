import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  callPickerMessages,
  callStatusMessages,
  callSummaryMessages,
  conversationSettingsMessages,
  emoticonLabels,
  staffEnvironmentMessages,
  threadMessages,
  typeaheadMessages,
  type MessageDescriptor,
} from '@messenger/core';
import { afterAll, describe, expect, it } from 'vitest';
import { extractMessages } from '../../scripts/extract-messages';
import { analyticsMessages } from '../features/analytics/messages';
import { appearanceMessages } from '../features/appearance/messages';
import { conversationMessages } from '../features/conversation/messages';
import { mentionMessages } from '../features/mentions/messages';
import { searchTypeaheadMessages, sectionHeadings } from '../features/search-typeahead/messages';
import { timeMessages } from '../features/time/messages';
import { appMessages } from './app-messages';
import { englishMessages } from './catalogue';

const scratch = mkdtempSync(join(tmpdir(), 'messenger-i18n-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the English catalogue (lang/en.json)', () => {
  it("carries core's descriptors with the seed's wording", () => {
    expect(englishMessages[callStatusMessages.inCall.id]).toBe('In Call');
    expect(englishMessages[callPickerMessages.ringingBlockedPeople.id]).toBe(
      "You are about to ring people you've blocked.",
    );
  });

  it('is what the formatjs extractor finds in the code now (run `npm run -w @messenger/web i18n:extract`)', () => {
    const extracted = extractMessages(join(scratch, 'en.json'));
    expect(englishMessages).toEqual(extracted);
  }, 60_000);

  it("has every descriptor of core's groups and the web's, each with its exact wording", () => {
    const groups: readonly Readonly<Record<string, MessageDescriptor>>[] = [
      threadMessages,
      typeaheadMessages,
      callStatusMessages,
      callPickerMessages,
      callSummaryMessages,
      staffEnvironmentMessages,
      emoticonLabels,
      conversationSettingsMessages,
      appMessages,
      appearanceMessages,
      analyticsMessages,
      conversationMessages,
      mentionMessages,
      searchTypeaheadMessages,
      sectionHeadings,
      timeMessages,
    ];
    for (const descriptor of groups.flatMap((group) => Object.values(group)))
      expect(englishMessages[descriptor.id]).toBe(descriptor.defaultMessage);
  });

  it('refuses one id with two texts', () => {
    const source = join(scratch, 'src-dup');
    writeFileSync(
      `${source}.ts`,
      `export const a = defineMessages({ a: { id: 'x', defaultMessage: 'one' } });
export const b = defineMessages({ b: { id: 'x', defaultMessage: 'two' } });
`,
    );
    expect(() => extractMessages(join(scratch, 'dup.json'), [`${source}.ts`])).toThrow();
  }, 60_000);
});
