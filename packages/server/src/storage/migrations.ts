import type { DialectMigration } from './dialect-migration';
import { networkMigration } from './migrations/001-network';
import { accountsMigration } from './migrations/002-accounts';
import { syncMigration } from './migrations/003-sync';
import { searchMigration } from './migrations/004-search';
import { attachmentsMigration } from './migrations/005-attachments';
import { callsMigration } from './migrations/006-calls';
import { deltaChainMigration } from './migrations/007-delta-chain';
import { unreadIndexesMigration } from './migrations/008-unread-indexes';
import { sharedPayloadsMigration } from './migrations/009-shared-payloads';
import { messageIdUnindexedMigration } from './migrations/010-message-id-unindexed';
import { priorHeadMigration } from './migrations/011-prior-head';
import { threadActivityUnindexedMigration } from './migrations/012-thread-activity-unindexed';
import { deltaIdBlocksMigration } from './migrations/013-delta-id-blocks';
import { rosterVersionsMigration } from './migrations/014-roster-versions';
import { reactionsMigration } from './migrations/020-reactions';
import { messageEditsMigration } from './migrations/021-message-edits';
import { hiddenMessagesMigration } from './migrations/022-hidden-messages';
import { openCallsIndexMigration } from './migrations/030-open-calls-index';
import { provisioningMigration } from './migrations/045-provisioning';
import { ssoMigration } from './migrations/046-sso';
import { repliesMentionsMigration } from './migrations/050-replies-mentions';
import { conversationSettingsMigration } from './migrations/055-conversation-settings';

/**
 * Every migration in order. Names sort in the order they run. Every migration lives in
 * migrations/ (storage imports no feature): a feature's tables are added by a
 * new file there and one line here.
 */
export const migrations: Record<string, DialectMigration> = {
  '001-network': networkMigration,
  '002-accounts': accountsMigration,
  '003-sync': syncMigration,
  '004-search': searchMigration,
  '005-attachments': attachmentsMigration,
  '006-calls': callsMigration,
  '007-delta-chain': deltaChainMigration,
  '008-unread-indexes': unreadIndexesMigration,
  '009-shared-payloads': sharedPayloadsMigration,
  '010-message-id-unindexed': messageIdUnindexedMigration,
  '011-prior-head': priorHeadMigration,
  '012-thread-activity-unindexed': threadActivityUnindexedMigration,
  '013-delta-id-blocks': deltaIdBlocksMigration,
  '014-roster-versions': rosterVersionsMigration,
  '020-reactions': reactionsMigration,
  '021-message-edits': messageEditsMigration,
  '022-hidden-messages': hiddenMessagesMigration,
  '030-open-calls-index': openCallsIndexMigration,
  '045-provisioning': provisioningMigration,
  '046-sso': ssoMigration,
  '050-replies-mentions': repliesMentionsMigration,
  '055-conversation-settings': conversationSettingsMigration,
};
