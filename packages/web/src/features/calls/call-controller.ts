import {
  IDLE_CALL,
  createCallReducer,
  hasErrorCode,
  type CallCommand,
  type CallEvent,
  type CallKind,
  type CallPeer,
  type CallState,
  type EphemeralFrame,
  type ServerFrame,
  type WireCall,
} from '@messenger/core';
import type { DeltaListener } from '../sync/sync-connection';
import { CallRequests, toIceServers, type CallResult, type CallSender } from './call-requests';
import { newCallId } from './device-id';
import { ExternalStore } from './external-store';
import { MediaTelling, applyTrackMedia, remoteMediaEvent } from './media-telling';
import { PeerMesh } from './peer-mesh';
import { incomingEvent, joinedDevices, remoteEvents } from './wire-events';

type CallSignal = Extract<ServerFrame, { type: 'call_signal' }>;

/** The parts of the sync connection calls use (tests pass a fake). */
export interface CallTransport extends CallSender {
  readonly deviceId: string | null;
  onDelta(listener: DeltaListener): () => void;
  onEphemeral(listener: (frame: EphemeralFrame) => void): () => void;
}

/** What the call UI shows: core's call state, the server's view, and the media. */
export interface CallView {
  state: CallState;
  call: WireCall | null;
  local: MediaStream | null;
  remotes: ReadonlyMap<string, MediaStream>;
}

/** The server's ring timer decides; the local one only covers a server that went quiet. */
const RING_TIMER_SLACK_MS = 2_000;

/**
 * One tab's calls: feeds core's call reducer from the server's call deltas
 * and the media layer, and performs its commands (call actions on the sync
 * socket, getUserMedia, the peer mesh, the ring timer).
 */
export class CallController extends ExternalStore<CallView> {
  private reduce = createCallReducer();
  private readonly threadCalls = new Map<string, WireCall>();
  private mesh: PeerMesh | null = null;
  private iceServers: RTCIceServer[] = [];
  private ringTimer: number | null = null;
  /** Joining a running call from the thread (not answering a ring). */
  private joining = false;
  private readonly requests: CallRequests;
  private readonly telling: MediaTelling;

  constructor(
    private readonly connection: CallTransport,
    private readonly viewerId: string,
  ) {
    super({ state: IDLE_CALL, call: null, local: null, remotes: new Map() });
    this.requests = new CallRequests(connection);
    this.telling = new MediaTelling((frame) => connection.sendCall(frame));
    connection.onDelta((delta, info) => {
      if (delta.kind === 'call_updated') this.onWire(delta.call, info.live);
    });
    connection.onEphemeral((frame) => {
      if (frame.type === 'call_result') this.requests.settle(frame);
      else if (frame.type === 'call_signal') this.onSignal(frame);
      else if (frame.type === 'call_media') this.dispatch(remoteMediaEvent(frame, this.callId()));
    });
  }

  /** The call running in a thread (for 'Join call' and the picker), if this tab knows one. */
  threadCall(threadId: string): WireCall | null {
    return this.threadCalls.get(threadId) ?? null;
  }

  get busy(): boolean {
    const s = this.view.state.status;
    return s !== 'idle' && s !== 'ended';
  }

  async start(
    threadId: string,
    kind: CallKind,
    peers: readonly CallPeer[],
    options: { userIds?: string[]; ringBlocked?: boolean } = {},
  ): Promise<void> {
    if (this.busy) return;
    if (this.view.state.status === 'ended') this.dismiss();
    const callId = newCallId(Date.now());
    this.reduce = createCallReducer();
    this.joining = false;
    this.dispatch({ type: 'place_call', callId, kind, peers, at: Date.now() });
    const result = await this.requests.send({
      action: 'start',
      call_id: callId,
      thread_id: threadId,
      kind,
      ...(options.userIds === undefined ? {} : { user_ids: options.userIds }),
      ...(options.ringBlocked === true ? { ring_blocked: true } : {}),
    });
    this.afterResult(callId, result);
  }

  /** Joins the call running in a thread. */
  join(call: WireCall): void {
    if (this.busy) return;
    if (this.view.state.status === 'ended') this.dismiss();
    // Joining: whoever is in the call stands for the caller.
    const event = incomingEvent(call, this.viewerId, null, Date.now());
    if (event === null) return;
    this.useLimits(call);
    this.joining = true;
    this.setCall(call);
    this.dispatch(event);
    this.dispatch({ type: 'answer', at: Date.now() });
  }

  answer(): void {
    this.dispatch({ type: 'answer', at: Date.now() });
  }

  reject(): void {
    this.dispatch({ type: 'reject', at: Date.now() });
  }

