import { describe, expect, it } from 'vitest';
import { IDLE, reduceTransition, type TransitionEvent, type TransitionState } from './transition';

function run(state: TransitionState, ...events: TransitionEvent[]) {
  let current = state;
  const commands = [];
  for (const event of events) {
    const result = reduceTransition(current, event);
    current = result.state;
    commands.push(...result.commands);
  }
  return { state: current, commands };
}

describe('page transitions', () => {
  it('goes in flight at once when nothing blocks, and completes on arrival', () => {
    const going = run(IDLE, { type: 'navigate', to: '/', blocked: false });
    expect(going.state).toEqual({ status: 'in-flight', to: '/' });
    expect(going.commands).toEqual([{ type: 'answer', to: '/', allowed: true }]);
    const arrived = run(going.state, { type: 'arrived', to: '/' });
    expect(arrived).toEqual({ state: { status: 'complete', to: '/' }, commands: [] });
  });

  it('asks first when a hook blocks, and leaving lets the navigation go', () => {
    const asking = run(IDLE, { type: 'navigate', to: '/messages', blocked: true });
    expect(asking.state).toEqual({ status: 'confirming', to: '/messages' });
    expect(asking.commands).toEqual([{ type: 'show_dialog' }]);
    const left = run(asking.state, { type: 'leave' }, { type: 'arrived', to: '/messages' });
    expect(left.state).toEqual({ status: 'complete', to: '/messages' });
    expect(left.commands).toEqual([
      { type: 'hide_dialog' },
      { type: 'answer', to: '/messages', allowed: true },
    ]);
  });

  it('stays: back to idle, the navigation refused', () => {
    const stayed = run(IDLE, { type: 'navigate', to: '/', blocked: true }, { type: 'stay' });
    expect(stayed.state).toEqual(IDLE);
    expect(stayed.commands).toEqual([
      { type: 'show_dialog' },
      { type: 'hide_dialog' },
      { type: 'answer', to: '/', allowed: false },
    ]);
  });

  it('refuses a second navigation while asking, keeping the first question', () => {
    const asking = run(IDLE, { type: 'navigate', to: '/a', blocked: true }).state;
    const second = reduceTransition(asking, { type: 'navigate', to: '/b', blocked: false });
    expect(second.state).toBe(asking);
    expect(second.commands).toEqual([{ type: 'answer', to: '/b', allowed: false }]);
  });

  it('treats a completed or still in-flight transition like idle for the next navigation', () => {
    const complete: TransitionState = { status: 'complete', to: '/' };
    expect(reduceTransition(complete, { type: 'navigate', to: '/x', blocked: true }).state).toEqual(
      {
        status: 'confirming',
        to: '/x',
      },
    );
    const inFlight: TransitionState = { status: 'in-flight', to: '/' };
    expect(
      reduceTransition(inFlight, { type: 'navigate', to: '/y', blocked: false }).state,
    ).toEqual({ status: 'in-flight', to: '/y' });
  });

  it('ignores choices with no question, and arrivals elsewhere', () => {
    for (const state of [
      IDLE,
      { status: 'in-flight', to: '/' },
      { status: 'complete', to: '/' },
    ] satisfies TransitionState[]) {
      expect(reduceTransition(state, { type: 'leave' })).toEqual({ state, commands: [] });
      expect(reduceTransition(state, { type: 'stay' })).toEqual({ state, commands: [] });
    }
    const inFlight: TransitionState = { status: 'in-flight', to: '/a' };
    expect(reduceTransition(inFlight, { type: 'arrived', to: '/b' }).state).toBe(inFlight);
    expect(reduceTransition(IDLE, { type: 'arrived', to: '/b' }).state).toBe(IDLE);
  });
});
