import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../../src/features/sync/bus';
import {
  decodeBusMessage,
  encodeBusMessage,
  INLINE_LIMIT_BYTES,
} from '../../src/features/sync/bus-codec';

const payload = (text: string): string =>
  JSON.stringify({ kind: 'message_new', message: { text } });

/** One message to ten people, as a send's batch publishes it. */
function fanOut(text: string, users = 10): BusMessage {
  const shared = payload(text);
  return {
    type: 'deltas',
    notes: Array.from({ length: users }, (_, i) => ({
      userId: `u${i}`,
      seq: 40 + i,
      deltas: [{ seq: 40 + i, payload: shared }],
    })),
  };
}

describe('bus codec', () => {
  it('carries a fan-out with each payload once and gives it back whole', () => {
    const message = fanOut('hello there');
    const text = encodeBusMessage('node-a', message);
    expect(text.split('hello there')).toHaveLength(2);
    expect(decodeBusMessage(text)).toEqual({ ok: true, origin: 'node-a', message });
  });

  it("carries a traced send's traceparent in the head, inline or not, and none when untraced", () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const message = { ...fanOut('traced'), trace: traceparent };
    expect(decodeBusMessage(encodeBusMessage('node-a', message))).toEqual({
      ok: true,
      origin: 'node-a',
      message,
    });
    const big = { ...fanOut('x'.repeat(INLINE_LIMIT_BYTES + 1), 1), trace: traceparent };
    const decoded = decodeBusMessage(encodeBusMessage('node-a', big));
    expect(decoded).toMatchObject({ ok: true, message: { type: 'deltas', trace: traceparent } });
    const untraced = decodeBusMessage(encodeBusMessage('node-a', fanOut('plain')));
    expect(untraced?.ok === true && 'trace' in untraced.message).toBe(false);
  });

  it('keeps several deltas per user in order, with different payloads apart', () => {
    const message: BusMessage = {
      type: 'deltas',
      notes: [
        {
          userId: 'u1',
          seq: 3,
          deltas: [
            { seq: 2, payload: payload('one') },
            { seq: 3, payload: payload('two') },
          ],
        },
        { userId: 'u2', seq: 9, deltas: [{ seq: 9, payload: payload('two') }] },
      ],
    };
    expect(decodeBusMessage(encodeBusMessage('n', message))).toEqual({
      ok: true,
      origin: 'n',
      message,
    });
  });

  it('passes other messages through as they are', () => {
    const message: BusMessage = { type: 'ephemeral', userIds: ['u1'], frame: '{"type":"pong"}' };
    expect(decodeBusMessage(encodeBusMessage('n', message))).toEqual({
      ok: true,
      origin: 'n',
      message,
    });
  });

  it("skips the node's own echo without reading it", () => {
    const text = `node-a\n{not json`;
    expect(decodeBusMessage(text, 'node-a')).toBeNull();
    expect(decodeBusMessage(text, 'node-b')).toEqual({ ok: false, reason: 'not JSON' });
  });

  it('leaves out deltas past the inline limit but keeps the heads', () => {
    const message = fanOut('x'.repeat(INLINE_LIMIT_BYTES));
    const decoded = decodeBusMessage(encodeBusMessage('n', message));
    expect(decoded).toEqual({
      ok: true,
      origin: 'n',
      message: {
        type: 'deltas',
        notes: Array.from({ length: 10 }, (_, i) => ({ userId: `u${i}`, seq: 40 + i, deltas: [] })),
      },
    });
  });

  it('refuses text without an origin and deltas that point nowhere', () => {
    expect(decodeBusMessage('{"type":"deltas"}')).toEqual({ ok: false, reason: 'no origin' });
    const malformed = { ok: false, reason: 'malformed deltas' };
    // A payload index past the list, a payload past the text, a note cut short.
    expect(decodeBusMessage('n\n{"type":"deltas","ends":[],"notes":["u1",1,1,1,0]}\n')).toEqual(
      malformed,
    );
    expect(decodeBusMessage('n\n{"type":"deltas","ends":[9],"notes":["u1",1,1,1,0]}\n{}')).toEqual(
      malformed,
    );
    expect(decodeBusMessage('n\n{"type":"deltas","ends":[2],"notes":["u1",1,2,1,0]}\n{}')).toEqual(
      malformed,
    );
    expect(decodeBusMessage('n\n{"type":"deltas","ends":[2],"notes":[7]}\n{}')).toEqual(malformed);
    // The head without its payloads part.
    expect(decodeBusMessage('n\n{"type":"deltas","ends":[],"notes":[]}')).toEqual(malformed);
    expect(decodeBusMessage('n\n{"type":"deltas"}\n')).toEqual(malformed);
  });

  it('carries payloads with newlines, separators and characters beyond one code unit', () => {
    const odd = ['line\nbreak', 'sep\u001erecord', 'emoji 🧗‍♀️ and ü', ''];
    const message: BusMessage = {
      type: 'deltas',
      notes: odd.map((text, i) => ({
        userId: `u${i}`,
        seq: i + 1,
        deltas: [{ seq: i + 1, payload: payload(text) }],
      })),
    };
    // Raw, as no JSON payload would be: the offsets alone delimit them.
    message.notes.push({ userId: 'raw', seq: 1, deltas: [{ seq: 1, payload: 'a\nb\n' }] });
    expect(decodeBusMessage(encodeBusMessage('n', message))).toEqual({
      ok: true,
      origin: 'n',
      message,
    });
  });
});
