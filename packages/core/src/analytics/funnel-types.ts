import type { FUNNEL } from '../constants';
import type { FunnelAction, FunnelPayload, FunnelRecord } from '../schemas/funnel-record';
import type { FunnelLoggingId, FunnelName } from './funnel-registry';

/** A sampled-in funnel that has started and not yet ended. */
export interface LiveFunnel {
  readonly name: FunnelName;
  readonly instanceId: string;
  readonly loggingId: FunnelLoggingId;
  /** Milliseconds since the Unix epoch. */
  readonly startTime: number;
  readonly samplingRate: number;
  readonly timeoutSec: number;
  readonly tags: readonly string[];
  readonly actions: readonly FunnelAction[];
}

/**
 * `closed` follows page shutdown: every live funnel has been logged and nothing
 * may start again in this page.
 */
export type FunnelManagerState =
  | {
      readonly status: 'open';
      readonly trackFocus: boolean;
      /** Keyed by funnel name: one live instance per name. */
      readonly funnels: Readonly<Partial<Record<FunnelName, LiveFunnel>>>;
    }
  | { readonly status: 'closed' };

export type FunnelEvent =
  | { readonly type: 'start'; readonly name: string; readonly tags?: readonly string[] }
  | {
      readonly type: 'action';
      readonly name: string;
      readonly action: string;
      readonly tag?: string;
      readonly payload?: FunnelPayload;
    }
  | { readonly type: 'tag'; readonly name: string; readonly tag: string }
  | { readonly type: 'end'; readonly name: string }
  /** Dropped without logging. */
  | { readonly type: 'cancel'; readonly name: string }
  /** Fired by the timer a `schedule_timeout` command asked for. */
  | { readonly type: 'timeout'; readonly name: string; readonly instanceId: string }
  | { readonly type: 'window_blur' }
  | { readonly type: 'window_focus' }
  | { readonly type: 'set_focus_tracking'; readonly enabled: boolean }
  /** Page shutdown. */
  | { readonly type: 'session_end' };

export type FunnelCommand =
  | {
      readonly type: 'schedule_timeout';
      readonly name: FunnelName;
      readonly instanceId: string;
      readonly delayMs: number;
    }
  | { readonly type: 'cancel_timeout'; readonly name: FunnelName; readonly instanceId: string }
  | {
      readonly type: 'log';
      readonly channel: typeof FUNNEL.channel;
      readonly loggingId: FunnelLoggingId;
      readonly record: FunnelRecord;
    };

export interface FunnelResult {
  readonly state: FunnelManagerState;
  readonly commands: readonly FunnelCommand[];
}
