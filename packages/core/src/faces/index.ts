export * from './avatar';
