import { PARTICIPANTS } from '../constants';
import { formatDefaultMessage, type MessageDescriptor, type MessageValues } from '../i18n';
import { isolateBidi } from '../text/bidi';
import { threadMessages } from './messages';

/**
 * Formats a descriptor: English by default (the server, the tests); the web
 * passes react-intl's formatMessage so the lists follow the chosen language.
 */
export type FormatMessage = (descriptor: MessageDescriptor, values: MessageValues) => string;

const english: FormatMessage = formatDefaultMessage;

/**
 * Participant tooltip (seed 2): one line per name, at most
 * PARTICIPANTS.tooltipMaxNames of them, then 'and {num} more...' for the rest.
 */
export function participantTooltipLines(
  names: readonly string[],
  format: FormatMessage = english,
): string[] {
  const max = PARTICIPANTS.tooltipMaxNames;
  if (names.length <= max) return [...names];
  return [...names.slice(0, max), format(threadMessages.tooltipMore, { num: names.length - max })];
}

/**
 * Participant list text (seed 2): up to PARTICIPANTS.listTextMaxNames names,
 * then the rest as a count. 'Ann', 'Ann and Bob', 'Ann, Bob and Cat',
 * 'Ann, Bob, Cat and 1 other', 'Ann, Bob, Cat and 2 others'. The seed only
 * gives 'N others'; a single extra person reads '1 other'. No names gives ''.
 */
export function participantListText(
  allNames: readonly string[],
  format: FormatMessage = english,
): string {
  const max = PARTICIPANTS.listTextMaxNames;
  // A right-to-left name (or one with an override) must not reorder the names after it.
  const names = allNames.map(isolateBidi);
  const separator = format(threadMessages.listSeparator, {});
  if (names.length <= max) {
    const last = names.at(-1);
    if (last === undefined || names.length === 1) return last ?? '';
    return format(threadMessages.listLast, {
      names: names.slice(0, -1).join(separator),
      last,
    });
  }
  const shown = names.slice(0, max).join(separator);
  const rest = names.length - max;
  return rest === 1
    ? format(threadMessages.listOneOther, { names: shown })
    : format(threadMessages.listOthers, { names: shown, num: rest });
}

export interface Facepile<T> {
  /** People whose faces are drawn, in the given order. */
  faces: T[];
  /** People not drawn; 0 when everyone has a face. */
  overflowCount: number;
  /** '+{overflowCount}', or null when nobody overflows. */
  overflowText: string | null;
}

/**
 * Facepile (seed 9): up to PARTICIPANTS.facepileMaxFaces people all show a
 * face; above that the first (max - 1) faces are drawn and the last slot reads
 * '+{N-3}', so the pile never takes more than max slots.
 */
export function facepile<T>(people: readonly T[]): Facepile<T> {
  const max = PARTICIPANTS.facepileMaxFaces;
  if (people.length <= max) {
    return { faces: [...people], overflowCount: 0, overflowText: null };
  }
  const faces = people.slice(0, max - 1);
  const overflowCount = people.length - faces.length;
  return {
    faces,
    overflowCount,
    overflowText: formatDefaultMessage(threadMessages.facepileOverflow, { num: overflowCount }),
  };
}
