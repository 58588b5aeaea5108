import type { CallActionFrame, CallClientFrame, ServerFrame, WireIceServer } from '@messenger/core';

export type CallResult = Extract<ServerFrame, { type: 'call_result' }>;
export type CallAction = Omit<CallActionFrame, 'type' | 'request_id'>;

const REQUEST_TIMEOUT_MS = 10_000;

/** The one part of the call transport (call-controller's CallTransport) requests need. */
export interface CallSender {
  sendCall(frame: CallClientFrame): boolean;
}

/** Call actions on the sync socket, each answered by the `call_result` with its request_id. */
export class CallRequests {
  private readonly pending = new Map<string, (frame: CallResult) => void>();
  private count = 0;

  constructor(private readonly transport: CallSender) {}

  /** Never rejects: no answer in time, or no live socket, is an error result. */
  send(action: CallAction): Promise<CallResult> {
    const requestId = `call-${String(++this.count)}`;
    return new Promise((resolve) => {
      const fail = (code: string): void => {
        this.pending.delete(requestId);
        resolve({ type: 'call_result', request_id: requestId, error: { code, message: code } });
      };
      const timer = window.setTimeout(() => {
        fail('timeout');
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(requestId, (frame) => {
        window.clearTimeout(timer);
        this.pending.delete(requestId);
        resolve(frame);
      });
      if (!this.transport.sendCall({ type: 'call_action', request_id: requestId, ...action })) {
        window.clearTimeout(timer);
        fail('offline');
      }
    });
  }

  settle(frame: CallResult): void {
    this.pending.get(frame.request_id)?.(frame);
  }
}

/** exactOptionalPropertyTypes: leave out what the server left out. */
export function toIceServers(servers: readonly WireIceServer[]): RTCIceServer[] {
  return servers.map((s) => ({
    urls: s.urls,
    ...(s.username === undefined ? {} : { username: s.username }),
    ...(s.credential === undefined ? {} : { credential: s.credential }),
  }));
}
