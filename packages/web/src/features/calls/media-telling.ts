import type {
  CallClientFrame,
  CallEvent,
  CallState,
  LocalMedia,
  ServerFrame,
  WireCall,
} from '@messenger/core';
import { joinedDevices } from './wire-events';

type CallMediaFrame = Extract<ServerFrame, { type: 'call_media' }>;

/**
 * Telling the others in the call this tab's microphone and camera
 * (`call_media`, relayed by the server to their joined devices). It is
 * ephemeral, so it is told on every change and again whenever a device joins
 * the media session (a callee answering, someone joining late).
 */
export class MediaTelling {
  /** The other devices in the media session that have been told, for the current call. */
  private told = new Set<string>();
  private callId: string | null = null;

  constructor(private readonly send: (frame: CallClientFrame) => boolean) {}

  /** The local media changed: everyone in the call hears it now. */
  tell(callId: string | null, media: LocalMedia): void {
    if (callId === null) return;
    this.forCall(callId);
    this.send({
      type: 'call_media',
      call_id: callId,
      muted: media.muted,
      camera_off: media.cameraOff,
    });
  }

  /**
   * A newer server view of the call (`state` the reducer's after it): told
   * again when a device joined since the last telling, once this one is in.
   */
  onCall(call: WireCall, viewerId: string, state: CallState): void {
    this.forCall(call.call_id);
    const devices = joinedDevices(call, viewerId).map((d) => d.device);
    const joined = devices.some((device) => !this.told.has(device));
    this.told = new Set(devices);
    const me = call.participants.find((p) => p.user_id === viewerId);
    if (!joined || me?.state !== 'connected' || state.status === 'idle') return;
    if (state.status !== 'ended') this.tell(call.call_id, state.media);
  }

  private forCall(callId: string): void {
    if (this.callId === callId) return;
    this.callId = callId;
    this.told = new Set();
  }
}

/** The reducer's event for another participant's told media, or null for another call. */
export function remoteMediaEvent(frame: CallMediaFrame, callId: string | null): CallEvent | null {
  if (frame.call_id !== callId) return null;
  return {
    type: 'remote_media',
    participantId: frame.from_user,
    muted: frame.muted,
    cameraOff: frame.camera_off,
    at: Date.now(),
  };
}

/** The local tracks follow the media flags (a muted track sends silence, a camera off black). */
export function applyTrackMedia(stream: MediaStream | null, media: LocalMedia): void {
  if (stream === null) return;
  for (const track of stream.getAudioTracks()) track.enabled = !media.muted;
  for (const track of stream.getVideoTracks()) track.enabled = !media.cameraOff;
}