  hangUp(): void {
    this.dispatch({ type: 'hang_up', at: Date.now() });
  }

  setMedia(change: { muted?: boolean; cameraOff?: boolean }): void {
    this.dispatch({ type: 'set_media', ...change, at: Date.now() });
  }

  /** Rings more people of the thread into the running call (the picker). */
  async invite(peers: readonly CallPeer[], ringBlocked = false): Promise<void> {
    const state = this.view.state;
    if (!this.busy || state.status === 'idle' || state.status === 'ended') return;
    this.dispatch({ type: 'invite', peers, at: Date.now() });
    const result = await this.requests.send({
      action: 'invite',
      call_id: state.callId,
      user_ids: peers.map((p) => p.id),
      ...(ringBlocked ? { ring_blocked: true } : {}),
    });
    this.afterResult(state.callId, result);
  }

  dismiss(): void {
    this.dispatch({ type: 'dismiss', at: Date.now() });
    if (this.view.state.status === 'idle') this.update({ call: null, remotes: new Map() });
  }

  private afterResult(callId: string, result: CallResult): void {
    if (this.callId() !== callId) return;
    if (result.error !== undefined || result.call === undefined) {
      const reason = hasErrorCode(result.error?.code, 'in_another_call')
        ? 'in_another_call'
        : 'failed';
      this.dispatch({ type: 'call_failed', reason, at: Date.now() });
      return;
    }
    if (result.ice_servers !== undefined) this.iceServers = toIceServers(result.ice_servers);
    this.useLimits(result.call);
    this.applyWire(result.call);
  }

  private useLimits(call: WireCall): void {
    this.reduce = createCallReducer({
      maxParticipants: call.max_participants,
      ringTimeoutMs: call.ring_timeout_ms,
    });
  }

  private callId(): string | null {
    const state = this.view.state;
    return state.status === 'idle' ? null : state.callId;
  }

  private onWire(call: WireCall, live: boolean): void {
    if (call.status === 'ended') this.threadCalls.delete(call.thread_id);
    else this.threadCalls.set(call.thread_id, call);
    if (this.callId() === call.call_id) {
      if (this.view.state.status !== 'ended') this.applyWire(call);
      else this.touch();
      return;
    }
    const me = call.participants.find((p) => p.user_id === this.viewerId);
    // A replayed ring (the socket just connected) still rings while it can be answered.
    const fresh = live || Date.now() - call.started_at < call.ring_timeout_ms;
    if (!fresh || this.busy || call.status === 'ended' || me?.state !== 'ringing') {
      this.touch();
      return;
    }
    // Rung on every open device.
    if (this.view.state.status === 'ended') this.dismiss();
    const event = incomingEvent(call, this.viewerId, call.initiator_id, Date.now());
    if (event === null) return;
    this.useLimits(call);
    this.joining = false;
    this.setCall(call);
    this.dispatch(event);
  }

  /** A newer server view of the current call. */
  private applyWire(call: WireCall): void {
    const before = this.view.call;
    const state = this.view.state;
    const me = call.participants.find((p) => p.user_id === this.viewerId);
    this.setCall(call);
    if (state.status === 'incoming_ringing' && !this.joining) {
      if (me?.state === 'no_answer') this.dispatch({ type: 'ring_timeout', at: Date.now() });
      else if (me?.state === 'connected' || me?.state === 'rejected') {
        // Answered or declined on another device: this one stops ringing.
        this.clearRingTimer();
        this.update({ state: IDLE_CALL, call: null });
        return;
      }
    }
    for (const p of before?.participants ?? []) {
      const now = call.participants.find((x) => x.user_id === p.user_id);
      if (p.device_id !== null && now?.device_id !== p.device_id)
        this.dropRemote(p.user_id, p.device_id);
    }
    const base = before !== null && before.call_id === call.call_id ? before : null;
    for (const event of remoteEvents(base, call, this.viewerId, Date.now())) this.dispatch(event);
    this.telling.onCall(call, this.viewerId, this.view.state);
  }

  private onSignal(frame: CallSignal): void {
    const status = this.view.state.status;
    if (this.callId() !== frame.call_id || status === 'incoming_ringing' || status === 'ended') {
      return;
    }
    this.ensureMesh().onSignal(frame.from_user, frame.from_device, frame.payload);
  }

  private dispatch(event: CallEvent | null): void {
    if (event === null) return;
    const { state, commands } = this.reduce(this.view.state, event);
    if (state === this.view.state && commands.length === 0) return;
    this.update({ state });
    for (const command of commands) this.perform(command);
  }

