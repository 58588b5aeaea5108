import { describe, expect, it } from 'vitest';
import type { BeeperEvent, BeeperState } from './beeper-types';
import { BEEPER } from '../constants';
import { CoreError } from '../errors';
import { BEEP_STATUSES } from './beeper-types';
import { createBeeperReducer, createBeeperState, reduceBeeper } from './beeper-reducer';

type S = BeeperState<string>;
type E = BeeperEvent<string>;

const beep = (id: string, at = 0, sound = false): E => ({
  type: 'beep',
  id,
  payload: `message ${id}`,
  at,
  sound,
});

function apply(state: S, events: readonly E[], reduce = reduceBeeper) {
  let current = state;
  const commands = [];
  for (const event of events) {
    const result = reduce(current, event);
    current = result.state;
    commands.push(...result.commands);
  }
  return { state: current, commands };
}

const statuses = (state: S) => Object.fromEntries(state.beeps.map((b) => [b.id, b.status]));

describe('beeper states and delays', () => {
  it('has the four seed states and the seed delays', () => {
    expect(BEEP_STATUSES).toEqual(['PENDING', 'RENDERED', 'READY_TO_HIDE', 'FADING_OUT']);
    expect(BEEPER).toMatchObject({
      idleDelayMs: 10_000,
      activeLongDelayMs: 4_000,
      fadeOutMs: 1_500,
    });
  });

  it('refuses a beeper that can show nothing', () => {
    expect(() => createBeeperReducer({ maxVisible: 0 })).toThrow(CoreError);
    expect(() => createBeeperReducer({ maxVisible: 1 })).not.toThrow();
  });
});

describe('one beep', () => {
  it('is shown at once with the active delay when the user is active', () => {
    const { state, commands } = reduceBeeper(createBeeperState<string>(), beep('a'));
    expect(state.beeps).toEqual([
      { id: 'a', payload: 'message a', status: 'RENDERED', hideDelayMs: 4_000 },
    ]);
    expect(commands).toEqual([{ type: 'start_hide_timer', id: 'a', delayMs: 4_000 }]);
  });

  it('gets the idle delay when the user is idle, from the next beep on', () => {
    const idle = createBeeperState<string>({ userActive: false });
    expect(reduceBeeper(idle, beep('a')).commands).toEqual([
      { type: 'start_hide_timer', id: 'a', delayMs: 10_000 },
    ]);
    const { commands } = apply(createBeeperState(), [beep('a'), { type: 'user_idle' }, beep('b')]);
    expect(commands).toEqual([
      { type: 'start_hide_timer', id: 'a', delayMs: 4_000 },
      { type: 'start_hide_timer', id: 'b', delayMs: 10_000 },
    ]);
    const active = apply(createBeeperState({ userActive: false }), [
      { type: 'user_active' },
      beep('c'),
    ]);
    expect(active.commands).toEqual([{ type: 'start_hide_timer', id: 'c', delayMs: 4_000 }]);
  });

  it('fades when its hide timer fires, then is removed when the fade ends', () => {
    const shown = reduceBeeper(createBeeperState<string>(), beep('a')).state;
    const fading = reduceBeeper(shown, { type: 'hide_timer_elapsed', id: 'a' });
    expect(statuses(fading.state)).toEqual({ a: 'FADING_OUT' });
    expect(fading.commands).toEqual([{ type: 'start_fade_timer', id: 'a', delayMs: 1_500 }]);
    const gone = reduceBeeper(fading.state, { type: 'fade_timer_elapsed', id: 'a' });
    expect(gone.state.beeps).toEqual([]);
    expect(gone.commands).toEqual([]);
  });

  it('ignores duplicate or empty ids and stale timers', () => {
    const shown = reduceBeeper(createBeeperState<string>(), beep('a')).state;
    for (const event of [
      beep('a'),
      beep(''),
      { type: 'fade_timer_elapsed', id: 'a' },
      { type: 'hide_timer_elapsed', id: 'zz' },
      { type: 'dismiss', id: 'zz' },
      { type: 'mouse_leave' },
      { type: 'user_active' },
    ] satisfies E[]) {
      expect(reduceBeeper(shown, event)).toEqual({ state: shown, commands: [] });
    }
    const fading = reduceBeeper(shown, { type: 'hide_timer_elapsed', id: 'a' }).state;
    expect(reduceBeeper(fading, { type: 'hide_timer_elapsed', id: 'a' }).state).toBe(fading);
  });
});

describe('timeline with a clock', () => {
  it('hides at exactly 4000 ms and removes at exactly 5500 ms', () => {
    // A tiny timer runner standing in for the caller.
    let now = 0;
    let state = createBeeperState<string>();
    const timers = new Map<string, { dueAt: number; event: E }>();
    const dispatch = (event: E) => {
      const result = reduceBeeper(state, event);
      state = result.state;
      for (const c of result.commands) {
        if (c.type === 'start_hide_timer')
          timers.set(`hide:${c.id}`, {
            dueAt: now + c.delayMs,
            event: { type: 'hide_timer_elapsed', id: c.id },
          });
        if (c.type === 'start_fade_timer')
          timers.set(`fade:${c.id}`, {
            dueAt: now + c.delayMs,
            event: { type: 'fade_timer_elapsed', id: c.id },
          });
      }
    };
    const advanceTo = (t: number) => {
      now = t;
      for (const [key, timer] of [...timers]) {
        if (timer.dueAt <= now) {
          timers.delete(key);
          dispatch(timer.event);
        }
      }
    };
    dispatch(beep('a'));
    advanceTo(3_999);
    expect(statuses(state)).toEqual({ a: 'RENDERED' });
    advanceTo(4_000);
    expect(statuses(state)).toEqual({ a: 'FADING_OUT' });
    advanceTo(5_499);
    expect(statuses(state)).toEqual({ a: 'FADING_OUT' });
    advanceTo(5_500);
    expect(state.beeps).toEqual([]);
  });
});

