export {
  FUNNEL_NAMES,
  FUNNEL_REGISTRY,
  getFunnelDefinition,
  isFunnelName,
} from './funnel-registry';
export type {
  FunnelDefinition,
  FunnelLoggingId,
  FunnelName,
  FunnelRegistry,
} from './funnel-registry';
export type {
  FunnelCommand,
  FunnelEvent,
  FunnelManagerState,
  FunnelResult,
  LiveFunnel,
} from './funnel-types';
export { createFunnelManager, liveFunnel } from './funnel-manager';
export type { FunnelManager, FunnelManagerDeps } from './funnel-manager';
export {
  BROADCAST_SEARCH_FUNNEL,
  SHARE_FUNNEL,
  SEARCH_FUNNEL_ACTIONS,
  SEARCH_SOURCE_STATUSES,
  searchFunnelEvents,
} from './search-funnel';
export type { SearchFunnelHappening, SearchSourceStatus } from './search-funnel';
export {
  ENTRY_POINTS,
  ENTRY_POINT_SEPARATOR,
  ENTRY_POINT_TAG_PREFIX,
  entryPointSchema,
  entryPointTag,
  isEntryPoint,
  joinEntryPoint,
  parseEntryPoint,
} from './entry-points';
export type { EntryPoint, EntryPointPath } from './entry-points';
export {
  BNP_TRIGGER_PREFIX,
  THREAD_ATTRIBUTION_TAGS,
  attributionTagsFor,
  initialThreadAttribution,
  isThreadAttributionTag,
  reduceThreadAttribution,
} from './thread-attribution';
export type { ThreadAttributionAction, ThreadAttributionState } from './thread-attribution';
