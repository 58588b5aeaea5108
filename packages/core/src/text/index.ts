export * from './emoticon-table';
export * from './bidi';
export * from './emoticons';
export * from './nul';
export * from './messages';
export * from './safe-href';
export type {
  EmoticonSegment,
  LinkSegment,
  MessageSegment,
  TextRange,
  TextSegment,
} from './segments';
export * from './tokenize-message';
export { BARE_DOMAIN_TLDS } from './url-host';
export * from './urls';
