import type { Delta, WireMessage } from '@messenger/core';
import { describe, expect, it, vi } from 'vitest';
import { SyncConnection } from '../sync/sync-connection';
import { beepFromDelta, isOpenThread, snippetOf, type BeepContext } from './beep-from-delta';
import { BeeperController, type BeeperDeps } from './beeper-controller';
import { createNotificationSound, type SoundWindow } from './notification-sound';
import { watchUserActivity, type ActivityEnvironment } from './user-activity';

const VIEWER = '11';

function message(overrides: Partial<WireMessage> = {}): WireMessage {
  return {
    id: 'mid.31.5',
    thread_id: '31',
    sender_id: '12',
    text: 'hello there',
    created_at: 1_000,
    seq_in_thread: 5,
    offline_threading_id: null,
    entry_point: null,
    tags: [],
    kind: 'text',
    ...overrides,
  };
}

const newMessage = (overrides: Partial<WireMessage> = {}): Delta => ({
  kind: 'message_new',
  message: message(overrides),
});

const ctx: BeepContext = {
  viewerId: VIEWER,
  viewerParticipantId: VIEWER,
  folder: 'INBOX',
  path: '/',
  focused: true,
  prefix: '/messages',
};

/** Timers the test fires by hand, with a clock that moves with them. */
function fakeTime() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (handle: unknown) => {
      timers.delete(handle as number);
    },
    pending: () => timers.size,
    advance: (ms: number) => {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at);
        const first = due[0];
        if (first === undefined) break;
        timers.delete(first[0]);
        now = first[1].at;
        first[1].fn();
      }
      now = until;
    },
  };
}

