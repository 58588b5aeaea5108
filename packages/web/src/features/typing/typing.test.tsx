import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { TypingIndicator } from './TypingIndicator';
import { TypingSender, TypingStore, type Clock } from './typing-store';

/** A clock the test moves by hand, with timers that fire when it passes them. */
function fakeClock(): Clock & { advance: (ms: number) => void } {
  let now = 1_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (handle) => {
      timers.delete(handle as number);
    },
    advance: (ms) => {
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

const THREAD = '31';
const names = new Map([
  ['11', 'Viewer Person'],
  ['12', 'Ann Other'],
  ['13', 'Bo Third'],
]);

function typing(userId: string, state: 'typing' | 'stopped' = 'typing') {
  return {
    type: 'typing',
    thread_id: THREAD,
    user_id: userId,
    state,
    expires_in_ms: 6_000,
  } as const;
}

describe('TypingIndicator', () => {
  it('shows who is typing from the frames, until "stopped" or the expiry', () => {
    const clock = fakeClock();
    const store = new TypingStore(clock);
    renderWithIntl(
      <TypingIndicator store={store} threadId={THREAD} exclude={['11']} names={names} />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    act(() => {
      store.apply(typing('12'));
      store.apply(typing('11'));
    });
    expect(status.textContent).toBe('Ann Other is typing…');

    act(() => {
      store.apply(typing('13'));
    });
    expect(status.textContent).toBe('Ann Other and Bo Third are typing…');

    act(() => {
      store.apply(typing('13', 'stopped'));
    });
    expect(status.textContent).toBe('Ann Other is typing…');

    // No refresh: the indicator expires by itself.
    act(() => {
      clock.advance(6_001);
    });
    expect(status.textContent).toBe('');
  });

  it('ignores typing in other threads', () => {
    const store = new TypingStore(fakeClock());
    renderWithIntl(<TypingIndicator store={store} threadId={THREAD} exclude={[]} names={names} />);
    act(() => {
      store.apply({ ...typing('12'), thread_id: '99' });
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('TypingSender', () => {
  it('sends "typing" throttled while the text changes, then "stopped" on stop or idle', () => {
    const clock = fakeClock();
    const sent: string[] = [];
    const sender = new TypingSender(
      (frame) => sent.push(`${frame.thread_id}:${frame.state}`),
      clock,
    );

    sender.input(THREAD);
    clock.advance(1_000);
    sender.input(THREAD);
    expect(sent).toEqual(['31:typing']);
    clock.advance(2_500);
    sender.input(THREAD);
    expect(sent).toEqual(['31:typing', '31:typing']);

    sender.stop();
    expect(sent).toEqual(['31:typing', '31:typing', '31:stopped']);
    sender.stop();
    expect(sent).toHaveLength(3);

    // Keys idle: "stopped" by itself.
    sender.input(THREAD);
    clock.advance(5_000);
    expect(sent.slice(3)).toEqual(['31:typing', '31:stopped']);
  });
});
