import type { BusMessage } from './bus';
import type { DeltaNote } from './delta-log';

/**
 * The text of a bus message on Redis: `<origin node id>\n<JSON>`. The origin
 * comes first so that a node skips its own echo without parsing it. It may
 * carry when it was published (`<origin>@<ms since epoch>`): receivers measure
 * the bus's lag (messenger_bus_lag_seconds); a message without it (a node of
 * an earlier release, during a rolling upgrade) is read all the same.
 *
 * A `deltas` message adds a third part: `<origin>\n<head JSON>\n<payloads>`.
 * A message's delta is the same payload for each of its recipients, so each
 * payload is carried once (a batch of 64 messages to groups of 10 is 64
 * payloads, not 640), raw, one after another, where the head says each
 * ends. Payloads are JSON already: escaped into the head as strings, they
 * cost the sender a scan and a copy and every receiver a parse, for text it
 * only forwards; raw, a receiver slices out the ones it needs.
 */
interface DeltasHead {
  type: 'deltas';
  /** Where each payload ends, counted from the start of the payloads part. */
  ends: number[];
  /** Flat: userId, head seq, count, then count × (seq, payload index); then the next user. */
  notes: (string | number)[];
  /** The sender's trace (W3C traceparent), when traced; older nodes ignore it. */
  trace?: string;
}

/** Above this, the deltas are left out and receivers read them from the log. */
export const INLINE_LIMIT_BYTES = 512 * 1024;

export function encodeBusMessage(origin: string, message: BusMessage, sentAt?: number): string {
  if (sentAt !== undefined) origin = `${origin}@${String(sentAt)}`;
  if (message.type !== 'deltas') return `${origin}\n${JSON.stringify(message)}`;
  const payloads: string[] = [];
  const ends: number[] = [];
  let length = 0;
  const indexOf = new Map<string, number>();
  const notes: (string | number)[] = [];
  for (const note of message.notes) {
    notes.push(note.userId, note.seq, note.deltas.length);
    for (const delta of note.deltas) {
      let index = indexOf.get(delta.payload);
      if (index === undefined) {
        index = payloads.length;
        payloads.push(delta.payload);
        length += delta.payload.length;
        ends.push(length);
        indexOf.set(delta.payload, index);
      }
      notes.push(delta.seq, index);
    }
  }
  const head: DeltasHead = { type: 'deltas', ends, notes };
  if (message.trace !== undefined) head.trace = message.trace;
  if (length <= INLINE_LIMIT_BYTES)
    return `${origin}\n${JSON.stringify(head)}\n${payloads.join('')}`;
  const bare: DeltasHead = {
    type: 'deltas',
    ends: [],
    notes: message.notes.flatMap((note) => [note.userId, note.seq, 0]),
  };
  if (message.trace !== undefined) bare.trace = message.trace;
  return `${origin}\n${JSON.stringify(bare)}\n`;
}

export type DecodedBusMessage =
  | { ok: true; origin: string; message: BusMessage; sentAt?: number }
  | { ok: false; reason: string };

/** `origin` or `origin@ms`. */
function splitOrigin(line: string): { origin: string; sentAt?: number } {
  const at = line.lastIndexOf('@');
  if (at < 0) return { origin: line };
  const sentAt = Number(line.slice(at + 1));
  return Number.isFinite(sentAt) && at + 1 < line.length
    ? { origin: line.slice(0, at), sentAt }
    : { origin: line };
}

/** `skipOrigin`: a message from this origin is answered without parsing its JSON. */
export function decodeBusMessage(text: string, skipOrigin?: string): DecodedBusMessage | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return { ok: false, reason: 'no origin' };
  const { origin, sentAt } = splitOrigin(text.slice(0, newline));
  if (origin === skipOrigin) return null;
  const stamp = sentAt === undefined ? {} : { sentAt };
  // JSON text holds no raw newline: a second one starts the payloads.
  const headEnd = text.indexOf('\n', newline + 1);
  let value: unknown;
  try {
    value = JSON.parse(text.slice(newline + 1, headEnd < 0 ? text.length : headEnd));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const message = value as BusMessage | DeltasHead;
  if (message.type !== 'deltas') return { ok: true, origin, message, ...stamp };
  const head = message as DeltasHead;
  if (headEnd < 0 || !Array.isArray(head.ends) || !Array.isArray(head.notes))
    return { ok: false, reason: 'malformed deltas' };
  const notes = unpackNotes(head, text, headEnd + 1);
  if (notes === null) return { ok: false, reason: 'malformed deltas' };
  const trace = typeof head.trace === 'string' ? { trace: head.trace } : {};
  return { ok: true, origin, message: { type: 'deltas', notes, ...trace }, ...stamp };
}

function unpackNotes(head: DeltasHead, text: string, start: number): DeltaNote[] | null {
  const { ends, notes: flat } = head;
  // Each payload is sliced once and the string shared by every note that names it.
  const sliced: (string | undefined)[] = [];
  const payloadAt = (index: unknown): string | null => {
    if (typeof index !== 'number') return null;
    const known = sliced[index];
    if (known !== undefined) return known;
    const end = ends[index];
    const begin = index === 0 ? 0 : ends[index - 1];
    if (typeof end !== 'number' || typeof begin !== 'number' || begin > end) return null;
    if (start + end > text.length) return null;
    return (sliced[index] = text.slice(start + begin, start + end));
  };
  const notes: DeltaNote[] = [];
  let at = 0;
  while (at < flat.length) {
    const userId = flat[at];
    const seq = flat[at + 1];
    const count = flat[at + 2];
    if (typeof userId !== 'string' || typeof seq !== 'number' || typeof count !== 'number')
      return null;
    at += 3;
    const deltas: DeltaNote['deltas'] = [];
    for (let i = 0; i < count; i++, at += 2) {
      const deltaSeq = flat[at];
      const payload = payloadAt(flat[at + 1]);
      if (typeof deltaSeq !== 'number' || payload === null) return null;
      deltas.push({ seq: deltaSeq, payload });
    }
    notes.push({ userId, seq, deltas });
  }
  return notes;
}
