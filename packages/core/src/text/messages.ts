import { defineMessages, type MessageDescriptor } from '../i18n';
import type { EmoticonName } from './emoticon-table';

/** Accessible names of emoticons, e.g. the aria-label of the emoji shown for ':)'. */
export const emoticonLabels: Readonly<Record<EmoticonName, MessageDescriptor>> = defineMessages({
  smile: { id: 'text.emoticon.smile', defaultMessage: 'smile' },
  frown: { id: 'text.emoticon.frown', defaultMessage: 'frown' },
  grin: { id: 'text.emoticon.grin', defaultMessage: 'grin' },
  wink: { id: 'text.emoticon.wink', defaultMessage: 'wink' },
  tongue: { id: 'text.emoticon.tongue', defaultMessage: 'tongue' },
  gasp: { id: 'text.emoticon.gasp', defaultMessage: 'gasp' },
  unsure: { id: 'text.emoticon.unsure', defaultMessage: 'unsure' },
  heart: { id: 'text.emoticon.heart', defaultMessage: 'heart' },
  kiss: { id: 'text.emoticon.kiss', defaultMessage: 'kiss' },
  glasses: { id: 'text.emoticon.glasses', defaultMessage: 'glasses' },
  cry: { id: 'text.emoticon.cry', defaultMessage: 'cry' },
  kiki: { id: 'text.emoticon.kiki', defaultMessage: 'kiki' },
  squint: { id: 'text.emoticon.squint', defaultMessage: 'squint' },
  confused: { id: 'text.emoticon.confused', defaultMessage: 'confused' },
  grumpy: { id: 'text.emoticon.grumpy', defaultMessage: 'grumpy' },
  devil: { id: 'text.emoticon.devil', defaultMessage: 'devil' },
  angel: { id: 'text.emoticon.angel', defaultMessage: 'angel' },
  neutral: { id: 'text.emoticon.neutral', defaultMessage: 'neutral' },
  robot: { id: 'text.emoticon.robot', defaultMessage: 'robot' },
  like: { id: 'text.emoticon.like', defaultMessage: 'like' },
});