describe('which deltas beep', () => {
  it("beeps for someone else's live message, linking to the thread's permalink", () => {
    expect(beepFromDelta(newMessage(), true, ctx)).toEqual({
      id: 'mid.31.5',
      payload: {
        threadId: '31',
        senderId: '12',
        senderName: null,
        snippet: 'hello there',
        href: '/messages/thread/31',
      },
    });
  });

  it('stays quiet for replays, own messages, other deltas, system and request messages', () => {
    expect(beepFromDelta(newMessage(), false, ctx)).toBeNull();
    expect(beepFromDelta(newMessage({ sender_id: VIEWER }), true, ctx)).toBeNull();
    // Answered as a page the viewer administers.
    expect(
      beepFromDelta(newMessage({ sender_id: '900' }), true, { ...ctx, viewerParticipantId: '900' }),
    ).toBeNull();
    expect(
      beepFromDelta({ kind: 'read_receipt', thread_id: '31', user_id: '12', seq: 5 }, true, ctx),
    ).toBeNull();
    expect(beepFromDelta(newMessage({ kind: 'call_summary' }), true, ctx)).toBeNull();
    expect(beepFromDelta(newMessage({ text: '   ' }), true, ctx)).toBeNull();
    expect(beepFromDelta(newMessage(), true, { ...ctx, folder: 'PENDING' })).toBeNull();
    // A thread the store does not hold yet still beeps.
    expect(beepFromDelta(newMessage(), true, { ...ctx, folder: null })).not.toBeNull();
  });

  it('stays quiet only for the thread that is open and focused', () => {
    const open = { ...ctx, path: '/messages/thread/31' };
    expect(beepFromDelta(newMessage(), true, open)).toBeNull();
    expect(beepFromDelta(newMessage(), true, { ...open, focused: false })).not.toBeNull();
    expect(beepFromDelta(newMessage({ thread_id: '32' }), true, open)).not.toBeNull();
    expect(isOpenThread('/messages/t/12', '/messages', message())).toBe(true);
    expect(isOpenThread('/messages/t/13', '/messages', message())).toBe(false);
    expect(isOpenThread('/messages', '/messages', message())).toBe(false);
  });

  it('shows a one-line snippet cut by core rule', () => {
    expect(snippetOf('  a\n\nb  ')).toBe('a b');
    expect(snippetOf('abcdef', 4)).toBe('abc…');
    expect(snippetOf('😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('BeeperController', () => {
  function controller(overrides: Partial<BeeperDeps> = {}) {
    const time = fakeTime();
    const playSound = vi.fn();
    const beeper = new BeeperController<string>({
      now: time.now,
      setTimer: time.setTimer,
      clearTimer: time.clearTimer,
      playSound,
      canPlaySound: () => true,
      ...overrides,
    });
    return { beeper, time, playSound };
  }
  const statuses = (beeper: BeeperController<string>) =>
    beeper.getState().beeps.map((b) => `${b.id}:${b.status}`);

  it("runs core's timers: shown 4000 ms when active, then a 1500 ms fade", () => {
    const { beeper, time } = controller();
    const listener = vi.fn();
    beeper.subscribe(listener);
    beeper.beep('a', 'A');
    expect(statuses(beeper)).toEqual(['a:RENDERED']);
    expect(listener).toHaveBeenCalledOnce();
    time.advance(3_999);
    expect(statuses(beeper)).toEqual(['a:RENDERED']);
    time.advance(1);
    expect(statuses(beeper)).toEqual(['a:FADING_OUT']);
    time.advance(1_500);
    expect(statuses(beeper)).toEqual([]);
    expect(time.pending()).toBe(0);
  });

  it('gives an idle person 10000 ms', () => {
    const { beeper, time } = controller();
    beeper.dispatch({ type: 'user_idle' });
    beeper.beep('a', 'A');
    time.advance(9_999);
    expect(statuses(beeper)).toEqual(['a:RENDERED']);
    time.advance(1);
    expect(statuses(beeper)).toEqual(['a:FADING_OUT']);
  });

  it('keeps toasts while held and fades them when let go', () => {
    const { beeper, time } = controller();
    beeper.beep('a', 'A');
    beeper.dispatch({ type: 'mouse_enter' });
    time.advance(60_000);
    expect(statuses(beeper)).toEqual(['a:READY_TO_HIDE']);
    beeper.dispatch({ type: 'mouse_leave' });
    expect(statuses(beeper)).toEqual(['a:FADING_OUT']);
    time.advance(1_500);
    expect(statuses(beeper)).toEqual([]);
  });

  it('cancels the timer of a dismissed toast', () => {
    const { beeper, time } = controller();
    beeper.beep('a', 'A');
    beeper.dispatch({ type: 'dismiss', id: 'a' });
    expect(time.pending()).toBe(0);
    expect(statuses(beeper)).toEqual([]);
  });

  it('plays the sound at most once per 5 s, and never before a gesture', () => {
    let gestured = false;
    const { beeper, time, playSound } = controller({ canPlaySound: () => gestured });
    beeper.beep('a', 'A');
    expect(playSound).not.toHaveBeenCalled();
    gestured = true;
    beeper.beep('b', 'B');
    expect(playSound).toHaveBeenCalledTimes(1);
    time.advance(4_999);
    beeper.beep('c', 'C');
    expect(playSound).toHaveBeenCalledTimes(1);
    time.advance(1);
    beeper.beep('d', 'D');
    expect(playSound).toHaveBeenCalledTimes(2);
  });

  it('stops its timers when disposed', () => {
    const { beeper, time } = controller();
    beeper.beep('a', 'A');
    beeper.dispose();
    expect(time.pending()).toBe(0);
  });
});

describe('the notification sound', () => {
  function fakeAudioWindow(options: { throws?: boolean } = {}) {
    const listeners = new Map<string, () => void>();
    const started = vi.fn();
    class FakeContext {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      resume = vi.fn(() => Promise.resolve());
      close = vi.fn(() => Promise.resolve());
      createOscillator() {
        if (options.throws === true) throw new Error('no audio');
        return {
          type: '',
          frequency: { value: 0 },
          connect: vi.fn(),
          start: started,
          stop: vi.fn(),
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() },
          connect: vi.fn(),
        };
      }
    }
    const win: SoundWindow = {
      AudioContext: FakeContext as unknown as new () => AudioContext,
      addEventListener: (type, listener) => listeners.set(type, listener),
      removeEventListener: (type) => listeners.delete(type),
    };
    return { win, started, gesture: () => listeners.get('pointerdown')?.(), listeners };
  }

  it('waits for a user gesture, then beeps', () => {
    const { win, started, gesture } = fakeAudioWindow();
    const sound = createNotificationSound(win);
    expect(sound.ready()).toBe(false);
    sound.play();
    expect(started).not.toHaveBeenCalled();
    gesture();
    expect(sound.ready()).toBe(true);
    sound.play();
    expect(started).toHaveBeenCalledOnce();
    sound.dispose();
  });

  it('never throws when audio fails or is missing', () => {
    const broken = fakeAudioWindow({ throws: true });
    const sound = createNotificationSound(broken.win);
    broken.gesture();
    expect(() => {
      sound.play();
    }).not.toThrow();

    const silent = fakeAudioWindow();
    const noAudio = createNotificationSound({
      addEventListener: (type, listener, capture) => {
        silent.win.addEventListener(type, listener, capture);
      },
      removeEventListener: (type, listener, capture) => {
        silent.win.removeEventListener(type, listener, capture);
      },
    });
    silent.gesture();
    expect(noAudio.ready()).toBe(false);
    expect(() => {
      noAudio.play();
    }).not.toThrow();
    noAudio.dispose();
    expect(silent.listeners.size).toBe(0);
  });
});

describe('user activity', () => {
  function fakeEnvironment() {
    const time = fakeTime();
    const listeners = new Map<string, Set<() => void>>();
    let visible = true;
    let focused = true;
    const env: ActivityEnvironment = {
      isVisible: () => visible,
      hasFocus: () => focused,
      on: (type, listener) => {
        const set = listeners.get(type) ?? new Set();
        set.add(listener);
        listeners.set(type, set);
      },
      off: (type, listener) => listeners.get(type)?.delete(listener),
      setTimer: time.setTimer,
      clearTimer: time.clearTimer,
    };
    const fire = (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    };
    return {
      env,
      time,
      fire,
      listeners,
      setVisible: (v: boolean) => (visible = v),
      setFocused: (f: boolean) => (focused = f),
    };
  }

  it('is active while visible, focused and used; idle after a quiet minute or when hidden', () => {
    const fake = fakeEnvironment();
    const changes: boolean[] = [];
    const stop = watchUserActivity(fake.env, (active) => changes.push(active), 60_000);
    expect(changes).toEqual([true]);
    fake.time.advance(59_999);
    fake.fire('pointermove');
    fake.time.advance(59_999);
    expect(changes).toEqual([true]);
    fake.time.advance(1);
    expect(changes).toEqual([true, false]);
    fake.fire('keydown');
    expect(changes).toEqual([true, false, true]);
    fake.setVisible(false);
    fake.fire('visibilitychange');
    expect(changes).toEqual([true, false, true, false]);
    fake.setVisible(true);
    fake.setFocused(false);
    fake.fire('visibilitychange');
    expect(changes).toEqual([true, false, true, false]);
    stop();
    expect(fake.time.pending()).toBe(0);
    expect([...fake.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });
});

describe("the sync connection's delta listeners", () => {
  class FakeSocket {
    readyState = 1;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    sent: string[] = [];
    send(data: string) {
      this.sent.push(data);
    }
    close() {}
    receive(frame: object) {
      this.onmessage?.({ data: JSON.stringify(frame) });
    }
  }

  it('hears applied deltas after the store, marked live or replayed', () => {
    const socket = new FakeSocket();
    const applied: number[] = [];
    const connection = new SyncConnection({
      url: 'ws://test/sync',
      createSocket: () => socket as unknown as WebSocket,
      apply: (seq) => {
        applied.push(seq);
        return false;
      },
      resync: () => undefined,
      random: () => 0,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    const heard: { seq: number; live: boolean }[] = [];
    const stop = connection.onDelta((delta, info) => {
      if (delta.kind === 'message_new') {
        heard.push({ seq: delta.message.seq_in_thread, live: info.live });
        expect(applied).toContain(delta.message.seq_in_thread);
      }
    });
    // A listener that throws does not stop the others or the sync.
    const broken = connection.onDelta(() => {
      throw new Error('listener bug');
    });
    const queued = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation(() => undefined);
    connection.start(0);
    socket.onopen?.();
    socket.receive({ type: 'delta', seq: 1, delta: newMessage({ seq_in_thread: 1 }) });
    socket.receive({ type: 'ready', seq: 1 });
    socket.receive({ type: 'delta', seq: 2, delta: newMessage({ seq_in_thread: 2, id: 'm2' }) });
    expect(heard).toEqual([
      { seq: 1, live: false },
      { seq: 2, live: true },
    ]);
    expect(queued).toHaveBeenCalledTimes(2);
    queued.mockRestore();
    stop();
    broken();
    socket.receive({ type: 'delta', seq: 3, delta: newMessage({ seq_in_thread: 3, id: 'm3' }) });
    expect(heard).toHaveLength(2);
    expect(applied).toEqual([1, 2, 3]);
  });
});