describe('the queue', () => {
  it('shows three beeps and queues the fourth until a place frees', () => {
    const { state, commands } = apply(createBeeperState(), [
      beep('a'),
      beep('b'),
      beep('c'),
      beep('d'),
    ]);
    expect(statuses(state)).toEqual({ a: 'RENDERED', b: 'RENDERED', c: 'RENDERED', d: 'PENDING' });
    expect(commands.map((c) => c.type === 'start_hide_timer' && c.id)).toEqual(['a', 'b', 'c']);

    // A fading beep still holds its place.
    const fading = reduceBeeper(state, { type: 'hide_timer_elapsed', id: 'a' });
    expect(statuses(fading.state).d).toBe('PENDING');

    const freed = reduceBeeper(fading.state, { type: 'fade_timer_elapsed', id: 'a' });
    expect(statuses(freed.state)).toEqual({ b: 'RENDERED', c: 'RENDERED', d: 'RENDERED' });
    expect(freed.commands).toEqual([{ type: 'start_hide_timer', id: 'd', delayMs: 4_000 }]);
  });

  it('takes a configured number of places', () => {
    const reduce = createBeeperReducer({ maxVisible: 1 });
    const { state } = apply(createBeeperState(), [beep('a'), beep('b')], reduce);
    expect(statuses(state)).toEqual({ a: 'RENDERED', b: 'PENDING' });
  });

  it('dismisses a beep, cancelling its timer and showing the next queued one', () => {
    const full = apply(createBeeperState(), [
      beep('a'),
      beep('b'),
      beep('c'),
      beep('d'),
      beep('e'),
    ]);
    const shownGone = reduceBeeper(full.state, { type: 'dismiss', id: 'b' });
    expect(shownGone.commands).toEqual([
      { type: 'cancel_hide_timer', id: 'b' },
      { type: 'start_hide_timer', id: 'd', delayMs: 4_000 },
    ]);
    expect(statuses(shownGone.state)).toEqual({
      a: 'RENDERED',
      c: 'RENDERED',
      d: 'RENDERED',
      e: 'PENDING',
    });

    const queuedGone = reduceBeeper(shownGone.state, { type: 'dismiss', id: 'e' });
    expect(queuedGone.commands).toEqual([]);
    expect(statuses(queuedGone.state).e).toBeUndefined();

    const fading = reduceBeeper(queuedGone.state, { type: 'hide_timer_elapsed', id: 'a' }).state;
    expect(reduceBeeper(fading, { type: 'dismiss', id: 'a' }).commands).toEqual([
      { type: 'cancel_fade_timer', id: 'a' },
    ]);
  });
});

describe('hover pauses hiding', () => {
  const shown = apply(createBeeperState<string>(), [beep('a'), beep('b')]).state;

  it('keeps a beep whose time is up while hovered, and fades it when the pointer leaves', () => {
    const hovered = apply(shown, [
      { type: 'mouse_enter' },
      { type: 'hide_timer_elapsed', id: 'a' },
    ]);
    expect(statuses(hovered.state)).toEqual({ a: 'READY_TO_HIDE', b: 'RENDERED' });
    expect(hovered.commands).toEqual([]);
    expect(reduceBeeper(hovered.state, { type: 'mouse_enter' }).state).toBe(hovered.state);

    const left = reduceBeeper(hovered.state, { type: 'mouse_leave' });
    expect(statuses(left.state)).toEqual({ a: 'FADING_OUT', b: 'RENDERED' });
    expect(left.commands).toEqual([{ type: 'start_fade_timer', id: 'a', delayMs: 1_500 }]);
    expect(left.state.hovered).toBe(false);
  });

  it('rescues a fading beep the pointer reaches', () => {
    const fading = reduceBeeper(shown, { type: 'hide_timer_elapsed', id: 'a' }).state;
    const rescued = reduceBeeper(fading, { type: 'mouse_enter' });
    expect(statuses(rescued.state)).toEqual({ a: 'READY_TO_HIDE', b: 'RENDERED' });
    expect(rescued.commands).toEqual([{ type: 'cancel_fade_timer', id: 'a' }]);
    expect(reduceBeeper(rescued.state, { type: 'dismiss', id: 'a' }).commands).toEqual([]);
  });
});

describe('beep sounds', () => {
  it('plays at most once per 5000 ms', () => {
    const first = reduceBeeper(createBeeperState<string>(), beep('a', 10_000, true));
    expect(first.commands).toContainEqual({ type: 'play_sound' });
    const tooSoon = reduceBeeper(first.state, beep('b', 14_999, true));
    expect(tooSoon.commands).not.toContainEqual({ type: 'play_sound' });
    const onTime = reduceBeeper(tooSoon.state, beep('c', 15_000, true));
    expect(onTime.commands).toContainEqual({ type: 'play_sound' });
    expect(onTime.state.sound).toEqual({ lastPlayedAt: 15_000 });
  });

  it('does not count a silent beep', () => {
    const silent = reduceBeeper(createBeeperState<string>(), beep('a', 10_000));
    expect(silent.state.sound).toEqual({ lastPlayedAt: null });
    expect(reduceBeeper(silent.state, beep('b', 11_000, true)).commands).toContainEqual({
      type: 'play_sound',
    });
  });
});
