import type { AccountTables } from '../features/accounts/tables';
import type { AttachmentTables } from '../features/attachments/tables';
import type { NetworkTables } from '../features/network/tables';
import type { ScimTables } from '../features/scim/tables';

/** Every table, composed from the features that own them. */
export interface Database extends NetworkTables, AccountTables, AttachmentTables, ScimTables {}
