export * from './participant-state';
export * from './messages';
export * from './status-text';
export * from './call-window';
export type * from './call-types';
export { CALL_END_REASONS } from './call-types';
export { createCallReducer, reduceCall, IDLE_CALL } from './call-reducer';
export * from './call-summary';
export * from './wire';
