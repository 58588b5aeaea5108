export * from './attributes';
export * from './background-position';
export * from './color';
export * from './queue';
