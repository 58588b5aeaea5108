import { defineMessages } from '../i18n';

/** User-visible wording of thread widgets (seed 2, 5 and 9). */
export const threadMessages = defineMessages({
  /** After the first PARTICIPANTS.tooltipMaxNames names of the participant tooltip. */
  tooltipMore: {
    id: 'threads.participants.tooltipMore',
    defaultMessage: 'and {num} more...',
  },
  /** Two names, or all shown names but the last followed by the last: 'Ann, Bob and Cat'. */
  listLast: {
    id: 'threads.participants.listLast',
    defaultMessage: '{names} and {last}',
  },
  /** Between the listed names: 'Ann, Bob' (a translation uses its own comma, e.g. Arabic's '، '). */
  listSeparator: {
    id: 'threads.participants.listSeparator',
    defaultMessage: ', ',
  },
  /** Exactly one person beyond the shown names. */
  listOneOther: {
    id: 'threads.participants.listOneOther',
    defaultMessage: '{names} and 1 other',
  },
  /** Two or more people beyond the shown names (seed: 'N others'). */
  listOthers: {
    id: 'threads.participants.listOthers',
    defaultMessage: '{names} and {num} others',
  },
  /** Facepile overflow above PARTICIPANTS.facepileMaxFaces people: N-3. */
  facepileOverflow: {
    id: 'threads.facepile.overflow',
    defaultMessage: '+{num}',
  },
  /** A badge whose count exceeds its cap. */
  badgeOverCap: {
    id: 'threads.badge.overCap',
    defaultMessage: '{cap}+',
  },
});
