export * from './route-selection';
export * from './tokenizer';
