/**
 * A `delta` frame as the bytes of one unmasked WebSocket text frame (RFC 6455
 * section 5.2), made once per delta and written as it is to each socket of
 * the delta's user.
 *
 * Handed to `ws.send` as a string, each recipient's frame was measured in
 * ws and Node at every step: the string's length in UTF-8, a frame header,
 * two chunks in the socket's queue, and the JSON encoded to UTF-8 again inside
 * the write, for every socket of every recipient. Here a message's payload is
 * encoded once per node (`PayloadBytes`) and each recipient's frame is its
 * short head plus a copy of those bytes, in one chunk.
 */
export interface DeltaFrameBytes {
  /** WebSocket header, then the frame's JSON. */
  bytes: Buffer;
  /** Where the JSON starts (after the header). */
  bodyOffset: number;
}

const CLOSING_BRACE = 0x7d;
/** FIN set, opcode 1 (text). */
const FINAL_TEXT_FRAME = 0x81;

/** The UTF-8 bytes of each distinct payload, for the notes of one bus message. */
export class PayloadBytes {
  private readonly encoded = new Map<string, Buffer>();

  of(payload: string): Buffer {
    let bytes = this.encoded.get(payload);
    if (bytes === undefined) {
      bytes = Buffer.from(payload, 'utf8');
      this.encoded.set(payload, bytes);
    }
    return bytes;
  }
}

/** `{"type":"delta","seq":<seq>,"delta":<payload>}`, framed; the same text as pump.ts's `deltaFrame`. */
export function encodeDeltaFrame(seq: number, payload: Buffer): DeltaFrameBytes {
  const head = `{"type":"delta","seq":${seq},"delta":`;
  const length = head.length + payload.length + 1;
  const bodyOffset = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  // From Node's shared pool (a slab of 8 KB): an allocation of its own cost ten times as much.
  // A frame kept holds its slab, but the hub drops each frame once every socket has it.
  const bytes = Buffer.allocUnsafe(bodyOffset + length);
  bytes[0] = FINAL_TEXT_FRAME;
  if (bodyOffset === 2) {
    bytes[1] = length;
  } else if (bodyOffset === 4) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    bytes.writeUInt32BE(length >>> 0, 6);
  }
  // The head is ASCII: digits and punctuation.
  let offset = bodyOffset + bytes.write(head, bodyOffset, 'latin1');
  offset += payload.copy(bytes, offset);
  bytes[offset] = CLOSING_BRACE;
  return { bytes, bodyOffset };
}
