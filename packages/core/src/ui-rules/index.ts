export * from './animation-attributes';
export * from './animation-color';
export * from './animation-queue';
export * from './background-position';
export * from './image-size-cache';
export * from './messages';
export * from './referer';
export * from './staff-environments';
