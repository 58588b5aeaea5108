/**
 * Calendar arithmetic in the viewer's time zone. Pure: the instant, the
 * viewer's "now" and the IANA zone are passed in; Intl only reads its tables.
 */

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/** Day-keyed formatters are costly to build and a history asks thousands of times. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar day an instant falls on in a zone, as a count of days since
 * 1970-01-01: consecutive days differ by exactly one, whatever the DST shifts.
 */
export function calendarDay(ms: number, timeZone: string): number {
  const parts = dayFormatter(timeZone).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / MS_PER_DAY);
}

/** What a day separator says above a day's first message. */
export type DaySeparator =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  /** Within the last week: the weekday's name ("Tuesday"). */
  | { kind: 'weekday' }
  /** Older: the date, with the year only when it is not this year. */
  | { kind: 'date'; withYear: boolean };

/** Days back within which a weekday name is unambiguous (a week ago is "last Tuesday"). */
const WEEKDAY_DAYS = 6;

export function daySeparator(ms: number, nowMs: number, timeZone: string): DaySeparator {
  const daysAgo = calendarDay(nowMs, timeZone) - calendarDay(ms, timeZone);
  if (daysAgo <= 0) return { kind: 'today' };
  if (daysAgo === 1) return { kind: 'yesterday' };
  if (daysAgo <= WEEKDAY_DAYS) return { kind: 'weekday' };
  return { kind: 'date', withYear: !sameYear(ms, nowMs, timeZone) };
}

function sameYear(a: number, b: number, timeZone: string): boolean {
  const year = (ms: number): string =>
    dayFormatter(timeZone)
      .formatToParts(ms)
      .find((p) => p.type === 'year')?.value ?? '';
  return year(a) === year(b);
}

/**
 * A thread list's short age of its last activity: "now", "5m", "3h" (today),
 * "Tue" (this week), "12 Mar" (this year), "12 Mar 2024".
 */
export type RelativeAge =
  | { kind: 'now' }
  | { kind: 'minutes'; value: number }
  | { kind: 'hours'; value: number }
  | { kind: 'weekday' }
  | { kind: 'date'; withYear: boolean };

export function relativeAge(ms: number, nowMs: number, timeZone: string): RelativeAge {
  const elapsed = Math.max(0, nowMs - ms);
  if (elapsed < MS_PER_MINUTE) return { kind: 'now' };
  if (elapsed < MS_PER_HOUR) return { kind: 'minutes', value: Math.floor(elapsed / MS_PER_MINUTE) };
  const separator = daySeparator(ms, nowMs, timeZone);
  // Hours only while it is the same day: yesterday evening reads better as its weekday.
  if (separator.kind === 'today')
    return { kind: 'hours', value: Math.floor(elapsed / MS_PER_HOUR) };
  if (separator.kind === 'yesterday' || separator.kind === 'weekday') return { kind: 'weekday' };
  return separator;
}

/**
 * How long until a relative age can read differently: a list refreshes its
 * ages on this beat, not on a fixed fast timer.
 */
export function relativeAgeRefreshMs(ms: number, nowMs: number): number {
  const elapsed = Math.max(0, nowMs - ms);
  if (elapsed < MS_PER_HOUR) return MS_PER_MINUTE - (elapsed % MS_PER_MINUTE);
  return MS_PER_HOUR - (elapsed % MS_PER_HOUR);
}
