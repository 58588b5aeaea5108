import type { BusMessage } from './bus';
import type { DeltaNote } from './delta-log';

/**
 * The text of a bus message on Redis: `<origin node id>\n<JSON>`. The origin
 * comes first so that a node skips its own echo without parsing it.
 *
 * A message's delta is the same payload for each of its recipients, so a
 * `deltas` message carries each payload once and the notes point at them:
 * a batch of 64 messages to groups of 10 is 64 payloads, not 640.
 */
interface PackedDeltas {
  type: 'deltas';
  payloads: string[];
  /** [userId, head seq, [[seq, index into payloads], ...]] */
  notes: [string, number, [number, number][]][];
}

/** Above this, the deltas are left out and receivers read them from the log. */
export const INLINE_LIMIT_BYTES = 512 * 1024;

export function encodeBusMessage(origin: string, message: BusMessage): string {
  if (message.type !== 'deltas') return `${origin}\n${JSON.stringify(message)}`;
  const payloads: string[] = [];
  const indexOf = new Map<string, number>();
  const notes = message.notes.map((note): PackedDeltas['notes'][number] => [
    note.userId,
    note.seq,
    note.deltas.map((delta) => {
      let index = indexOf.get(delta.payload);
      if (index === undefined) {
        index = payloads.length;
        payloads.push(delta.payload);
        indexOf.set(delta.payload, index);
      }
      return [delta.seq, index];
    }),
  ]);
  const packed: PackedDeltas = { type: 'deltas', payloads, notes };
  const text = `${origin}\n${JSON.stringify(packed)}`;
  if (text.length <= INLINE_LIMIT_BYTES) return text;
  const bare: PackedDeltas = {
    type: 'deltas',
    payloads: [],
    notes: message.notes.map((note) => [note.userId, note.seq, []]),
  };
  return `${origin}\n${JSON.stringify(bare)}`;
}

export type DecodedBusMessage =
  { ok: true; origin: string; message: BusMessage } | { ok: false; reason: string };

/** `skipOrigin`: a message from this origin is answered without parsing its JSON. */
export function decodeBusMessage(text: string, skipOrigin?: string): DecodedBusMessage | null {
  const newline = text.indexOf('\n');
  if (newline < 0) return { ok: false, reason: 'no origin' };
  const origin = text.slice(0, newline);
  if (origin === skipOrigin) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(newline + 1));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const message = value as BusMessage | PackedDeltas;
  if (message.type !== 'deltas') return { ok: true, origin, message };
  const packed = message as PackedDeltas;
  if (!Array.isArray(packed.payloads) || !Array.isArray(packed.notes))
    return { ok: false, reason: 'malformed deltas' };
  const notes = unpackNotes(packed);
  if (notes === null) return { ok: false, reason: 'malformed deltas' };
  return { ok: true, origin, message: { type: 'deltas', notes } };
}

function unpackNotes(packed: PackedDeltas): DeltaNote[] | null {
  const notes: DeltaNote[] = [];
  try {
    for (const [userId, seq, deltas] of packed.notes) {
      const unpacked: DeltaNote['deltas'] = [];
      for (const [deltaSeq, index] of deltas) {
        const payload = packed.payloads[index];
        if (typeof payload !== 'string') return null;
        unpacked.push({ seq: deltaSeq, payload });
      }
      notes.push({ userId, seq, deltas: unpacked });
    }
  } catch {
    // An entry that is not a list.
    return null;
  }
  return notes;
}
