export * from './constants';
export * from './clock';
export * from './errors';
export * from './search';
export * from './i18n';
export * from './threads';
export * from './tokenizer';
export * from './typeahead';