  private perform(command: CallCommand): void {
    switch (command.type) {
      case 'start_ring_timer':
        this.clearRingTimer();
        this.ringTimer = window.setTimeout(() => {
          this.ringTimer = null;
          this.dispatch({ type: 'ring_timeout', at: Date.now() });
        }, command.durationMs + RING_TIMER_SLACK_MS);
        return;
      case 'cancel_ring_timer':
        this.clearRingTimer();
        return;
      case 'ring_participants':
        // The server rings on start and invite (the request carries whom).
        return;
      case 'start_media':
        this.startMedia(command.kind, command.media);
        return;
      case 'apply_local_media':
        applyTrackMedia(this.view.local, command.media);
        return;
      case 'send_media':
        this.telling.tell(this.callId(), command.media);
        return;
      case 'stop_media':
        this.stopMedia();
        return;
      case 'ice_restart':
        this.mesh?.restartIce();
        return;
      case 'send_answer':
        void this.sendAnswer();
        return;
      case 'send_reject':
        // Refused a place when joining (the call is full): the join still goes to the server,
        // which records the refusal, so the others see this person as refused, not connecting.
        if (this.joining) this.fireAndForget('join');
        else this.fireAndForget('reject');
        return;
      case 'send_hangup':
        this.fireAndForget('hangup');
        return;
    }
  }

  private async sendAnswer(): Promise<void> {
    const callId = this.callId();
    if (callId === null) return;
    const result = await this.requests.send({
      action: this.joining ? 'join' : 'answer',
      call_id: callId,
    });
    if (this.callId() !== callId) return;
    const me = result.call?.participants.find((p) => p.user_id === this.viewerId);
    if (result.call === undefined || me?.state !== 'connected') {
      // A full call is said as such (the call goes on for the others), not as a failure.
      const reason = me?.state === 'participant_limit_reached' ? me.state : 'failed';
      this.dispatch({ type: 'call_failed', reason, at: Date.now() });
      return;
    }
    if (result.ice_servers !== undefined) this.iceServers = toIceServers(result.ice_servers);
    // Whoever joins offers to everyone already in the call.
    const mesh = this.ensureMesh();
    for (const { userId, device } of joinedDevices(result.call, this.viewerId)) {
      mesh.connect(userId, device);
    }
    this.applyWire(result.call);
  }

  private fireAndForget(action: 'reject' | 'hangup' | 'join'): void {
    const callId = this.callId();
    if (callId !== null) void this.requests.send({ action, call_id: callId });
  }

  private startMedia(kind: CallKind, media: { muted: boolean; cameraOff: boolean }): void {
    const callId = this.callId();
    navigator.mediaDevices
      .getUserMedia({ audio: true, video: kind === 'video' })
      .then((stream) => {
        if (this.callId() !== callId || !this.busy) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        this.update({ local: stream });
        applyTrackMedia(stream, media);
        this.mesh?.setLocalStream(stream);
      })
      .catch(() => {
        if (this.callId() === callId)
          this.dispatch({ type: 'call_failed', reason: 'failed', at: Date.now() });
      });
  }

  private stopMedia(): void {
    for (const track of this.view.local?.getTracks() ?? []) track.stop();
    this.mesh?.close();
    this.mesh = null;
    this.update({ local: null, remotes: new Map() });
  }

  private ensureMesh(): PeerMesh {
    if (this.mesh !== null) return this.mesh;
    const callId = this.callId() ?? '';
    const mesh = new PeerMesh({
      selfDevice: this.connection.deviceId ?? '',
      iceServers: this.iceServers,
      sendSignal: (toDevice, payload) => {
        this.connection.sendCall({
          type: 'call_signal',
          call_id: callId,
          to_device: toDevice,
          payload,
        });
      },
      onRemoteStream: (userId, stream) => {
        if (this.mesh !== mesh) return;
        const remotes = new Map(this.view.remotes);
        remotes.set(userId, stream);
        this.update({ remotes });
      },
      onIceState: (state) => {
        if (this.mesh === mesh) this.dispatch({ type: 'ice_state', state, at: Date.now() });
      },
    });
    this.mesh = mesh;
    if (this.view.local !== null) mesh.setLocalStream(this.view.local);
    return mesh;
  }

  private dropRemote(userId: string, device: string): void {
    this.mesh?.drop(device);
    if (!this.view.remotes.has(userId)) return;
    const remotes = new Map(this.view.remotes);
    remotes.delete(userId);
    this.update({ remotes });
  }

  private clearRingTimer(): void {
    if (this.ringTimer !== null) window.clearTimeout(this.ringTimer);
    this.ringTimer = null;
  }

  private setCall(call: WireCall): void {
    this.update({ call });
  }

  /** The thread calls changed: a new snapshot, so 'Join call' and the picker render again. */
  private touch(): void {
    this.update({});
  }
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    readonly calls: CallController;
  }
}
