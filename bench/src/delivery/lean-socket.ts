/**
 * A WebSocket client for the load generator, lighter than `ws`'s: it hands
 * each text frame on as a range of the chunk it arrived in, with no stream,
 * no Buffer per frame and no string. The load generator shares the servers'
 * two cores, so its own cost per frame is taken from whichever server it
 * measures: with `ws` it spent as much CPU per message as the bare server
 * did (RESULTS.md). Frames it sends are masked with a zero key (RFC 6455
 * allows any key; `ws` offers the same for benchmarks), which leaves the text
 * as it is. Enough of RFC 6455 for a load generator: text and binary frames,
 * fragments, ping (answered), close; no extensions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_CONTINUATION = 0x0;
const OP_TEXT = 0x1;
const OP_BINARY = 0x2;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const NORMAL_CLOSURE = 1000;

/** A received text frame: bytes `start` to `end` of `chunk` (valid during the call only). */
export type FrameListener = (chunk: Buffer, start: number, end: number) => void;

/**
 * Every socket reads into this one buffer (net's `onread`): a read allocates
 * nothing and emits no event, and each frame is handled before the next read.
 */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HANDSHAKE_BYTES = 16 * 1024;

export class LeanSocket {
  onFrame: FrameListener = () => {};
  /** After the socket closed, for whatever reason; once. */
  onClose: () => void = () => {};
  /** Settles when the TCP socket has closed. */
  readonly closed: Promise<void>;
  private readonly socket: Socket;
  /** Until the server's 101 arrived: the bytes of its answer so far. */
  private handshake: Buffer | null = Buffer.alloc(0);
  private pending: Buffer | null = null;
  private fragments: Buffer[] = [];
  private closeSent = false;
  private ended = false;

