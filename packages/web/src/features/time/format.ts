import { daySeparator, relativeAge } from '@messenger/core';
import type { IntlShape } from 'react-intl';
import { timeMessages } from './messages';

/** "Today", "Yesterday", "Tuesday", "12 March" or "12 March 2025", in the viewer's zone. */
export function formatDaySeparator(
  intl: IntlShape,
  ms: number,
  nowMs: number,
  timeZone: string,
): string {
  const separator = daySeparator(ms, nowMs, timeZone);
  switch (separator.kind) {
    case 'today':
      return intl.formatMessage(timeMessages.today);
    case 'yesterday':
      return intl.formatMessage(timeMessages.yesterday);
    case 'weekday':
      return intl.formatDate(ms, { weekday: 'long', timeZone });
    case 'date':
      return intl.formatDate(ms, {
        day: 'numeric',
        month: 'long',
        ...(separator.withYear ? { year: 'numeric' } : {}),
        timeZone,
      });
  }
}

/** "now", "5m", "3h", "Tue", "12 Mar", "12 Mar 2024": a thread row's age of its last activity. */
export function formatRelativeAge(
  intl: IntlShape,
  ms: number,
  nowMs: number,
  timeZone: string,
): string {
  const age = relativeAge(ms, nowMs, timeZone);
  switch (age.kind) {
    case 'now':
      return intl.formatMessage(timeMessages.now);
    case 'minutes':
      return intl.formatNumber(age.value, { style: 'unit', unit: 'minute', unitDisplay: 'narrow' });
    case 'hours':
      return intl.formatNumber(age.value, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' });
    case 'weekday':
      return intl.formatDate(ms, { weekday: 'short', timeZone });
    case 'date':
      return intl.formatDate(ms, {
        day: 'numeric',
        month: 'short',
        ...(age.withYear ? { year: 'numeric' } : {}),
        timeZone,
      });
  }
}

/** A message's clock time ("14:05" / "2:05 PM"), in the viewer's locale and zone. */
export function formatMessageTime(intl: IntlShape, ms: number, timeZone: string): string {
  return intl.formatTime(ms, { hour: 'numeric', minute: '2-digit', timeZone });
}

/** The full date and time for a time's tooltip and its accessible name. */
export function formatFullTime(intl: IntlShape, ms: number, timeZone: string): string {
  return intl.formatDate(ms, { dateStyle: 'full', timeStyle: 'short', timeZone });
}
