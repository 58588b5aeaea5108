import type { AccountTables } from './tables/accounts';
import type { AttachmentTables } from './tables/attachments';
import type { NetworkTables } from './tables/network';
import type { ScimTables } from './tables/scim';

/**
 * Every table. Their declarations sit in storage/tables/ (below the features
 * that own them) so that storage never imports a feature.
 */
export interface Database extends NetworkTables, AccountTables, AttachmentTables, ScimTables {}
