export * from './environments';
export * from './messages';
