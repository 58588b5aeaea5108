import type { CallEvent, CallPeer, WireCall, WireCallParticipant } from '@messenger/core';

/** A call participant's profile (seed 3) from what the server tells about them. */
export function peerOf(p: Pick<WireCallParticipant, 'user_id' | 'name'>): CallPeer {
  return {
    id: p.user_id,
    profile: {
      FBID: p.user_id,
      userName: p.name,
      vanity: '',
      profilePictureUrl: '',
      isMessengerUser: true,
      isPartiesUser: false,
    },
  };
}

/**
 * The core call reducer's events for what changed about the other
 * participants between two server views of a call. `before` is null for the
 * first view after placing the call (everyone was being contacted).
 */
export function remoteEvents(
  before: WireCall | null,
  after: WireCall,
  viewerId: string,
  at: number,
): CallEvent[] {
  const events: CallEvent[] = [];
  let timedOut = false;
  for (const p of after.participants) {
    if (p.user_id === viewerId) continue;
    const was = before?.participants.find((x) => x.user_id === p.user_id);
    if (was !== undefined && was.state === p.state && was.device_id === p.device_id) continue;
    const participantId = p.user_id;
    switch (p.state) {
      case 'ringing':
        events.push({ type: 'remote_ringing', participantId, at });
        break;
      case 'connecting':
      case 'connected':
        events.push({ type: 'remote_joined', participantId, profile: peerOf(p).profile, at });
        break;
      case 'rejected':
        events.push({ type: 'remote_rejected', participantId, at });
        break;
      case 'unreachable':
        events.push({ type: 'remote_unreachable', participantId, at });
        break;
      case 'in_another_call':
        events.push({ type: 'remote_in_another_call', participantId, at });
        break;
      case 'no_answer':
        timedOut = true;
        break;
      case 'disconnected':
      case 'connection_dropped':
        if (was !== undefined) {
          events.push({
            type: 'remote_left',
            participantId,
            dropped: p.state === 'connection_dropped',
            at,
          });
        }
        break;
      case 'participant_limit_reached':
        // The server refused them a place; shown as such, not as still connecting (issue 31).
        events.push({
          type: 'remote_limit_reached',
          participantId,
          profile: peerOf(p).profile,
          at,
        });
        break;
      default:
        // contacting: the reducer decides that itself.
        break;
    }
  }
  // The server's ring timer fired: everyone still rung is a no answer at once.
  if (timedOut) events.push({ type: 'ring_timeout', at });
  return events;
}

/** Other participants who are in the media session, with their devices. */
export function joinedDevices(
  call: WireCall,
  viewerId: string,
): { userId: string; device: string }[] {
  return call.participants.flatMap((p) =>
    p.user_id !== viewerId && p.device_id !== null && p.state === 'connected'
      ? [{ userId: p.user_id, device: p.device_id }]
      : [],
  );
}

/**
 * The reducer's incoming_call for a call the viewer is rung into (`callerId`
 * the initiator) or joins (null: the first one in the call stands for the
 * caller); null when nobody is there to talk to.
 */
export function incomingEvent(
  call: WireCall,
  viewerId: string,
  callerId: string | null,
  at: number,
): Extract<CallEvent, { type: 'incoming_call' }> | null {
  const inCall = call.participants.filter((p) => p.user_id !== viewerId && p.state === 'connected');
  const caller =
    callerId === null ? inCall[0] : call.participants.find((p) => p.user_id === callerId);
  if (caller === undefined) return null;
  return {
    type: 'incoming_call',
    callId: call.call_id,
    kind: call.kind,
    caller: peerOf(caller),
    others: inCall.filter((p) => p.user_id !== caller.user_id).map(peerOf),
    at,
  };
}
