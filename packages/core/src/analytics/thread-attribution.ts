import { CoreError } from '../errors';

/** Seed section 3: any tag with this prefix is a bot/page trigger. */
export const BNP_TRIGGER_PREFIX = 'bnp:trigger:';
export const THREAD_ATTRIBUTION_TAGS = [
  'customer_chat_plugin',
  'messenger_web',
  'messenger_web_search',
  'm_dot_me',
] as const;

export interface ThreadAttributionState {
  readonly messagingTags: readonly string[];
  readonly threadID: string | null;
}

export type ThreadAttributionAction =
  | {
      readonly type: 'update-thread-tag';
      readonly threadID: string;
      readonly tags: readonly string[];
    }
  | { readonly type: 'select-thread'; readonly threadID: string | null };

export const initialThreadAttribution: ThreadAttributionState = {
  messagingTags: [],
  threadID: null,
};

export function isThreadAttributionTag(tag: string): boolean {
  return (
    tag.startsWith(BNP_TRIGGER_PREFIX) ||
    (THREAD_ATTRIBUTION_TAGS as readonly string[]).includes(tag)
  );
}

export function reduceThreadAttribution(
  state: ThreadAttributionState,
  action: ThreadAttributionAction,
): ThreadAttributionState {
  switch (action.type) {
    case 'update-thread-tag': {
      const invalid = action.tags.find((tag) => !isThreadAttributionTag(tag));
      if (invalid !== undefined) {
        throw new CoreError(
          'invalid_attribution_tag',
          `Unknown thread attribution tag: ${invalid}`,
        );
      }
      return { messagingTags: [...new Set(action.tags)], threadID: action.threadID };
    }
    case 'select-thread':
      return { messagingTags: [], threadID: action.threadID };
  }
}

/** The tags to attach to a message sent in `threadID`: only those set for that thread. */
export function attributionTagsFor(
  state: ThreadAttributionState,
  threadID: string,
): readonly string[] {
  return state.threadID === threadID ? state.messagingTags : [];
}
