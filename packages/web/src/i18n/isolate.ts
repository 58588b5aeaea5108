import { FIRST_STRONG_ISOLATE, isolateBidi, POP_DIRECTIONAL_ISOLATE } from '@messenger/core';
import type { IntlShape } from 'react-intl';
import { directionOf, matchLanguage } from './locale';

/**
 * A person's text (a name, a message) joined into our wording, isolated
 * wherever it could reorder the words around it. In a right-to-left language
 * that is any text: a left-to-right name or message carries its punctuation
 * to the wrong side ('أنت: lunch?' read as '?lunch :أنت'). In a left-to-right
 * one, only text with right-to-left letters or bidi controls needs it (core's
 * isolateBidi), so English wording stays exactly the seed's.
 */
export function isolateIn(intl: Pick<IntlShape, 'locale'>, text: string): string {
  const language = matchLanguage(intl.locale);
  if (language !== null && directionOf(language) === 'rtl' && text !== '')
    return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
  return isolateBidi(text);
}
