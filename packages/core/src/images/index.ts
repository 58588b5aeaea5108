export * from './size-cache';
