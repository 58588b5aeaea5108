import type { Clock } from '../clock';
import { FUNNEL } from '../constants';
import { FUNNEL_RECORD_LIMITS } from '../schemas/funnel-record';
import type { FunnelAction, FunnelEndReason, FunnelPayload } from '../schemas/funnel-record';
import { FUNNEL_REGISTRY, getFunnelDefinition } from './funnel-registry';
import type { FunnelName, FunnelRegistry } from './funnel-registry';
import type {
  FunnelCommand,
  FunnelEvent,
  FunnelManagerState,
  FunnelResult,
  LiveFunnel,
} from './funnel-types';

export interface FunnelManagerDeps {
  readonly clock: Clock;
  /** Uniform in [0, 1); a start is sampled in when `sample() < sampling_rate`. */
  readonly sample: () => number;
  /** A fresh instance id per started funnel. */
  readonly newId: () => string;
  readonly registry?: FunnelRegistry;
}

export interface FunnelManager {
  initialState(options?: { readonly trackFocus?: boolean }): FunnelManagerState;
  reduce(state: FunnelManagerState, event: FunnelEvent): FunnelResult;
  /** Applies events in order, concatenating their commands. */
  reduceAll(state: FunnelManagerState, events: readonly FunnelEvent[]): FunnelResult;
}

type OpenState = Extract<FunnelManagerState, { status: 'open' }>;
type Funnels = OpenState['funnels'];

const FOCUS_ACTIONS = { window_blur: 'window_blur', window_focus: 'window_focus' } as const;

function addTags(existing: readonly string[], added: readonly string[]): readonly string[] {
  const tags = [...existing];
  for (const tag of added) {
    // Over the cap the tag is dropped so the logged record still passes the schema.
    if (!tags.includes(tag) && tags.length < FUNNEL_RECORD_LIMITS.maxTags) tags.push(tag);
  }
  return tags;
}

function without(funnels: Funnels, name: FunnelName): Funnels {
  const rest = { ...funnels };
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- keyed by funnel name
  delete rest[name];
  return rest;
}

function endCommands(funnel: LiveFunnel, reason: FunnelEndReason | 'cancel'): FunnelCommand[] {
  const commands: FunnelCommand[] = [
    { type: 'cancel_timeout', name: funnel.name, instanceId: funnel.instanceId },
  ];
  if (reason !== 'cancel') {
    commands.push({
      type: 'log',
      channel: FUNNEL.channel,
      loggingId: funnel.loggingId,
      record: {
        name: funnel.name,
        instance_id: funnel.instanceId,
        start_time: funnel.startTime,
        tags: [...funnel.tags],
        actions: [...funnel.actions],
        sampling_rate: funnel.samplingRate,
        timeout_sec: funnel.timeoutSec,
        end_reason: reason,
      },
    });
  }
  return commands;
}

