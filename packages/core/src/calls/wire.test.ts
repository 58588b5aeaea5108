import { describe, expect, it } from 'vitest';
import { deltaSchema } from '../sync/deltas';
import { parseClientFrame, parseServerFrame } from '../sync/frames';

const call = {
  call_id: '17',
  thread_id: '5',
  kind: 'video',
  initiator_id: '10',
  status: 'ringing',
  started_at: 1,
  connected_at: null,
  ended_at: null,
  max_participants: 6,
  ring_timeout_ms: 45_000,
  participants: [
    { user_id: '10', name: 'Ann', state: 'connected', device_id: 'tab-1' },
    { user_id: '11', name: 'Ben', state: 'ringing', device_id: null },
  ],
};

describe('call frames on the sync socket', () => {
  it('accepts call actions and signals, and names the field at fault otherwise', () => {
    expect(
      parseClientFrame(
        JSON.stringify({
          type: 'call_action',
          request_id: 'r1',
          action: 'start',
          call_id: '17',
          thread_id: '5',
          kind: 'video',
        }),
      ).ok,
    ).toBe(true);
    const signal = {
      type: 'call_signal',
      call_id: '17',
      to_device: 'tab-1',
      payload: { description: { type: 'offer', sdp: 'v=0' } },
    };
    expect(parseClientFrame(JSON.stringify(signal)).ok).toBe(true);
    const candidate = { ...signal, payload: { candidate: { candidate: 'a', sdpMid: '0' } } };
    expect(parseClientFrame(JSON.stringify(candidate)).ok).toBe(true);
    expect(parseClientFrame(JSON.stringify({ ...signal, call_id: 'x' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('call_id') as unknown,
    });
    expect(
      parseClientFrame(JSON.stringify({ ...signal, payload: { description: { type: 'hello' } } }))
        .ok,
    ).toBe(false);
    expect(
      parseClientFrame(
        JSON.stringify({ type: 'call_action', request_id: 'r', action: 'dance', call_id: '1' }),
      ).ok,
    ).toBe(false);
  });

  it('reads call results, relayed signals and call_updated deltas', () => {
    expect(
      parseServerFrame(
        JSON.stringify({ type: 'call_result', request_id: 'r1', call, ice_servers: [] }),
      ).ok,
    ).toBe(true);
    expect(
      parseServerFrame(
        JSON.stringify({
          type: 'call_signal',
          call_id: '17',
          from_user: '10',
          from_device: 'tab-1',
          payload: { candidate: null },
        }),
      ).ok,
    ).toBe(true);
    expect(deltaSchema.safeParse({ kind: 'call_updated', call }).success).toBe(true);
    const badState = { ...call, participants: [{ ...call.participants[0], state: 'dancing' }] };
    expect(deltaSchema.safeParse({ kind: 'call_updated', call: badState }).success).toBe(false);
  });

  it("carries a participant's microphone and camera both ways, and refuses a malformed one", () => {
    const media = { type: 'call_media', call_id: '17', muted: true, camera_off: false };
    expect(parseClientFrame(JSON.stringify(media))).toEqual({ ok: true, frame: media });
    expect(parseClientFrame(JSON.stringify({ ...media, camera_off: 'yes' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('camera_off') as unknown,
    });
    expect(parseClientFrame(JSON.stringify({ ...media, call_id: '' })).ok).toBe(false);
    expect(parseClientFrame(JSON.stringify({ ...media, muted: undefined })).ok).toBe(false);
    const relayed = { ...media, from_user: '10', from_device: 'tab-1' };
    expect(parseServerFrame(JSON.stringify(relayed))).toEqual({ ok: true, frame: relayed });
    expect(parseServerFrame(JSON.stringify({ ...relayed, from_device: '' })).ok).toBe(false);
  });
});
