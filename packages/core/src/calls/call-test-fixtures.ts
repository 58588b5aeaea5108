import type { CallCommand, CallEvent, CallPeer, CallState, CallTransition } from './call-types';
import { reduceCall } from './call-reducer';

/** A remote person for tests; the id doubles as FBID and vanity. */
export function peer(id: string): CallPeer {
  return {
    id,
    profile: {
      FBID: id,
      userName: `User ${id}`,
      vanity: id,
      profilePictureUrl: `https://example.test/${id}.jpg`,
      isMessengerUser: true,
      isPartiesUser: false,
    },
  };
}

export const peers = (count: number): CallPeer[] =>
  Array.from({ length: count }, (_, i) => peer(`p${i + 1}`));

type Reduce = (state: CallState, event: CallEvent) => CallTransition;

/** Applies events in order; returns the final state and every command emitted. */
export function run(
  state: CallState,
  events: readonly CallEvent[],
  reduce: Reduce = reduceCall,
): { state: CallState; commands: CallCommand[] } {
  let current = state;
  const commands: CallCommand[] = [];
  for (const event of events) {
    const result = reduce(current, event);
    current = result.state;
    commands.push(...result.commands);
  }
  return { state: current, commands };
}

export function statesOf(state: CallState): Record<string, string> {
  if (state.status === 'idle') return {};
  return Object.fromEntries(Object.entries(state.participants).map(([id, p]) => [id, p.state]));
}
