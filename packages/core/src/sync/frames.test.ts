import { describe, expect, it } from 'vitest';
import { helloFrame, parseClientFrame, parseServerFrame, serverFrameSchema } from './frames';
import { SYNC_PROTOCOL_VERSION } from './protocol';

describe('client frames', () => {
  it('accepts every client frame type', () => {
    for (const frame of [
      { type: 'hello', protocol: 1, last_seq: 0 },
      { type: 'hello', protocol: 1, last_seq: 42, device_id: 'tab-a' },
      { type: 'ack', seq: 3 },
      { type: 'ping' },
      { type: 'typing', thread_id: '400001', state: 'typing' },
      { type: 'typing', thread_id: '400001', state: 'stopped' },
      { type: 'presence', state: 'idle' },
      { type: 'send', request_id: 'r1', input: { thread_id: '1', text: 'hi' } },
    ]) {
      expect(parseClientFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
    }
  });

  it('refuses what is not JSON, not a known frame, or out of range, naming the field', () => {
    expect(parseClientFrame('{nope')).toEqual({
      ok: false,
      code: 'bad_frame',
      message: 'A frame must be one JSON object.',
    });
    expect(parseClientFrame(JSON.stringify({ type: 'shout' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^type: /) as unknown,
    });
    expect(
      parseClientFrame(JSON.stringify({ type: 'hello', protocol: 1, last_seq: -1 })),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^last_seq: /) as unknown,
    });
    expect(parseClientFrame(JSON.stringify({ type: 'ack', seq: 0 }))).toMatchObject({ ok: false });
    expect(
      parseClientFrame(JSON.stringify({ type: 'typing', thread_id: 'abc', state: 'typing' })),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^thread_id: /) as unknown });
    // The input of a send is the server's to check (with its field named in the answer), not the frame's.
    expect(
      parseClientFrame(JSON.stringify({ type: 'send', request_id: '', input: {} })),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^request_id: /) as unknown });
    expect(
      parseClientFrame(JSON.stringify({ type: 'send', request_id: 'x'.repeat(65), input: {} })),
    ).toMatchObject({ ok: false });
    expect(parseClientFrame('[]')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^frame: /) as unknown,
    });
  });

  it('builds hello frames with the current protocol version', () => {
    expect(helloFrame(5)).toEqual({ type: 'hello', protocol: SYNC_PROTOCOL_VERSION, last_seq: 5 });
    expect(helloFrame(0, 'd')).toEqual({ type: 'hello', protocol: 1, last_seq: 0, device_id: 'd' });
  });
});

describe('server frames', () => {
  const message = {
    id: '9001',
    thread_id: '400001',
    sender_id: '100001',
    text: 'hi',
    created_at: 1_700_000_000_000,
    seq_in_thread: 12,
    offline_threading_id: 'abc-1',
    entry_point: null,
    tags: [],
    kind: 'text',
  };

  it('parses deltas of every kind', () => {
    const thread = {
      thread_id: '400001',
      kind: 'group',
      name: 'Climbers',
      image_src: null,
      participants: [
        { id: '100001', kind: 'person', last_read_seq: 3, last_delivered_seq: 4 },
        { id: '200001', kind: 'page', last_read_seq: 0, last_delivered_seq: 0 },
      ],
      custom_nickname: { '100001': 'Ace' },
      viewer_participant_id: '100001',
      folder: 'INBOX',
      unread_count: 2,
      last_activity_at: 5,
      last_message_seq: 4,
    };
    for (const delta of [
      { kind: 'message_new', message },
      { kind: 'message_delivered', thread_id: '1', user_id: '2', seq: 3 },
      { kind: 'read_receipt', thread_id: '1', user_id: '2', seq: 3 },
      { kind: 'thread_updated', thread },
      { kind: 'thread_removed', thread_id: '1', reason: 'ignored' },
    ]) {
      const frame = { type: 'delta', seq: 1, delta };
      expect(parseServerFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
    }
  });

  it('parses the control and ephemeral frames', () => {
    for (const frame of [
      { type: 'ready', seq: 0 },
      { type: 'resync_required', reason: 'gap', seq: 10 },
      { type: 'pong' },
      { type: 'typing', thread_id: '1', user_id: '2', state: 'stopped', expires_in_ms: 0 },
      { type: 'presence', user_id: '2', status: 'OFFLINE' },
      { type: 'error', code: 'bad_frame', message: 'x' },
      { type: 'send_result', request_id: 'r1', error: { code: 'forbidden', message: 'no' } },
      {
        type: 'send_result',
        request_id: 'r2',
        error: { code: 'bad_request', message: 'too long', field: 'text' },
      },
      {
        type: 'send_result',
        request_id: 'r3',
        created: true,
        message: {
          id: 'mid.1',
          thread_id: '1',
          sender_id: '2',
          text: 'hi',
          created_at: 1,
          seq_in_thread: 1,
          offline_threading_id: 'o1',
          entry_point: null,
          tags: [],
          kind: 'text',
        },
      },
    ]) {
      expect(serverFrameSchema.parse(frame)).toEqual(frame);
    }
    expect(parseServerFrame(JSON.stringify({ type: 'delta', seq: 0, delta: {} }))).toMatchObject({
      ok: false,
    });
  });
});
