import type { CallActionFrame, ServerFrame } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { pause, type SyncClient } from '../sync/support/socket';
import { PEOPLE, viewerOf, type PersonName } from '../sync/support/world';

const dialects = await dialectsUnderTest();

let ids = 0;
const newCallId = (): string => `${Date.now()}${String(++ids).padStart(4, '0')}`;

async function device(live: LiveApp, name: PersonName, deviceId: string): Promise<SyncClient> {
  const socket = await live.socket(name);
  socket.send({ type: 'hello', protocol: 1, last_seq: 0, device_id: deviceId });
  await socket.waitFor((f) => f.type === 'ready');
  return socket;
}

async function act(
  socket: SyncClient,
  action: Omit<CallActionFrame, 'type' | 'request_id'>,
): Promise<Extract<ServerFrame, { type: 'call_result' }>> {
  const requestId = `m${String(++ids)}`;
  socket.send({ type: 'call_action', request_id: requestId, ...action });
  const result = await socket.waitFor(
    (f) => f.type === 'call_result' && f.request_id === requestId,
  );
  if (result.type !== 'call_result') throw new Error('unreachable');
  return result;
}

const mediaFrames = (socket: SyncClient, from = 0): ServerFrame[] =>
  socket.frames.slice(from).filter((f) => f.type === 'call_media');

describe.each(dialects)("a participant's camera and microphone in a call (%s)", (dialect) => {
  let live: LiveApp;
  let thread: string;

  beforeAll(async () => {
    live = await startLiveApp(dialect);
    const ann = await viewerOf(live.db, PEOPLE.ann);
    const sent = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'video?',
      offline_threading_id: 'media-1',
    });
    thread = sent.message.thread_id;
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('relays it to the other devices in the call only, and refuses it from anyone else', async () => {
    const a = await device(live, 'ann', 'ann-m');
    const b1 = await device(live, 'ben', 'ben-m1');
    const b2 = await device(live, 'ben', 'ben-m2');
    const outsider = await device(live, 'cal', 'cal-m');
    const callId = newCallId();
    expect(
      (await act(a, { action: 'start', call_id: callId, thread_id: thread, kind: 'video' })).error,
    ).toBeUndefined();
    await b1.waitFor((f) => f.type === 'delta' && f.delta.kind === 'call_updated');
    expect((await act(b1, { action: 'answer', call_id: callId })).call?.status).toBe('active');

    const before = { a: a.frames.length, b1: b1.frames.length, b2: b2.frames.length };
    b1.send({ type: 'call_media', call_id: callId, muted: false, camera_off: true });
    const got = await a.waitFor((f) => f.type === 'call_media', before.a);
    expect(got).toEqual({
      type: 'call_media',
      call_id: callId,
      from_user: PEOPLE.ben,
      from_device: 'ben-m1',
      muted: false,
      camera_off: true,
    });
    a.send({ type: 'call_media', call_id: callId, muted: true, camera_off: false });
    expect(await b1.waitFor((f) => f.type === 'call_media', before.b1)).toMatchObject({
      from_user: PEOPLE.ann,
      muted: true,
      camera_off: false,
    });
    await pause(200);
    // Ben's other tab is not in the call: it hears nothing, and nobody hears their own.
    expect(mediaFrames(b2, before.b2)).toEqual([]);
    expect(mediaFrames(a, before.a)).toHaveLength(1);
    expect(mediaFrames(b1, before.b1)).toHaveLength(1);

    // Only a device in the call may tell: someone outside it, or a device of a participant not joined.
    for (const socket of [outsider, b2]) {
      const from = socket.frames.length;
      socket.send({ type: 'call_media', call_id: callId, muted: true, camera_off: true });
      expect(await socket.waitFor((f) => f.type === 'error', from)).toMatchObject({
        code: 'not_in_call',
      });
    }
    // Malformed: the frame is refused at the edge, naming the field.
    const from = a.frames.length;
    a.send({ type: 'call_media', call_id: callId, muted: 'yes', camera_off: true });
    const refused = await a.waitFor((f) => f.type === 'error', from);
    expect(refused).toMatchObject({ code: 'bad_frame' });
    expect(refused.type === 'error' ? refused.message : '').toContain('muted');
    await pause(200);
    expect(mediaFrames(b1, before.b1)).toHaveLength(1);
    expect(mediaFrames(b2, before.b2)).toEqual([]);

    await act(a, { action: 'hangup', call_id: callId });
    await Promise.all([a.close(), b1.close(), b2.close(), outsider.close()]);
  });
});
