import { BADGE } from '../constants';
import { CoreError } from '../errors';
import { formatDefaultMessage } from '../i18n';
import { threadMessages } from './messages';

/**
 * Badge text (seed 5, 9): null (hidden) at 0, the count up to the cap, and
 * '{cap}+' above it ('21' with cap 20 reads '20+'): the plus says there are
 * more than shown, as the sidebar does (10 unread reads '9+').
 */
export function badgeText(count: number, cap: number = BADGE.searchCapDefault): string | null {
  if (!Number.isInteger(count)) {
    throw new CoreError('badge_count_not_integer', 'The badge count must be an integer.');
  }
  if (count < 0) {
    throw new CoreError('badge_count_negative', 'The badge count cannot be negative.');
  }
  if (!Number.isInteger(cap) || cap < 1) {
    throw new CoreError('invalid_badge_cap', 'The badge cap must be a positive integer.');
  }
  if (count === 0) return null;
  return count > cap ? formatDefaultMessage(threadMessages.badgeOverCap, { cap }) : String(count);
}

/** Chat sidebar unread badge, e.g. of an administered page (cap BADGE.sidebarMax). */
export function sidebarBadgeText(count: number): string | null {
  return badgeText(count, BADGE.sidebarMax);
}
