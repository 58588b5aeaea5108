export * from './types';
export * from './entry';
export * from './server-node-schemas';
export * from './server-nodes';
export * from './flatten';
export * from './ranking';
export * from './friend-list';
export * from './presence';
