import { FUNNEL, FUNNEL_TIMEOUT_SEC } from '../constants';
import { CoreError } from '../errors';

/** Every funnel the messenger logs. A name outside this list is a programming error. */
export const FUNNEL_NAMES = [
  'WWW_MESSENGER_SEARCH_FUNNEL',
  'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
  'WWW_MESSENGER_OMNIPICKER_FUNNEL',
  'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
  'WWW_MESSENGER_SHARE_FUNNEL',
  'WWW_MESSENGER_CALL_FUNNEL',
  'WWW_MESSENGER_NUX_FUNNEL',
] as const;
export type FunnelName = (typeof FUNNEL_NAMES)[number];

export type FunnelLoggingId = (typeof FUNNEL.loggingIds)[number];

export interface FunnelDefinition {
  readonly name: FunnelName;
  readonly loggingId: FunnelLoggingId;
  readonly timeoutSec: number;
  /** Probability in (0, 1] that a start is sampled in. */
  readonly samplingRate: number;
}

export type FunnelRegistry = Readonly<Record<string, FunnelDefinition>>;

const [SEARCH_SURFACES, COMPOSE_FLOWS, CALLS_AND_ONBOARDING] = FUNNEL.loggingIds;

function define(
  name: FunnelName,
  loggingId: FunnelLoggingId,
  timeoutSec: number,
  samplingRate: number,
): FunnelDefinition {
  return { name, loggingId, timeoutSec, samplingRate };
}

/**
 * Logging ids group the funnels by surface: 9500 the search surfaces, 9501 the
 * compose flows, 9502 calls and onboarding (the seed gives the ids, not the
 * grouping). Keystroke-level search funnels are the noisiest, so they are sampled.
 */
export const FUNNEL_REGISTRY: FunnelRegistry = {
  WWW_MESSENGER_SEARCH_FUNNEL: define(
    'WWW_MESSENGER_SEARCH_FUNNEL',
    SEARCH_SURFACES,
    FUNNEL_TIMEOUT_SEC.search,
    0.5,
  ),
  WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL: define(
    'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
    SEARCH_SURFACES,
    FUNNEL_TIMEOUT_SEC.broadcastSearch,
    1,
  ),
  WWW_MESSENGER_OMNIPICKER_FUNNEL: define(
    'WWW_MESSENGER_OMNIPICKER_FUNNEL',
    SEARCH_SURFACES,
    FUNNEL_TIMEOUT_SEC.omnipicker,
    1,
  ),
  WWW_MESSENGER_GROUP_CREATION_FUNNEL: define(
    'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
    COMPOSE_FLOWS,
    FUNNEL_TIMEOUT_SEC.groupCreation,
    1,
  ),
  WWW_MESSENGER_SHARE_FUNNEL: define(
    'WWW_MESSENGER_SHARE_FUNNEL',
    COMPOSE_FLOWS,
    FUNNEL_TIMEOUT_SEC.share,
    1,
  ),
  WWW_MESSENGER_CALL_FUNNEL: define(
    'WWW_MESSENGER_CALL_FUNNEL',
    CALLS_AND_ONBOARDING,
    FUNNEL_TIMEOUT_SEC.call,
    1,
  ),
  WWW_MESSENGER_NUX_FUNNEL: define(
    'WWW_MESSENGER_NUX_FUNNEL',
    CALLS_AND_ONBOARDING,
    FUNNEL_TIMEOUT_SEC.nux,
    1,
  ),
};

export function isFunnelName(name: string): name is FunnelName {
  return (FUNNEL_NAMES as readonly string[]).includes(name);
}

/** Seed section 8: an unregistered name is an unrecoverable violation. */
export function getFunnelDefinition(
  name: string,
  registry: FunnelRegistry = FUNNEL_REGISTRY,
): FunnelDefinition {
  const definition = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (definition === undefined) {
    throw new CoreError('funnel_not_registered', 'Funnel name not registered.');
  }
  return definition;
}