  private constructor(
    url: URL,
    headers: Record<string, string>,
    private readonly opened: { resolve: () => void; reject: (error: Error) => void },
  ) {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(`${key}${GUID}`).digest('base64');
    this.socket = connect({
      host: url.hostname,
      port: Number(url.port),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (bytes: number, buffer: Uint8Array) => {
          const chunk = buffer as Buffer;
          if (this.handshake === null) this.receive(chunk, bytes);
          else this.receiveHandshake(chunk.subarray(0, bytes), accept);
          return true;
        },
      },
    });
    this.socket.once('connect', () => {
      const lines = [
        `GET ${url.pathname}${url.search} HTTP/1.1`,
        `host: ${url.host}`,
        'connection: Upgrade',
        'upgrade: websocket',
        'sec-websocket-version: 13',
        `sec-websocket-key: ${key}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', () => {
        this.ended = true;
        if (this.handshake !== null)
          opened.reject(new Error(`${url.href} closed before it upgraded`));
        else this.onClose();
        resolve();
      });
    });
    this.socket.on('error', (error) => {
      if (this.handshake !== null) opened.reject(error);
      this.socket.destroy();
    });
  }

  /** Opens `url` (ws://) with these request headers; rejects unless the server upgrades. */
  static connect(url: string, headers: Record<string, string> = {}): Promise<LeanSocket> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        lean.terminate();
        reject(new Error(`no answer to the upgrade of ${url} within 30 s`));
      }, 30_000);
      const lean: LeanSocket = new LeanSocket(new URL(url), headers, {
        resolve: () => {
          clearTimeout(timer);
          resolve(lean);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  private receiveHandshake(bytes: Buffer, accept: string): void {
    const answer = Buffer.concat([this.handshake ?? Buffer.alloc(0), bytes]);
    const headerEnd = answer.indexOf(HEADER_END);
    if (headerEnd < 0) {
      this.handshake = answer;
      if (answer.length > MAX_HANDSHAKE_BYTES) this.failHandshake('an upgrade answer too long');
      return;
    }
    const [status = '', ...headerLines] = answer.toString('latin1', 0, headerEnd).split('\r\n');
    if (!/^HTTP\/1\.1 101 /.test(status)) {
      this.failHandshake(`the server answered the upgrade with ${status}`);
      return;
    }
    const acceptLine = headerLines.find((line) => /^sec-websocket-accept:/i.test(line));
    if (acceptLine?.slice(acceptLine.indexOf(':') + 1).trim() !== accept) {
      this.failHandshake('the server answered the upgrade with a wrong Sec-WebSocket-Accept');
      return;
    }
    this.handshake = null;
    this.opened.resolve();
    const rest = answer.subarray(headerEnd + HEADER_END.length);
    if (rest.length > 0) this.receive(rest, rest.length);
  }

  private failHandshake(reason: string): void {
    this.opened.reject(new Error(reason));
    this.handshake = null;
    this.socket.destroy();
  }

  get isOpen(): boolean {
    return !this.ended && !this.closeSent;
  }

  send(text: string): void {
    if (!this.isOpen) return;
    const length = Buffer.byteLength(text, 'utf8');
    const frame = allocateFrame(OP_TEXT, length);
    frame.write(text, frame.length - length, 'utf8');
    this.socket.write(frame);
  }

  /** Starts the closing handshake; the socket closes when the server answers. */
  close(code = NORMAL_CLOSURE): void {
    if (this.ended || this.closeSent) return;
    this.closeSent = true;
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    this.socket.write(encodeFrame(OP_CLOSE, payload));
  }

  terminate(): void {
    this.socket.destroy();
  }

  /** Frames in the first `bytes` of `chunk` (the shared read buffer, or a copy). */
  private receive(chunk: Buffer, bytes: number): void {
    let buffer = chunk;
    let length = bytes;
    if (this.pending !== null) {
      buffer = Buffer.concat([this.pending, chunk.subarray(0, bytes)]);
      length = buffer.length;
      this.pending = null;
    }
    let at = 0;
    while (at < length) {
      const next = this.frameAt(buffer, at, length);
      if (next < 0) break;
      at = next;
    }
    // A partial frame waits for the rest; copied, as the read buffer is reused.
    if (at < length) this.pending = Buffer.from(buffer.subarray(at, length));
  }

  /** Handles the frame at `at` and returns where the next one starts, or -1 if it is incomplete. */
  private frameAt(buffer: Buffer, at: number, length: number): number {
    if (length - at < 2) return -1;
    const first = buffer[at]!;
    const second = buffer[at + 1]!;
    if ((second & 0x80) !== 0 || (first & 0x70) !== 0) {
      // A server never masks, and no extension was agreed.
      this.protocolError();
      return length;
    }
    let payload = second & 0x7f;
    let start = at + 2;
    if (payload === 126) {
      if (length - at < 4) return -1;
      payload = buffer.readUInt16BE(at + 2);
      start = at + 4;
    } else if (payload === 127) {
      if (length - at < 10) return -1;
      payload = buffer.readUInt32BE(at + 2) * 2 ** 32 + buffer.readUInt32BE(at + 6);
      start = at + 10;
    }
    const end = start + payload;
    if (end > length) return -1;
    this.dispatch((first & 0x80) !== 0, first & 0x0f, buffer, start, end);
    return end;
  }

  private dispatch(fin: boolean, opcode: number, buffer: Buffer, start: number, end: number): void {
    if (opcode === OP_TEXT || opcode === OP_BINARY || opcode === OP_CONTINUATION) {
      if (fin && this.fragments.length === 0) {
        this.onFrame(buffer, start, end);
        return;
      }
      this.fragments.push(Buffer.from(buffer.subarray(start, end)));
      if (!fin) return;
      const whole = Buffer.concat(this.fragments);
      this.fragments = [];
      this.onFrame(whole, 0, whole.length);
      return;
    }
    if (opcode === OP_PING) {
      if (this.isOpen) this.socket.write(encodeFrame(0xa, buffer.subarray(start, end)));
      return;
    }
    if (opcode === OP_CLOSE) {
      if (!this.closeSent) {
        this.closeSent = true;
        this.socket.write(encodeFrame(OP_CLOSE, buffer.subarray(start, Math.min(end, start + 2))));
      }
      this.socket.end();
    }
    // A pong needs nothing.
  }

  private protocolError(): void {
    this.close(1002);
    this.socket.destroy();
  }
}

function encodeFrame(opcode: number, payload: Buffer): Buffer {
  const frame = allocateFrame(opcode, payload.length);
  payload.copy(frame, frame.length - payload.length);
  return frame;
}

/**
 * A final, masked frame with room for `length` payload bytes at its end; the
 * zero mask key leaves the payload as written.
 */
function allocateFrame(opcode: number, length: number): Buffer {
  const lengthBytes = length < 126 ? 0 : length < 65_536 ? 2 : 8;
  const header = 2 + lengthBytes + 4;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x80 | opcode;
  if (lengthBytes === 0) frame[1] = 0x80 | length;
  else if (lengthBytes === 2) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length % 2 ** 32, 6);
  }
  frame.writeUInt32BE(0, header - 4);
  return frame;
}
