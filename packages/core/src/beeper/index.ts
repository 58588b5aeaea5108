export type * from './beeper-types';
export { BEEP_STATUSES } from './beeper-types';
export * from './beeper-reducer';
export * from './sound-gate';
