/**
 * Common text emoticons and the emoji shown for them (seed section 5). Several
 * spellings share one name, so a renderer labels them alike.
 */
export const EMOTICONS = [
  { text: ':)', emoji: '🙂', name: 'smile' },
  { text: ':-)', emoji: '🙂', name: 'smile' },
  { text: ':(', emoji: '🙁', name: 'frown' },
  { text: ':-(', emoji: '🙁', name: 'frown' },
  { text: ':D', emoji: '😀', name: 'grin' },
  { text: ':-D', emoji: '😀', name: 'grin' },
  { text: ';)', emoji: '😉', name: 'wink' },
  { text: ';-)', emoji: '😉', name: 'wink' },
  { text: ':P', emoji: '😛', name: 'tongue' },
  { text: ':-P', emoji: '😛', name: 'tongue' },
  { text: ':p', emoji: '😛', name: 'tongue' },
  { text: ':-p', emoji: '😛', name: 'tongue' },
  { text: ':O', emoji: '😮', name: 'gasp' },
  { text: ':-O', emoji: '😮', name: 'gasp' },
  { text: ':o', emoji: '😮', name: 'gasp' },
  { text: ':-o', emoji: '😮', name: 'gasp' },
  { text: ':/', emoji: '😕', name: 'unsure' },
  { text: ':-/', emoji: '😕', name: 'unsure' },
  { text: ':\\', emoji: '😕', name: 'unsure' },
  { text: '<3', emoji: '❤️', name: 'heart' },
  { text: ':*', emoji: '😘', name: 'kiss' },
  { text: ':-*', emoji: '😘', name: 'kiss' },
  { text: '8)', emoji: '😎', name: 'glasses' },
  { text: '8-)', emoji: '😎', name: 'glasses' },
  { text: 'B)', emoji: '😎', name: 'glasses' },
  { text: 'B-)', emoji: '😎', name: 'glasses' },
  { text: ":'(", emoji: '😢', name: 'cry' },
  { text: '^_^', emoji: '😊', name: 'kiki' },
  { text: '-_-', emoji: '😑', name: 'squint' },
  { text: 'o.O', emoji: '😳', name: 'confused' },
  { text: 'O.o', emoji: '😳', name: 'confused' },
  { text: '>:(', emoji: '😠', name: 'grumpy' },
  { text: '>:-(', emoji: '😠', name: 'grumpy' },
  { text: '3:)', emoji: '😈', name: 'devil' },
  { text: '3:-)', emoji: '😈', name: 'devil' },
  { text: 'O:)', emoji: '😇', name: 'angel' },
  { text: 'O:-)', emoji: '😇', name: 'angel' },
  { text: ':|', emoji: '😐', name: 'neutral' },
  { text: ':|]', emoji: '🤖', name: 'robot' },
  { text: '(y)', emoji: '👍', name: 'like' },
] as const;

export type EmoticonName = (typeof EMOTICONS)[number]['name'];

export interface Emoticon {
  readonly text: string;
  readonly emoji: string;
  readonly name: EmoticonName;
}
