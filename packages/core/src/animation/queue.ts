import { ANIMATION } from '../constants';

/** Draws one frame; `progress` runs from 0 (start) to 1 (finished). */
export type AnimationFrame = (progress: number) => void;

export interface AnimationStepSpec {
  readonly id: string;
  readonly frame: AnimationFrame;
  /** Defaults to ANIMATION.defaultDurationMs (500 ms). */
  readonly durationMs?: number;
}

interface StepBase {
  readonly id: string;
  readonly frame: AnimationFrame;
  readonly durationMs: number;
}

export type AnimationStep =
  | (StepBase & { readonly status: 'pending' })
  | (StepBase & { readonly status: 'running'; readonly startedAt: number });

/** Steps run one after another; only the first can be running. */
export interface AnimationQueue {
  readonly steps: readonly AnimationStep[];
}

export type AnimationQueueEvent =
  | { readonly type: 'enqueue'; readonly step: AnimationStepSpec }
  | { readonly type: 'tick'; readonly now: number }
  | { readonly type: 'cancel'; readonly id: string };

/** Ask the caller to tick again on the next animation frame. */
export interface RequestFrameCommand {
  readonly type: 'request_frame';
}

export interface AnimationQueueResult {
  readonly queue: AnimationQueue;
  /** Steps that reached progress 1 during this event. */
  readonly completed: readonly string[];
  /** Steps whose frame threw: dropped without further notice (seed section 8). */
  readonly dropped: readonly string[];
  readonly commands: readonly RequestFrameCommand[];
}

export const emptyAnimationQueue: AnimationQueue = { steps: [] };

const REQUEST_FRAME: RequestFrameCommand = { type: 'request_frame' };

function progressOf(durationMs: number, startedAt: number, now: number): number {
  if (durationMs <= 0) return 1;
  return Math.min(1, Math.max(0, (now - startedAt) / durationMs));
}

/** Runs frames for time `now`: finished steps hand over to the next at their finish time. */
function tick(queue: AnimationQueue, now: number): AnimationQueueResult {
  const steps = [...queue.steps];
  const completed: string[] = [];
  const dropped: string[] = [];
  let nextStart = now;
  for (let head = steps[0]; head !== undefined; head = steps[0]) {
    const startedAt = head.status === 'running' ? head.startedAt : nextStart;
    const progress = progressOf(head.durationMs, startedAt, now);
    try {
      head.frame(progress);
    } catch {
      dropped.push(head.id);
      steps.shift();
      nextStart = now;
      continue;
    }
    if (progress < 1) {
      steps[0] = { ...head, status: 'running', startedAt };
      break;
    }
    completed.push(head.id);
    steps.shift();
    // Chained steps do not lose the time between a step's end and this tick.
    nextStart = startedAt + Math.max(0, head.durationMs);
  }
  return {
    queue: { steps },
    completed,
    dropped,
    commands: steps.length > 0 ? [REQUEST_FRAME] : [],
  };
}

/**
 * The animation queue (seed section 4): steps start, run and finish by
 * duration, driven by the time value of each tick.
 */
export function reduceAnimationQueue(
  queue: AnimationQueue,
  event: AnimationQueueEvent,
): AnimationQueueResult {
  switch (event.type) {
    case 'enqueue': {
      const { id, frame, durationMs = ANIMATION.defaultDurationMs } = event.step;
      const step: AnimationStep = { status: 'pending', id, frame, durationMs };
      return {
        queue: { steps: [...queue.steps, step] },
        completed: [],
        dropped: [],
        // A queue that already has steps already has a frame requested.
        commands: queue.steps.length === 0 ? [REQUEST_FRAME] : [],
      };
    }
    case 'tick':
      return tick(queue, event.now);
    case 'cancel':
      return {
        queue: { steps: queue.steps.filter((step) => step.id !== event.id) },
        completed: [],
        dropped: [],
        commands: [],
      };
  }
}
