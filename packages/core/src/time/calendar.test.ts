import { describe, expect, it } from 'vitest';
import { calendarDay, daySeparator, relativeAge, relativeAgeRefreshMs } from './calendar';

const at = (iso: string): number => Date.parse(iso);
const NY = 'America/New_York';
const TOKYO = 'Asia/Tokyo';

describe('calendarDay', () => {
  it('counts days in the given zone, not in UTC', () => {
    // 03:00 UTC is still the previous evening in New York, and the morning in Tokyo.
    const instant = at('2026-03-10T03:00:00Z');
    expect(calendarDay(instant, TOKYO) - calendarDay(instant, NY)).toBe(1);
  });

  it('moves by one across a daylight-saving change', () => {
    expect(
      calendarDay(at('2026-03-09T12:00:00Z'), NY) - calendarDay(at('2026-03-08T12:00:00Z'), NY),
    ).toBe(1);
  });
});

describe('daySeparator', () => {
  const now = at('2026-03-12T15:00:00Z'); // a Thursday
  it('says today, yesterday, a weekday within the week, else the date', () => {
    expect(daySeparator(at('2026-03-12T01:00:00Z'), now, 'UTC')).toEqual({ kind: 'today' });
    expect(daySeparator(at('2026-03-11T23:59:00Z'), now, 'UTC')).toEqual({ kind: 'yesterday' });
    expect(daySeparator(at('2026-03-06T10:00:00Z'), now, 'UTC')).toEqual({ kind: 'weekday' });
    expect(daySeparator(at('2026-03-05T10:00:00Z'), now, 'UTC')).toEqual({
      kind: 'date',
      withYear: false,
    });
    expect(daySeparator(at('2025-12-31T10:00:00Z'), now, 'UTC')).toEqual({
      kind: 'date',
      withYear: true,
    });
  });

  it("follows the viewer's zone: a UTC yesterday can be a Tokyo today", () => {
    const tokyoNow = at('2026-03-12T00:30:00Z'); // 09:30 in Tokyo
    expect(daySeparator(at('2026-03-11T16:00:00Z'), tokyoNow, TOKYO)).toEqual({ kind: 'today' });
    expect(daySeparator(at('2026-03-11T16:00:00Z'), tokyoNow, 'UTC')).toEqual({
      kind: 'yesterday',
    });
  });
});

describe('relativeAge', () => {
  const now = at('2026-03-12T15:00:00Z');
  it('gives now, minutes, hours today, a weekday this week, then dates', () => {
    expect(relativeAge(now - 30_000, now, 'UTC')).toEqual({ kind: 'now' });
    expect(relativeAge(now - 5 * 60_000, now, 'UTC')).toEqual({ kind: 'minutes', value: 5 });
    expect(relativeAge(now - 3 * 3_600_000 - 1, now, 'UTC')).toEqual({ kind: 'hours', value: 3 });
    expect(relativeAge(at('2026-03-11T22:00:00Z'), now, 'UTC')).toEqual({ kind: 'weekday' });
    expect(relativeAge(at('2026-03-10T09:00:00Z'), now, 'UTC')).toEqual({ kind: 'weekday' });
    expect(relativeAge(at('2026-02-01T09:00:00Z'), now, 'UTC')).toEqual({
      kind: 'date',
      withYear: false,
    });
    expect(relativeAge(at('2024-02-01T09:00:00Z'), now, 'UTC')).toEqual({
      kind: 'date',
      withYear: true,
    });
  });

  it('treats a time slightly ahead of the clock as now', () => {
    expect(relativeAge(now + 2_000, now, 'UTC')).toEqual({ kind: 'now' });
  });
});

describe('relativeAgeRefreshMs', () => {
  it('waits for the next minute within the hour, then for the next hour', () => {
    expect(relativeAgeRefreshMs(0, 65_000)).toBe(55_000);
    expect(relativeAgeRefreshMs(0, 3_600_000 + 10_000)).toBe(3_590_000);
  });
});