export function createFunnelManager(deps: FunnelManagerDeps): FunnelManager {
  const registry = deps.registry ?? FUNNEL_REGISTRY;

  function appendAction(
    funnel: LiveFunnel,
    name: string,
    tag: string | null,
    payload: FunnelPayload | null,
  ): LiveFunnel {
    if (funnel.actions.length >= FUNNEL_RECORD_LIMITS.maxActions) return funnel;
    // A clock that steps backwards must not produce a negative offset.
    const relativeTime = Math.max(0, deps.clock.now() - funnel.startTime);
    const action: FunnelAction = { name, relative_time: relativeTime, tag, payload };
    return { ...funnel, actions: [...funnel.actions, action] };
  }

  function end(state: OpenState, name: FunnelName, reason: FunnelEndReason | 'cancel') {
    const funnel = state.funnels[name];
    if (funnel === undefined) return { state, commands: [] };
    return {
      state: { ...state, funnels: without(state.funnels, name) },
      commands: endCommands(funnel, reason),
    };
  }

  function start(state: OpenState, requested: string, tags: readonly string[]): FunnelResult {
    const definition = getFunnelDefinition(requested, registry);
    const name = definition.name;
    // Starting a live funnel again ends the previous instance, sampled in or not.
    const restarted = end(state, name, 'restart');
    if (deps.sample() >= definition.samplingRate) return restarted;
    const funnel: LiveFunnel = {
      name,
      instanceId: deps.newId(),
      loggingId: definition.loggingId,
      startTime: deps.clock.now(),
      samplingRate: definition.samplingRate,
      timeoutSec: definition.timeoutSec,
      tags: addTags([], tags),
      actions: [],
    };
    return {
      state: { ...restarted.state, funnels: { ...restarted.state.funnels, [name]: funnel } },
      commands: [
        ...restarted.commands,
        {
          type: 'schedule_timeout',
          name,
          instanceId: funnel.instanceId,
          delayMs: funnel.timeoutSec * 1000,
        },
      ],
    };
  }

  function update(
    state: OpenState,
    name: FunnelName,
    change: (funnel: LiveFunnel) => LiveFunnel,
  ): FunnelResult {
    const funnel = state.funnels[name];
    // Not sampled in (or already ended): nothing to record.
    if (funnel === undefined) return { state, commands: [] };
    return {
      state: { ...state, funnels: { ...state.funnels, [name]: change(funnel) } },
      commands: [],
    };
  }

  function everyFunnel(state: OpenState, change: (funnel: LiveFunnel) => LiveFunnel): OpenState {
    const funnels: Partial<Record<FunnelName, LiveFunnel>> = {};
    for (const funnel of Object.values(state.funnels)) funnels[funnel.name] = change(funnel);
    return { ...state, funnels };
  }

  function sessionEnd(state: OpenState): FunnelResult {
    const commands = Object.values(state.funnels).flatMap((funnel) =>
      endCommands(funnel, 'session_end'),
    );
    return { state: { status: 'closed' }, commands };
  }

  function reduceOpen(state: OpenState, event: FunnelEvent): FunnelResult {
    switch (event.type) {
      case 'start':
        return start(state, event.name, event.tags ?? []);
      case 'action': {
        const name = getFunnelDefinition(event.name, registry).name;
        return update(state, name, (funnel) =>
          appendAction(funnel, event.action, event.tag ?? null, event.payload ?? null),
        );
      }
      case 'tag': {
        const name = getFunnelDefinition(event.name, registry).name;
        return update(state, name, (funnel) => ({
          ...funnel,
          tags: addTags(funnel.tags, [event.tag]),
        }));
      }
      case 'end':
        return end(state, getFunnelDefinition(event.name, registry).name, 'explicit');
      case 'cancel':
        return end(state, getFunnelDefinition(event.name, registry).name, 'cancel');
      case 'timeout': {
        const name = getFunnelDefinition(event.name, registry).name;
        // A timer from an instance that already ended must not end its successor.
        if (state.funnels[name]?.instanceId !== event.instanceId) return { state, commands: [] };
        return end(state, name, 'timeout');
      }
      case 'window_blur':
      case 'window_focus': {
        if (!state.trackFocus) return { state, commands: [] };
        const action = FOCUS_ACTIONS[event.type];
        return {
          state: everyFunnel(state, (f) => appendAction(f, action, null, null)),
          commands: [],
        };
      }
      case 'set_focus_tracking':
        return { state: { ...state, trackFocus: event.enabled }, commands: [] };
      case 'session_end':
        return sessionEnd(state);
    }
  }

  function reduce(state: FunnelManagerState, event: FunnelEvent): FunnelResult {
    if (state.status === 'open') return reduceOpen(state, event);
    // Still a violation after shutdown: a bad name is a bug wherever it shows up.
    if ('name' in event) getFunnelDefinition(event.name, registry);
    return { state, commands: [] };
  }

  return {
    initialState: (options) => ({
      status: 'open',
      trackFocus: options?.trackFocus ?? false,
      funnels: {},
    }),
    reduce,
    reduceAll(state, events) {
      let current = state;
      const commands: FunnelCommand[] = [];
      for (const event of events) {
        const result = reduce(current, event);
        current = result.state;
        commands.push(...result.commands);
      }
      return { state: current, commands };
    },
  };
}

/** The live instance of `name`, if it was started and sampled in. */
export function liveFunnel(state: FunnelManagerState, name: FunnelName): LiveFunnel | undefined {
  return state.status === 'open' ? state.funnels[name] : undefined;
}
