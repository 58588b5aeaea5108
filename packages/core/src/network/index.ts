export {
  ACCOUNT_KINDS,
  DEFAULT_FOLDER,
  GATES,
  NETWORK_FORMAT,
  PAGE_CATEGORIES,
  THREAD_KINDS,
  networkSections,
} from './schema';
export type {
  Gate,
  Network,
  NetworkBirthdate,
  NetworkCompany,
  NetworkGame,
  NetworkMessage,
  NetworkPage,
  NetworkPair,
  NetworkPerson,
  NetworkSettings,
  NetworkThread,
} from './schema';
export type { NetworkProblem } from './cross-check';
export { describeNetworkProblem, messageTimeMs, validateNetwork } from './validate';
export type { NetworkValidation } from './validate';
export {
  GRAPH_ASPECTS,
  GRAPH_CHANGES_MAX,
  aspectOf,
  graphChangeSchema,
  graphChangesSchema,
} from './graph-changes';
export type { GraphAspect, GraphChange, GraphChanges } from './graph-changes';
