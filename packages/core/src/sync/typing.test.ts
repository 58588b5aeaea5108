import { describe, expect, it } from 'vitest';
import {
  TYPING,
  applyTypingFrame,
  initialTypingSender,
  noTypers,
  reduceTypingSender,
  typersIn,
} from './typing';

const frame = (threadId: string, userId: string, state: 'typing' | 'stopped') => ({
  type: 'typing' as const,
  thread_id: threadId,
  user_id: userId,
  state,
  expires_in_ms: 6000,
});

describe('typing indicators (receiving side)', () => {
  it('shows a typer until the frame expires', () => {
    const state = applyTypingFrame(noTypers, frame('1', 'a', 'typing'), 1000);
    expect(typersIn(state, '1', 1000)).toEqual(['a']);
    expect(typersIn(state, '1', 6999)).toEqual(['a']);
    expect(typersIn(state, '1', 7000)).toEqual([]);
    expect(typersIn(state, '2', 1000)).toEqual([]);
  });

  it('removes a typer on stopped, and the thread once nobody types', () => {
    let state = applyTypingFrame(noTypers, frame('1', 'a', 'typing'), 0);
    state = applyTypingFrame(state, frame('1', 'b', 'typing'), 0);
    expect(typersIn(state, '1', 1)).toEqual(['a', 'b']);
    state = applyTypingFrame(state, frame('1', 'a', 'stopped'), 1);
    expect(typersIn(state, '1', 1)).toEqual(['b']);
    state = applyTypingFrame(state, frame('1', 'b', 'stopped'), 1);
    expect(state.has('1')).toBe(false);
  });
});

describe('typing sender', () => {
  it('says typing on the first key, then at most once per refresh interval', () => {
    const first = reduceTypingSender(initialTypingSender, { type: 'input', threadId: '1', now: 0 });
    expect(first.commands).toEqual([
      { type: 'send', frame: { type: 'typing', thread_id: '1', state: 'typing' } },
      { type: 'schedule_idle', delayMs: TYPING.idleMs },
    ]);
    const soon = reduceTypingSender(first.state, { type: 'input', threadId: '1', now: 1000 });
    expect(soon.commands).toEqual([{ type: 'schedule_idle', delayMs: TYPING.idleMs }]);
    expect(soon.state.lastSentAt).toBe(0);
    const later = reduceTypingSender(soon.state, {
      type: 'input',
      threadId: '1',
      now: TYPING.refreshMs,
    });
    expect(later.commands[0]).toEqual({
      type: 'send',
      frame: { type: 'typing', thread_id: '1', state: 'typing' },
    });
  });

  it('stops the old thread when typing moves to another', () => {
    const first = reduceTypingSender(initialTypingSender, { type: 'input', threadId: '1', now: 0 });
    const moved = reduceTypingSender(first.state, { type: 'input', threadId: '2', now: 10 });
    expect(moved.commands.slice(0, 2)).toEqual([
      { type: 'send', frame: { type: 'typing', thread_id: '1', state: 'stopped' } },
      { type: 'send', frame: { type: 'typing', thread_id: '2', state: 'typing' } },
    ]);
  });

  it('says stopped on stop, once', () => {
    const first = reduceTypingSender(initialTypingSender, { type: 'input', threadId: '1', now: 0 });
    const stopped = reduceTypingSender(first.state, { type: 'stop' });
    expect(stopped.commands).toEqual([
      { type: 'cancel_idle' },
      { type: 'send', frame: { type: 'typing', thread_id: '1', state: 'stopped' } },
    ]);
    expect(reduceTypingSender(stopped.state, { type: 'stop' }).commands).toEqual([]);
  });
});
