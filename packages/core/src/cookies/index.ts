export * from './referer';
