import { describe, expect, it } from 'vitest';
import { SEARCH, SHARE, setup } from './funnel-test-setup';
import { manualClock } from '../clock';
import { CoreError } from '../errors';
import { FUNNEL_RECORD_LIMITS } from '../schemas/funnel-record';
import { createFunnelManager, liveFunnel } from './funnel-manager';
import type { FunnelEvent } from './funnel-types';

describe('funnel manager: start and sampling', () => {
  it('starts when sampled in and schedules the timeout', () => {
    const { run } = setup({ sample: 0.2499 });
    const { state, commands } = run([{ type: 'start', name: SEARCH, tags: ['a'] }]);
    expect(liveFunnel(state, SEARCH)).toMatchObject({
      instanceId: 'id-1',
      startTime: 1_000,
      tags: ['a'],
      actions: [],
      samplingRate: 0.25,
      timeoutSec: 600,
      loggingId: 9500,
    });
    expect(commands).toEqual([
      { type: 'schedule_timeout', name: SEARCH, instanceId: 'id-1', delayMs: 600_000 },
    ]);
  });

  it('does not start when the sample equals the sampling rate', () => {
    const { run } = setup({ sample: 0.25 });
    const { state, commands } = run([
      { type: 'start', name: SEARCH },
      { type: 'action', name: SEARCH, action: 'x' },
      { type: 'end', name: SEARCH },
    ]);
    expect(liveFunnel(state, SEARCH)).toBeUndefined();
    expect(commands).toEqual([]);
  });

  it('always starts at sampling rate 1', () => {
    const { run } = setup({ sample: 0.999999 });
    expect(liveFunnel(run([{ type: 'start', name: SHARE }]).state, SHARE)).toBeDefined();
  });

  it('uses the built-in registry when none is injected', () => {
    const manager = createFunnelManager({
      clock: manualClock(),
      sample: () => 0,
      newId: () => 'x',
    });
    const { state } = manager.reduce(manager.initialState(), {
      type: 'start',
      name: 'WWW_MESSENGER_CALL_FUNNEL',
    });
    expect(liveFunnel(state, 'WWW_MESSENGER_CALL_FUNNEL')?.loggingId).toBe(9502);
  });

  it.each<FunnelEvent>([
    { type: 'start', name: 'NOPE' },
    { type: 'action', name: 'NOPE', action: 'x' },
    { type: 'tag', name: 'NOPE', tag: 'x' },
    { type: 'end', name: 'NOPE' },
    { type: 'cancel', name: 'NOPE' },
    { type: 'timeout', name: 'NOPE', instanceId: 'id-1' },
  ])('throws for an unregistered name on $type', (event) => {
    const { manager, initial } = setup();
    expect(() => manager.reduce(initial, event)).toThrow(CoreError);
    expect(() => manager.reduce(initial, event)).toThrow('Funnel name not registered.');
  });

  it('rejects a name registered globally but not in the injected registry', () => {
    const { manager, initial } = setup();
    expect(() =>
      manager.reduce(initial, { type: 'start', name: 'WWW_MESSENGER_CALL_FUNNEL' }),
    ).toThrow('Funnel name not registered.');
  });
});

describe('funnel manager: actions and tags', () => {
  it('records actions with the time since start, tag and payload', () => {
    const { run, clock } = setup();
    let result = run([{ type: 'start', name: SHARE }]);
    clock.advance(250);
    result = run(
      [
        { type: 'action', name: SHARE, action: 'opened', tag: 't', payload: { n: 1 } },
        { type: 'action', name: SHARE, action: 'plain' },
      ],
      result.state,
    );
    expect(liveFunnel(result.state, SHARE)?.actions).toEqual([
      { name: 'opened', relative_time: 250, tag: 't', payload: { n: 1 } },
      { name: 'plain', relative_time: 250, tag: null, payload: null },
    ]);
  });

  it('never records a negative relative time', () => {
    const { run, clock } = setup();
    const started = run([{ type: 'start', name: SHARE }]);
    clock.set(0);
    const { state } = run([{ type: 'action', name: SHARE, action: 'a' }], started.state);
    expect(liveFunnel(state, SHARE)?.actions[0]?.relative_time).toBe(0);
  });

  it('appends tags once each', () => {
    const { run } = setup();
    const { state } = run([
      { type: 'start', name: SHARE, tags: ['a', 'a'] },
      { type: 'tag', name: SHARE, tag: 'b' },
      { type: 'tag', name: SHARE, tag: 'a' },
    ]);
    expect(liveFunnel(state, SHARE)?.tags).toEqual(['a', 'b']);
  });

  it('ignores actions and tags for a funnel that is not live', () => {
    const { run, initial } = setup();
    const result = run([
      { type: 'action', name: SHARE, action: 'a' },
      { type: 'tag', name: SHARE, tag: 'b' },
    ]);
    expect(result.state).toEqual(initial);
    expect(result.commands).toEqual([]);
  });

  it('keeps at most the schema limits of actions and tags', () => {
    const { run } = setup();
    const events: FunnelEvent[] = [{ type: 'start', name: SHARE }];
    for (let i = 0; i <= FUNNEL_RECORD_LIMITS.maxActions; i++) {
      events.push({ type: 'action', name: SHARE, action: `a${i}` });
    }
    for (let i = 0; i <= FUNNEL_RECORD_LIMITS.maxTags; i++) {
      events.push({ type: 'tag', name: SHARE, tag: `t${i}` });
    }
    const funnel = liveFunnel(run(events).state, SHARE);
    expect(funnel?.actions).toHaveLength(FUNNEL_RECORD_LIMITS.maxActions);
    expect(funnel?.actions.at(-1)?.name).toBe(`a${FUNNEL_RECORD_LIMITS.maxActions - 1}`);
    expect(funnel?.tags).toHaveLength(FUNNEL_RECORD_LIMITS.maxTags);
  });
});

describe('funnel manager: focus tracking', () => {
  const focusEvents: FunnelEvent[] = [
    { type: 'start', name: SHARE },
    { type: 'start', name: SEARCH },
    { type: 'window_blur' },
    { type: 'window_focus' },
  ];

  it('records blur and focus on every live funnel when tracking is on', () => {
    const { run } = setup({ trackFocus: true });
    const { state } = run(focusEvents);
    for (const name of [SHARE, SEARCH] as const) {
      expect(liveFunnel(state, name)?.actions.map((a) => a.name)).toEqual([
        'window_blur',
        'window_focus',
      ]);
    }
  });

  it('ignores blur and focus when tracking is off (the default)', () => {
    const { run } = setup();
    expect(liveFunnel(run(focusEvents).state, SHARE)?.actions).toEqual([]);
  });

  it('can switch tracking on and off', () => {
    const { run } = setup({ trackFocus: false });
    const { state } = run([
      { type: 'start', name: SHARE },
      { type: 'set_focus_tracking', enabled: true },
      { type: 'window_blur' },
      { type: 'set_focus_tracking', enabled: false },
      { type: 'window_focus' },
    ]);
    expect(liveFunnel(state, SHARE)?.actions.map((a) => a.name)).toEqual(['window_blur']);
  });
});
