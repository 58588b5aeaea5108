import type { CallSignalPayload, IceConnectionState } from '@messenger/core';

export interface PeerMeshDeps {
  selfDevice: string;
  iceServers: RTCIceServer[];
  sendSignal: (toDevice: string, payload: CallSignalPayload) => void;
  onRemoteStream: (userId: string, stream: MediaStream) => void;
  onIceState: (state: IceConnectionState) => void;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

interface Peer {
  userId: string;
  device: string;
  pc: RTCPeerConnection;
  /** Perfect negotiation: the polite side yields when both offer at once. */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** Signals of one peer are applied in order. */
  queue: Promise<void>;
  tracksAdded: boolean;
}

const ICE_STATES: Partial<Record<RTCIceConnectionState, IceConnectionState>> = {
  checking: 'checking',
  connected: 'connected',
  completed: 'connected',
  disconnected: 'disconnected',
  failed: 'failed',
};

/**
 * One RTCPeerConnection per remote device (a full mesh), negotiated with the
 * "perfect negotiation" pattern: whoever joins offers to everyone already in
 * the call; the side with the smaller device id is the polite one.
 */
export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  private local: MediaStream | null = null;
  private closed = false;

  constructor(private readonly deps: PeerMeshDeps) {}

  setLocalStream(stream: MediaStream): void {
    this.local = stream;
    for (const peer of this.peers.values()) this.addTracks(peer);
  }

  /** Starts the media session with a device already in the call (we offer). */
  connect(userId: string, device: string): void {
    if (this.closed || this.peers.has(device)) return;
    const peer = this.create(userId, device);
    this.addTracks(peer);
  }

  /** Signalling from a device of the call; an unknown device gets its connection now. */
  onSignal(userId: string, device: string, payload: CallSignalPayload): void {
    if (this.closed) return;
    const peer = this.peers.get(device) ?? this.create(userId, device);
    peer.queue = peer.queue
      .then(() => this.apply(peer, payload))
      .catch((error: unknown) => {
        console.warn('call signalling failed', error);
      });
  }

  /** After a dropped connection: new ICE candidates on every connection that lost its path. */
  restartIce(): void {
    for (const peer of this.peers.values()) {
      const state = peer.pc.iceConnectionState;
      if (state === 'disconnected' || state === 'failed') peer.pc.restartIce();
    }
  }

  /** A device left the call. */
  drop(device: string): void {
    const peer = this.peers.get(device);
    if (peer === undefined) return;
    this.peers.delete(device);
    peer.pc.close();
  }

  close(): void {
    this.closed = true;
    for (const peer of this.peers.values()) peer.pc.close();
    this.peers.clear();
  }

  private create(userId: string, device: string): Peer {
    const config: RTCConfiguration = { iceServers: this.deps.iceServers };
    const pc = this.deps.createPeerConnection?.(config) ?? new RTCPeerConnection(config);
    const peer: Peer = {
      userId,
      device,
      pc,
      polite: this.deps.selfDevice < device,
      makingOffer: false,
      ignoreOffer: false,
      queue: Promise.resolve(),
      tracksAdded: false,
    };
    this.peers.set(device, peer);
    pc.onnegotiationneeded = () => {
      void this.offer(peer);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate === null) return;
      this.deps.sendSignal(device, {
        candidate: {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
          usernameFragment: candidate.usernameFragment,
        },
      });
    };
    pc.ontrack = ({ track, streams }) => {
      this.deps.onRemoteStream(userId, streams[0] ?? new MediaStream([track]));
    };
    pc.oniceconnectionstatechange = () => {
      const state = ICE_STATES[pc.iceConnectionState];
      if (state !== undefined && this.peers.get(device) === peer) this.deps.onIceState(state);
    };
    return peer;
  }

  private addTracks(peer: Peer): void {
    if (this.local === null || peer.tracksAdded) return;
    peer.tracksAdded = true;
    for (const track of this.local.getTracks()) peer.pc.addTrack(track, this.local);
  }

  private async offer(peer: Peer): Promise<void> {
    try {
      peer.makingOffer = true;
      await peer.pc.setLocalDescription();
      const description = peer.pc.localDescription;
      if (description !== null) {
        this.deps.sendSignal(peer.device, {
          description: { type: description.type, sdp: description.sdp },
        });
      }
    } catch (error) {
      console.warn('call offer failed', error);
    } finally {
      peer.makingOffer = false;
    }
  }

  private async apply(peer: Peer, payload: CallSignalPayload): Promise<void> {
    const { pc } = peer;
    if ('description' in payload) {
      const description = payload.description;
      const collision =
        description.type === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
      peer.ignoreOffer = !peer.polite && collision;
      if (peer.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        // Added after the offer, our tracks take its transceivers: one round trip, no renegotiation.
        this.addTracks(peer);
        await pc.setLocalDescription();
        const answer = pc.localDescription;
        if (answer !== null) {
          this.deps.sendSignal(peer.device, {
            description: { type: answer.type, sdp: answer.sdp },
          });
        }
      }
      return;
    }
    if (payload.candidate === null) return;
    try {
      const c = payload.candidate;
      await pc.addIceCandidate({
        candidate: c.candidate,
        sdpMid: c.sdpMid ?? null,
        sdpMLineIndex: c.sdpMLineIndex ?? null,
        usernameFragment: c.usernameFragment ?? null,
      });
    } catch (error) {
      if (!peer.ignoreOffer) throw error;
    }
  }
}
