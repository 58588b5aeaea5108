import { describe, expect, it } from 'vitest';
import { isolateIn } from './isolate';

const FSI = '\u2068';
const PDI = '\u2069';

describe('isolating a person’s text in our wording', () => {
  it('leaves left-to-right text as it is in English, isolates right-to-left text', () => {
    expect(isolateIn({ locale: 'en-US' }, 'lunch?')).toBe('lunch?');
    expect(isolateIn({ locale: 'en' }, 'سارة')).toBe(`${FSI}سارة${PDI}`);
  });

  it('isolates any text in Arabic, where a Latin name would carry its punctuation across', () => {
    expect(isolateIn({ locale: 'ar' }, 'lunch?')).toBe(`${FSI}lunch?${PDI}`);
    expect(isolateIn({ locale: 'ar-EG' }, 'Ann')).toBe(`${FSI}Ann${PDI}`);
    expect(isolateIn({ locale: 'ar' }, '')).toBe('');
  });
});
