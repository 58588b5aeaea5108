import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import arabic from './lang/ar.json';
import english from './lang/en.json';
import french from './lang/fr.json';

/*
 * The translations against the extracted English (lang/en.json): every id,
 * nothing else, valid ICU, the same placeholders, and the plural categories
 * the language has. A new message in the code fails here until both
 * catalogues have it.
 */

interface Argument {
  name: string;
  /** The plural categories used, for plural arguments. */
  plural?: Set<string>;
}

function argumentsOf(
  elements: readonly MessageFormatElement[],
  found = new Map<string, Argument>(),
) {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        if (!found.has(element.value)) found.set(element.value, { name: element.value });
        break;
      case TYPE.plural: {
        const categories = new Set(
          Object.keys(element.options).filter((key) => !key.startsWith('=')),
        );
        found.set(element.value, { name: element.value, plural: categories });
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      }
      case TYPE.select:
        found.set(element.value, { name: element.value });
        for (const option of Object.values(element.options)) argumentsOf(option.value, found);
        break;
      case TYPE.tag:
        argumentsOf(element.children, found);
        break;
      default:
        break;
    }
  }
  return found;
}

const catalogues = { fr: french, ar: arabic } as const satisfies Record<
  string,
  Record<string, string>
>;

describe.each(Object.entries(catalogues))('the %s catalogue', (locale, catalogue) => {
  const translated: Readonly<Record<string, string>> = catalogue;
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);

  it('has exactly the extracted ids', () => {
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.entries(english))('%s: valid ICU with the same placeholders', (id, source) => {
    const text = translated[id];
    expect(text, id).toBeTypeOf('string');
    expect(text?.trim(), id).not.toBe('');
    const ours = argumentsOf(parse(source));
    const theirs = argumentsOf(parse(text ?? ''));
    expect([...theirs.keys()].sort(), id).toEqual([...ours.keys()].sort());
    for (const [name, argument] of theirs) {
      if (argument.plural === undefined) continue;
      // Every category the language has, and none it does not (Arabic: zero…many, other).
      expect([...argument.plural].sort(), `${id} {${name}}`).toEqual([...categories].sort());
    }
  });
});
