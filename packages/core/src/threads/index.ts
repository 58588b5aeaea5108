export * from './badge';
export * from './messages';
export * from './participants';
export * from './permalink';
export * from './thread-title';
export * from './conversation-settings';
export * from './conversation-settings-schema';
