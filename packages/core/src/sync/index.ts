export {
  SYNC_CLOSE,
  SYNC_FATAL_CLOSE_CODES,
  SYNC_PATH,
  SYNC_PROTOCOL_VERSION,
  SYNC_TIMING,
} from './protocol';
export {
  FOLDERS,
  deltaSchema,
  wireMessageSchema,
  wireParticipantSchema,
  wireThreadSchema,
} from './deltas';
export type { Delta, DeltaKind, Folder, WireMessage, WireParticipant, WireThread } from './deltas';
export {
  CLIENT_PRESENCE_STATES,
  RESYNC_REASONS,
  SYNC_ERROR_CODES,
  TYPING_STATES,
  clientFrameSchema,
  helloFrame,
  helloFrameSchema,
  parseClientFrame,
  parseServerFrame,
  serverFrameSchema,
} from './frames';
export type {
  CallClientFrame,
  ClientFrame,
  ClientPresenceState,
  HelloFrame,
  ParsedFrame,
  ResyncReason,
  ServerFrame,
  ServerFrameType,
  SyncErrorCode,
  TypingState,
} from './frames';
export { initialSyncClientState, reconnectDelayMs, reduceSyncClient } from './client-reducer';
export type {
  EphemeralFrame,
  SyncClientBase,
  SyncClientCommand,
  SyncClientEvent,
  SyncClientResult,
  SyncClientState,
  SyncStopReason,
} from './client-reducer';
export {
  TYPING,
  applyTypingFrame,
  initialTypingSender,
  noTypers,
  reduceTypingSender,
  typersIn,
} from './typing';
export type {
  TypingIndicators,
  TypingSenderCommand,
  TypingSenderEvent,
  TypingSenderState,
} from './typing';
export {
  MESSAGING_LIMITS,
  UNSENT_MESSAGE_KIND,
  attributionTagsSchema,
  editMessageInputSchema,
  createGroupInputSchema,
  groupNameSchema,
  imageSrcSchema,
  messageTextSchema,
  nicknameSchema,
  offlineThreadingIdSchema,
  sendMessageInputSchema,
  textLength,
} from './message-input';
export type { CreateGroupInput, EditMessageInput, SendMessageInput } from './message-input';
export {
  ATTACHMENT_CIPHER,
  ATTACHMENT_LIMITS,
  ATTACHMENT_MIME_TYPES,
  ATTACHMENT_TYPE_HEADER,
  attachmentPath,
  attachmentRefSchema,
  attachmentRefsSchema,
  attachmentUploadResultSchema,
  isAttachmentMimeType,
} from './attachments';
export type { AttachmentMimeType, AttachmentRef } from './attachments';
export {
  BROADCAST_KINDS,
  BROADCAST_LIMITS,
  broadcastInputSchema,
  recipientOfflineId,
} from './broadcast-input';
export type { BroadcastInput, BroadcastKind } from './broadcast-input';
export {
  QUICK_REACTIONS,
  isOneEmoji,
  reactionInputSchema,
  tallyReactions,
  wireReactionSchema,
} from './reactions';
export type { ReactionInput, ReactionTally, WireReaction } from './reactions';
