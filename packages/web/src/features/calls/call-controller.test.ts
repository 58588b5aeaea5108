import type {
  ClientFrame,
  Delta,
  EphemeralFrame,
  WireCall,
  WireCallParticipant,
} from '@messenger/core';
import { describe, expect, it } from 'vitest';
import type { DeltaListener } from '../sync/sync-connection';
import { CallController, type CallTransport } from './call-controller';

type CallFrame = Extract<ClientFrame, { type: 'call_action' | 'call_signal' }>;

/** The sync connection as calls see it: deltas and frames in, call frames out. */
class FakeTransport implements CallTransport {
  readonly deviceId = 'me-device';
  readonly sent: CallFrame[] = [];
  private readonly deltaListeners = new Set<DeltaListener>();
  private readonly frameListeners = new Set<(frame: EphemeralFrame) => void>();

  onDelta(listener: DeltaListener): () => void {
    this.deltaListeners.add(listener);
    return () => this.deltaListeners.delete(listener);
  }

  onEphemeral(listener: (frame: EphemeralFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  sendCall(frame: CallFrame): boolean {
    this.sent.push(frame);
    return true;
  }

  delta(delta: Delta, live = true): void {
    for (const listener of this.deltaListeners) listener(delta, { live });
  }
}

const ME = '20';
const CALLER = '10';

const person = (
  user_id: string,
  state: WireCallParticipant['state'],
  device_id: string | null = null,
): WireCallParticipant => ({ user_id, name: `P${user_id}`, state, device_id });

function ringing(
  startedAt = Date.now(),
  me: WireCallParticipant = person(ME, 'ringing'),
): WireCall {
  return {
    call_id: '77',
    thread_id: '5',
    kind: 'video',
    initiator_id: CALLER,
    status: 'ringing',
    started_at: startedAt,
    connected_at: null,
    ended_at: null,
    max_participants: 6,
    ring_timeout_ms: 45_000,
    participants: [person(CALLER, 'connected', 'caller-device'), me],
  };
}

function setup(): { transport: FakeTransport; controller: CallController } {
  const transport = new FakeTransport();
  return { transport, controller: new CallController(transport, ME) };
}

describe('call controller', () => {
  it('rings on a call_updated delta that rings the viewer, and a decline sends reject and shows No Answer', () => {
    const { transport, controller } = setup();
    transport.delta({ kind: 'call_updated', call: ringing() });
    expect(controller.getSnapshot().state.status).toBe('incoming_ringing');
    controller.reject();
    expect(transport.sent).toMatchObject([
      { type: 'call_action', action: 'reject', call_id: '77' },
    ]);
    const state = controller.getSnapshot().state;
    expect(state.status === 'ended' ? state.reason : null).toBe('no_answer');
  });

  it('stops ringing when another device of the viewer answered', () => {
    const { transport, controller } = setup();
    transport.delta({ kind: 'call_updated', call: ringing() });
    transport.delta({
      kind: 'call_updated',
      call: {
        ...ringing(),
        status: 'active',
        participants: [
          person(CALLER, 'connected', 'caller-device'),
          person(ME, 'connected', 'other-tab'),
        ],
      },
    });
    expect(controller.getSnapshot().state.status).toBe('idle');
    expect(transport.sent).toEqual([]);
  });

  it('a ring replayed after a reconnect rings while it can still be answered, a stale one does not', () => {
    const stale = setup();
    stale.transport.delta({ kind: 'call_updated', call: ringing(Date.now() - 60_000) }, false);
    expect(stale.controller.getSnapshot().state.status).toBe('idle');
    const fresh = setup();
    fresh.transport.delta({ kind: 'call_updated', call: ringing(Date.now() - 1_000) }, false);
    expect(fresh.controller.getSnapshot().state.status).toBe('incoming_ringing');
  });

  it('knows the calls running in threads, for Join call, until they end', () => {
    const { transport, controller } = setup();
    const running = {
      ...ringing(),
      status: 'active' as const,
      participants: [person(CALLER, 'connected', 'c'), person('30', 'connected', 'd')],
    };
    const before = controller.getSnapshot();
    transport.delta({ kind: 'call_updated', call: running });
    expect(controller.threadCall('5')?.call_id).toBe('77');
    expect(controller.getSnapshot()).not.toBe(before);
    transport.delta({ kind: 'call_updated', call: { ...running, status: 'ended' } });
    expect(controller.threadCall('5')).toBeNull();
  });
});
