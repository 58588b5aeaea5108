import { describe, expect, it } from 'vitest';
import { ACTIVE_REPEAT_MS, watchAttention } from './attention';
import { PresenceStore } from './presence-store';

describe('PresenceStore', () => {
  it('lets a socket frame override the preload, and tells listeners only of real changes', () => {
    const store = new PresenceStore();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.seed([
      ['1', 'ACTIVE'],
      ['2', 'OFFLINE'],
    ]);
    expect(store.statusOf('1')).toBe('ACTIVE');
    expect(calls).toBe(1);
    store.heardFrame('2', 'ACTIVE');
    expect(store.statusOf('2')).toBe('ACTIVE');
    // A later preload read with older data does not undo what the socket said.
    store.seed([['2', 'OFFLINE']]);
    expect(store.statusOf('2')).toBe('ACTIVE');
    const version = store.getVersion();
    store.heardFrame('2', 'ACTIVE');
    expect(store.getVersion()).toBe(version);
    store.heardFrame('1', 'OFFLINE');
    expect(store.statusOf('1')).toBe('OFFLINE');
    expect(store.statusOf('unknown')).toBe('OFFLINE');
  });

  it('counts everyone OFFLINE after a reconnect until the snapshot says otherwise', () => {
    const store = new PresenceStore();
    store.seed([['1', 'ACTIVE']]);
    store.heardFrame('2', 'IDLE');
    store.reconnected();
    expect(store.statusOf('1')).toBe('OFFLINE');
    expect(store.statusOf('2')).toBe('OFFLINE');
    store.heardFrame('1', 'ACTIVE');
    expect(store.statusOf('1')).toBe('ACTIVE');
  });
});

describe('watchAttention', () => {
  function fakeEnvironment() {
    const listeners = new Map<string, () => void>();
    const env = {
      visible: true,
      time: 0,
      isVisible: () => env.visible,
      now: () => env.time,
      on: (type: string, listener: () => void) => listeners.set(type, listener),
      off: (type: string) => listeners.delete(type),
      fire: (type: string) => listeners.get(type)?.(),
    };
    return env;
  }

  it('says idle when hidden, active when shown, and repeats active at most once a minute', () => {
    const env = fakeEnvironment();
    const sent: string[] = [];
    const watch = watchAttention(env, (state) => sent.push(state) > 0);
    env.fire('pointermove');
    env.fire('keydown');
    expect(sent).toEqual(['active']);
    env.time += ACTIVE_REPEAT_MS;
    env.fire('pointermove');
    expect(sent).toEqual(['active', 'active']);
    env.visible = false;
    env.fire('visibilitychange');
    expect(sent).toEqual(['active', 'active', 'idle']);
    env.visible = true;
    env.fire('visibilitychange');
    expect(sent.at(-1)).toBe('active');
    watch.resend();
    expect(sent).toHaveLength(5);
    watch.stop();
    env.time += ACTIVE_REPEAT_MS;
    env.fire('pointermove');
    expect(sent).toHaveLength(5);
  });

  it('says it again on the next input when the socket was not live', () => {
    const env = fakeEnvironment();
    let live = false;
    const sent: string[] = [];
    watchAttention(env, (state) => live && sent.push(state) > 0);
    env.fire('pointerdown');
    live = true;
    env.fire('pointerdown');
    expect(sent).toEqual(['active']);
  });
});
