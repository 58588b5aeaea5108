import { describe, expect, it } from 'vitest';
import { SEARCH, SHARE, setup } from './funnel-test-setup';
import { funnelRecordSchema } from '../schemas/funnel-record';
import { liveFunnel } from './funnel-manager';
import type { FunnelCommand } from './funnel-types';

function logs(commands: readonly FunnelCommand[]) {
  return commands.flatMap((command) => (command.type === 'log' ? [command] : []));
}

describe('funnel manager: end reasons', () => {
  it('logs an explicit end to funnel_analytics with the full record', () => {
    const { run, clock } = setup();
    const started = run([
      { type: 'start', name: SHARE, tags: ['x'] },
      { type: 'action', name: SHARE, action: 'a' },
    ]);
    clock.advance(5);
    const { state, commands } = run([{ type: 'end', name: SHARE }], started.state);
    expect(liveFunnel(state, SHARE)).toBeUndefined();
    expect(commands).toEqual([
      { type: 'cancel_timeout', name: SHARE, instanceId: 'id-1' },
      {
        type: 'log',
        channel: 'funnel_analytics',
        loggingId: 9501,
        record: {
          name: SHARE,
          instance_id: 'id-1',
          start_time: 1_000,
          tags: ['x'],
          actions: [{ name: 'a', relative_time: 0, tag: null, payload: null }],
          sampling_rate: 1,
          timeout_sec: 60,
          end_reason: 'explicit',
        },
      },
    ]);
    const log = logs(commands)[0];
    expect(funnelRecordSchema.parse(log?.record)).toEqual(log?.record);
  });

  it('ends on its own timer with reason timeout', () => {
    const { run } = setup();
    const { state, commands } = run([
      { type: 'start', name: SHARE },
      { type: 'timeout', name: SHARE, instanceId: 'id-1' },
    ]);
    expect(liveFunnel(state, SHARE)).toBeUndefined();
    expect(logs(commands).map((c) => c.record.end_reason)).toEqual(['timeout']);
  });

  it('ignores a timer left over from an earlier instance', () => {
    const { run } = setup();
    const { state, commands } = run([
      { type: 'start', name: SHARE },
      { type: 'start', name: SHARE },
      { type: 'timeout', name: SHARE, instanceId: 'id-1' },
    ]);
    expect(liveFunnel(state, SHARE)?.instanceId).toBe('id-2');
    expect(logs(commands).map((c) => c.record.end_reason)).toEqual(['restart']);
  });

  it('ignores a timer once the funnel ended', () => {
    const { run } = setup();
    const { commands } = run([
      { type: 'start', name: SHARE },
      { type: 'end', name: SHARE },
      { type: 'timeout', name: SHARE, instanceId: 'id-1' },
    ]);
    expect(logs(commands).map((c) => c.record.end_reason)).toEqual(['explicit']);
  });

  it('restarting ends the previous instance with reason restart and starts a new one', () => {
    const { run } = setup();
    const { state, commands } = run([
      { type: 'start', name: SHARE },
      { type: 'action', name: SHARE, action: 'first' },
      { type: 'start', name: SHARE },
    ]);
    expect(commands.map((c) => c.type)).toEqual([
      'schedule_timeout',
      'cancel_timeout',
      'log',
      'schedule_timeout',
    ]);
    const [log] = logs(commands);
    expect(log?.record).toMatchObject({ instance_id: 'id-1', end_reason: 'restart' });
    expect(log?.record.actions.map((a) => a.name)).toEqual(['first']);
    expect(liveFunnel(state, SHARE)).toMatchObject({ instanceId: 'id-2', actions: [] });
  });

  it('a restart not sampled in still ends the previous instance', () => {
    const { run, setSample } = setup();
    const started = run([{ type: 'start', name: SEARCH }]);
    setSample(0.9);
    const { state, commands } = run([{ type: 'start', name: SEARCH }], started.state);
    expect(liveFunnel(state, SEARCH)).toBeUndefined();
    expect(logs(commands).map((c) => c.record.end_reason)).toEqual(['restart']);
  });

  it('cancel drops the funnel without logging', () => {
    const { run } = setup();
    const { state, commands } = run([
      { type: 'start', name: SHARE },
      { type: 'action', name: SHARE, action: 'a' },
      { type: 'cancel', name: SHARE },
    ]);
    expect(liveFunnel(state, SHARE)).toBeUndefined();
    expect(commands.map((c) => c.type)).toEqual(['schedule_timeout', 'cancel_timeout']);
  });

  it('session end logs every live funnel and closes the manager', () => {
    const { run } = setup();
    const { state, commands } = run([
      { type: 'start', name: SHARE },
      { type: 'start', name: SEARCH },
      { type: 'session_end' },
    ]);
    expect(state).toEqual({ status: 'closed' });
    expect(logs(commands).map((c) => [c.record.name, c.record.end_reason])).toEqual([
      [SHARE, 'session_end'],
      [SEARCH, 'session_end'],
    ]);
    expect(liveFunnel(state, SHARE)).toBeUndefined();
  });

  it('after session end nothing starts or logs, but bad names still throw', () => {
    const { run, manager } = setup();
    const closed = run([{ type: 'session_end' }]).state;
    const after = run(
      [{ type: 'start', name: SHARE }, { type: 'end', name: SHARE }, { type: 'session_end' }],
      closed,
    );
    expect(after).toEqual({ state: { status: 'closed' }, commands: [] });
    expect(() => manager.reduce(closed, { type: 'start', name: 'NOPE' })).toThrow(
      'Funnel name not registered.',
    );
  });

  it('ending a funnel that is not live does nothing', () => {
    const { run, initial } = setup();
    expect(
      run([
        { type: 'end', name: SHARE },
        { type: 'cancel', name: SHARE },
      ]),
    ).toEqual({
      state: initial,
      commands: [],
    });
  });
});
