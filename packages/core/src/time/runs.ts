import { calendarDay } from './calendar';

/**
 * Consecutive messages from one sender no further apart than this form one
 * run: one face, one name, one visible time (Messenger groups within minutes).
 */
export const MESSAGE_RUN_GAP_MS = 5 * 60_000;

export interface RunInput {
  readonly senderId: string;
  readonly timestamp: number;
  /** Only ordinary messages join runs; notices (joined, left, unsent…) stand alone. */
  readonly groupable: boolean;
}

/** Where a message sits among its neighbours. */
export interface RunPlace {
  /** The first message of its calendar day in the viewer's zone: a separator goes above it. */
  readonly startsDay: boolean;
  /** The first of its run: it shows the sender's name and the time. */
  readonly startsRun: boolean;
  /** The last of its run: it shows the sender's face. */
  readonly endsRun: boolean;
}

function joins(previous: RunInput | undefined, next: RunInput, sameDay: boolean): boolean {
  return (
    previous !== undefined &&
    sameDay &&
    previous.groupable &&
    next.groupable &&
    previous.senderId === next.senderId &&
    next.timestamp - previous.timestamp <= MESSAGE_RUN_GAP_MS &&
    next.timestamp >= previous.timestamp
  );
}

/** Each message's place in runs and days, oldest first as given. */
export function messageRuns(messages: readonly RunInput[], timeZone: string): RunPlace[] {
  const days = messages.map((m) => calendarDay(m.timestamp, timeZone));
  const starts = messages.map((message, i) => {
    const startsDay = i === 0 || days[i] !== days[i - 1];
    return { startsDay, startsRun: !joins(messages[i - 1], message, !startsDay) };
  });
  return starts.map((start, i) => ({
    ...start,
    endsRun: i === starts.length - 1 || (starts[i + 1]?.startsRun ?? true),
  }));
}
