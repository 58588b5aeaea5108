import { attachmentsMigration } from '../features/attachments/migration';
import { callsMigration } from '../features/calls/migration';
import { conversationSettingsMigration } from '../features/conversation-settings/migration';
import { hiddenMessagesMigration } from '../features/hidden-messages/migration';
import { messageEditsMigration } from '../features/message-edits/migration';
import { reactionsMigration } from '../features/reactions/migration';
import { repliesMentionsMigration } from '../features/replies-mentions/migration';
import { searchMigration } from '../features/search/migration';
import type { DialectMigration } from './dialect-migration';
import { networkMigration } from './migrations/001-network';
import { accountsMigration } from './migrations/002-accounts';
import { syncMigration } from './migrations/003-sync';
import { deltaChainMigration } from './migrations/007-delta-chain';
import { unreadIndexesMigration } from './migrations/008-unread-indexes';
import { sharedPayloadsMigration } from './migrations/009-shared-payloads';
import { messageIdUnindexedMigration } from './migrations/010-message-id-unindexed';
import { priorHeadMigration } from './migrations/011-prior-head';
import { threadActivityUnindexedMigration } from './migrations/012-thread-activity-unindexed';
import { deltaIdBlocksMigration } from './migrations/013-delta-id-blocks';
import { rosterVersionsMigration } from './migrations/014-roster-versions';
import { openCallsIndexMigration } from './migrations/030-open-calls-index';
import { provisioningMigration } from './migrations/045-provisioning';
import { ssoMigration } from './migrations/046-sso';

/**
 * Every migration in order. Names sort in the order they run; a feature adds
 * its own file and one line here.
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
