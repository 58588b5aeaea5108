import {
  callPickerMessages,
  callStatusMessages,
  callSummaryMessages,
  conversationSettingsMessages,
  emoticonLabels,
  staffEnvironmentMessages,
  threadMessages,
  typeaheadMessages,
  type MessageDescriptor,
} from '@messenger/core';
import { analyticsMessages } from '../features/analytics/messages';
import { appearanceMessages } from '../features/appearance/messages';
import { attachmentMessages } from '../features/attachments/messages';
import { beeperMessages } from '../features/beeper/messages';
import { broadcastMessages } from '../features/broadcast/messages';
import { messageActionsMessages } from '../features/message-actions/messages';
import { callsMessages } from '../features/calls/messages';
import { chatSidebarMessages } from '../features/chat-sidebar/messages';
import { chatTabsMessages } from '../features/chat-tabs/messages';
import { conversationMessages } from '../features/conversation/messages';
import { embedMessages } from '../features/embed/messages';
import { conversationMenuMessages } from '../features/conversation-menu/messages';
import { hostMessages } from '../features/host/messages';
import { leavePageMessages } from '../features/leave-page/messages';
import { loginMessages } from '../features/login/messages';
import { messengerMessages } from '../features/messenger/messages';
import { nuxMessages } from '../features/nux/messages';
import { omnipickerMessages } from '../features/omnipicker/messages';
import { outboxMessages } from '../features/outbox/messages';
import { requestsMessages } from '../features/requests/messages';
import { searchTypeaheadMessages, sectionHeadings } from '../features/search-typeahead/messages';
import { staffMessages } from '../features/staff/messages';
import { expiredMessages } from '../features/session-expired/messages';
import { syncMessages } from '../features/sync/messages';
import { threadListMessages } from '../features/thread-list/messages';
import { timeMessages } from '../features/time/messages';
import { typingMessages } from '../features/typing/messages';
import { appMessages } from './app-messages';

export const DEFAULT_LOCALE = 'en';

type DescriptorGroup = Readonly<Record<string, MessageDescriptor>>;

/**
 * Every descriptor group the client formats: core's (the seed's wording) and
 * the web client's own. Later features add their groups here.
 */
export const descriptorGroups: readonly DescriptorGroup[] = [
  threadMessages,
  typeaheadMessages,
  callStatusMessages,
  callPickerMessages,
  callSummaryMessages,
  staffEnvironmentMessages,
  emoticonLabels,
  appMessages,
  appearanceMessages,
  loginMessages,
  expiredMessages,
  hostMessages,
  chatSidebarMessages,
  chatTabsMessages,
  messengerMessages,
  staffMessages,
  nuxMessages,
  analyticsMessages,
  threadListMessages,
  conversationMessages,
  conversationMenuMessages,
  conversationSettingsMessages,
  attachmentMessages,
  syncMessages,
  omnipickerMessages,
  outboxMessages,
  requestsMessages,
  searchTypeaheadMessages,
  sectionHeadings,
  callsMessages,
  typingMessages,
  leavePageMessages,
  beeperMessages,
  broadcastMessages,
  timeMessages,
  messageActionsMessages,
  embedMessages,
];

/**
 * The English catalogue (id → message) built from the descriptors' default
 * wording. One id with two different texts is a bug and throws.
 */
export function buildCatalogue(groups: readonly DescriptorGroup[]): Record<string, string> {
  const catalogue: Record<string, string> = {};
  for (const group of groups) {
    for (const descriptor of Object.values(group)) {
      const existing = catalogue[descriptor.id];
      if (existing !== undefined && existing !== descriptor.defaultMessage) {
        throw new Error(`Message id '${descriptor.id}' has two different texts`);
      }
      catalogue[descriptor.id] = descriptor.defaultMessage;
    }
  }
  return catalogue;
}

export const englishMessages: Record<string, string> = buildCatalogue(descriptorGroups);
