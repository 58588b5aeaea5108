import { describe, expect, it } from 'vitest';
import { ANIMATION } from '../constants';
import {
  emptyAnimationQueue,
  reduceAnimationQueue,
  type AnimationQueue,
  type AnimationQueueEvent,
} from './queue';

function recorder() {
  const calls: [string, number][] = [];
  const frame = (id: string) => (progress: number) => {
    calls.push([id, progress]);
  };
  return { calls, frame };
}

function run(queue: AnimationQueue, ...events: AnimationQueueEvent[]) {
  let result = reduceAnimationQueue(queue, events[0]!);
  for (const event of events.slice(1)) result = reduceAnimationQueue(result.queue, event);
  return result;
}

describe('reduceAnimationQueue', () => {
  it('uses the default duration of 500 ms: running at 499, finished at 500', () => {
    expect(ANIMATION.defaultDurationMs).toBe(500);
    const { calls, frame } = recorder();
    const queued = run(emptyAnimationQueue, {
      type: 'enqueue',
      step: { id: 'a', frame: frame('a') },
    });
    expect(queued.queue.steps[0]).toMatchObject({ status: 'pending', durationMs: 500 });
    expect(queued.commands).toEqual([{ type: 'request_frame' }]);

    const started = reduceAnimationQueue(queued.queue, { type: 'tick', now: 1_000 });
    expect(started.queue.steps[0]).toMatchObject({ status: 'running', startedAt: 1_000 });
    const at499 = reduceAnimationQueue(started.queue, { type: 'tick', now: 1_499 });
    expect(at499.completed).toEqual([]);
    expect(at499.queue.steps).toHaveLength(1);
    expect(at499.commands).toEqual([{ type: 'request_frame' }]);
    const at500 = reduceAnimationQueue(at499.queue, { type: 'tick', now: 1_500 });
    expect(at500.completed).toEqual(['a']);
    expect(at500.queue.steps).toEqual([]);
    expect(at500.commands).toEqual([]);
    expect(calls).toEqual([
      ['a', 0],
      ['a', 0.998],
      ['a', 1],
    ]);
  });

  it('runs steps one after another, the next starting when the previous ends', () => {
    const { calls, frame } = recorder();
    const result = run(
      emptyAnimationQueue,
      { type: 'enqueue', step: { id: 'a', frame: frame('a'), durationMs: 100 } },
      { type: 'enqueue', step: { id: 'b', frame: frame('b'), durationMs: 100 } },
      { type: 'tick', now: 0 },
      { type: 'tick', now: 150 },
    );
    expect(result.completed).toEqual(['a']);
    expect(result.queue.steps[0]).toMatchObject({ id: 'b', status: 'running', startedAt: 100 });
    expect(calls).toEqual([
      ['a', 0],
      ['a', 1],
      ['b', 0.5],
    ]);
  });

  it('finishes several steps in one late tick', () => {
    const { frame } = recorder();
    const result = run(
      emptyAnimationQueue,
      { type: 'enqueue', step: { id: 'a', frame: frame('a'), durationMs: 100 } },
      { type: 'enqueue', step: { id: 'b', frame: frame('b'), durationMs: 0 } },
      { type: 'enqueue', step: { id: 'c', frame: frame('c'), durationMs: -5 } },
      { type: 'tick', now: 0 },
      { type: 'tick', now: 1_000 },
    );
    expect(result.completed).toEqual(['a', 'b', 'c']);
  });

  it('requests a frame only when the first step is queued', () => {
    const { frame } = recorder();
    const first = reduceAnimationQueue(emptyAnimationQueue, {
      type: 'enqueue',
      step: { id: 'a', frame: frame('a') },
    });
    const second = reduceAnimationQueue(first.queue, {
      type: 'enqueue',
      step: { id: 'b', frame: frame('b') },
    });
    expect(first.commands).toHaveLength(1);
    expect(second.commands).toEqual([]);
  });

  it('silently drops a step whose frame throws and goes on with the next', () => {
    const { calls, frame } = recorder();
    const result = run(
      emptyAnimationQueue,
      {
        type: 'enqueue',
        step: {
          id: 'bad',
          frame: () => {
            throw new Error('boom');
          },
        },
      },
      { type: 'enqueue', step: { id: 'b', frame: frame('b'), durationMs: 100 } },
      { type: 'tick', now: 40 },
    );
    expect(result.dropped).toEqual(['bad']);
    expect(result.completed).toEqual([]);
    expect(result.queue.steps).toEqual([expect.objectContaining({ id: 'b', startedAt: 40 })]);
    expect(calls).toEqual([['b', 0]]);
  });

  it('drops a step that throws midway', () => {
    let ticks = 0;
    const result = run(
      emptyAnimationQueue,
      {
        type: 'enqueue',
        step: {
          id: 'a',
          frame: () => {
            ticks += 1;
            if (ticks === 2) throw new Error('boom');
          },
        },
      },
      { type: 'tick', now: 0 },
      { type: 'tick', now: 100 },
    );
    expect(result.dropped).toEqual(['a']);
    expect(result.queue.steps).toEqual([]);
    expect(result.commands).toEqual([]);
  });

  it('never reports progress below 0 when time goes back', () => {
    const { calls, frame } = recorder();
    run(
      emptyAnimationQueue,
      { type: 'enqueue', step: { id: 'a', frame: frame('a') } },
      { type: 'tick', now: 100 },
      { type: 'tick', now: 50 },
    );
    expect(calls).toEqual([
      ['a', 0],
      ['a', 0],
    ]);
  });

  it('cancels a step without running it', () => {
    const { calls, frame } = recorder();
    const result = run(
      emptyAnimationQueue,
      { type: 'enqueue', step: { id: 'a', frame: frame('a') } },
      { type: 'enqueue', step: { id: 'b', frame: frame('b') } },
      { type: 'cancel', id: 'a' },
    );
    expect(result.queue.steps.map((step) => step.id)).toEqual(['b']);
    expect(result.commands).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('does nothing on a tick of an empty queue', () => {
    expect(reduceAnimationQueue(emptyAnimationQueue, { type: 'tick', now: 5 })).toEqual({
      queue: { steps: [] },
      completed: [],
      dropped: [],
      commands: [],
    });
  });
});
