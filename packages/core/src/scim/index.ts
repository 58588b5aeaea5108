export * from './schemas';
export * from './filter';
export * from './patch';
