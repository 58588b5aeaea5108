import { FRIENDSHIP_STATUSES } from '@messenger/core';
import { builder } from '../../graphql/builder';
import type { GameModel, PageModel, PersonModel } from './models';
import { personIsBirthday, personSearchTokens, userUri } from './uris';

/*
 * The node types of seed section 3: people (User, InstagramMessagingUser,
 * NeoApprovedUser share the MessagingUser interface), pages and games. Field
 * names follow core's server node schemas (search/server-node-schemas.ts) and
 * the friend list entry, so the client converts them without renaming.
 */

export const ImageType = builder.objectRef<{ uri: string }>('Image').implement({
  fields: (t) => ({ uri: t.exposeString('uri') }),
});

const image = (uri: string | null) => (uri === null || uri === '' ? null : { uri });

export const FriendshipStatusEnum = builder.enumType('FriendshipStatus', {
  description: "The viewer's relationship: friend, work coworker (fb4c), or neither.",
  values: FRIENDSHIP_STATUSES,
});

export const BirthdateType = builder
  .objectRef<{ day: number; month: number }>('Birthdate')
  .implement({
    fields: (t) => ({ day: t.exposeInt('day'), month: t.exposeInt('month') }),
  });

/** Instagram users and messenger-only accounts have their own node types (seed 3). */
export function personTypename(
  row: PersonModel['row'],
): 'User' | 'InstagramMessagingUser' | 'NeoApprovedUser' {
  if (row.instagram === 1) return 'InstagramMessagingUser';
  if (row.messenger_only === 1) return 'NeoApprovedUser';
  return 'User';
}

export const MessagingUserInterface = builder.interfaceRef<PersonModel>('MessagingUser').implement({
  resolveType: (model) => personTypename(model.row),
  fields: (t) => ({
    id: t.id({ resolve: (m) => m.row.id }),
    name: t.string({ resolve: (m) => m.row.name }),
    short_name: t.string({ resolve: (m) => m.row.short_name }),
    username: t.string({ resolve: (m) => m.row.username }),
    profile_picture: t.field({
      type: ImageType,
      nullable: true,
      resolve: (m) => image(m.row.picture),
    }),
    thumbSrc: t.string({ nullable: true, resolve: (m) => m.row.picture }),
    url: t.string({ nullable: true, resolve: (m) => userUri(m.row.id) }),
    uri: t.string({ nullable: true, resolve: (m) => userUri(m.row.id) }),
    // Everyone in the imported network has a messenger account.
    is_messenger_user: t.boolean({ resolve: () => true }),
    is_messenger_only: t.boolean({ resolve: (m) => m.row.messenger_only === 1 }),
    is_memorialized: t.boolean({ resolve: (m) => m.row.memorialized === 1 }),
    /** Deactivated or deleted by the host network (SCIM): shown as such, cannot sign in. */
    is_deactivated: t.boolean({ resolve: (m) => m.row.deactivated !== 0 }),
    is_work_user: t.boolean({ resolve: (m) => m.row.account === 'work' }),
    is_birthday: t.boolean({
      resolve: (m, _args, ctx) => personIsBirthday(m.row, ctx.app.clock.now()),
    }),
    birthdate: t.field({
      type: BirthdateType,
      nullable: true,
      resolve: (m) =>
        m.row.birth_day === null || m.row.birth_month === null
          ? null
          : { day: m.row.birth_day, month: m.row.birth_month },
    }),
    friendship_status: t.field({ type: FriendshipStatusEnum, resolve: (m) => m.relation }),
    /** The friend list entry's `type` (seed 3): same values as friendship_status. */
    type: t.field({ type: FriendshipStatusEnum, resolve: (m) => m.relation }),
    alias: t.string({ nullable: true, resolve: (m) => m.alias }),
    search_tokens: t.stringList({ resolve: (m) => personSearchTokens(m.row) }),
    searchTokens: t.stringList({ resolve: (m) => personSearchTokens(m.row) }),
    can_viewer_send_money: t.boolean({ resolve: (m) => m.row.can_receive_money === 1 }),
  }),
});

const personObject = (name: 'User' | 'InstagramMessagingUser' | 'NeoApprovedUser') =>
  builder.objectRef<PersonModel>(name).implement({
    interfaces: [MessagingUserInterface],
    isTypeOf: (value) =>
      (value as { kind?: unknown }).kind === 'person' &&
      personTypename((value as PersonModel).row) === name,
  });

export const UserType = personObject('User');
export const InstagramMessagingUserType = personObject('InstagramMessagingUser');
export const NeoApprovedUserType = personObject('NeoApprovedUser');
export const PERSON_TYPES = [UserType, InstagramMessagingUserType, NeoApprovedUserType] as const;

export const PageCategoryEnum = builder.enumType('PageCategoryType', {
  values: ['PAGE', 'WORKPLACE_BOT', 'MEETING_ROOM'] as const,
});

export const PageType = builder.objectRef<PageModel>('Page').implement({
  isTypeOf: (value) => (value as { kind?: unknown }).kind === 'page',
  fields: (t) => ({
    id: t.id({ resolve: (m) => m.row.id }),
    name: t.string({ resolve: (m) => m.row.name }),
    /** A page writing in a thread is listed like a person (participants: id, name, short_name). */
    short_name: t.string({ resolve: (m) => m.row.name }),
    profile_picture: t.field({ type: ImageType, nullable: true, resolve: () => null }),
    imgSrc: t.string({ nullable: true, resolve: () => null }),
    url: t.string({ nullable: true, resolve: (m) => userUri(m.row.id) }),
    uri: t.string({ nullable: true, resolve: (m) => userUri(m.row.id) }),
    /** WORKPLACE_BOT is an internal bot, MEETING_ROOM a meeting room, PAGE a plain page. */
    category_type: t.field({ type: PageCategoryEnum, resolve: (m) => m.row.category }),
    is_verified: t.boolean({ resolve: (m) => m.row.verified === 1 }),
    isVerified: t.boolean({ resolve: (m) => m.row.verified === 1 }),
    is_commerce: t.boolean({ resolve: (m) => m.row.commerce === 1 }),
    searchTokens: t.stringList({ resolve: () => [] }),
  }),
});

export const GameType = builder.objectRef<GameModel>('Game').implement({
  isTypeOf: (value) => (value as { kind?: unknown }).kind === 'game',
  fields: (t) => ({
    id: t.id({ resolve: (m) => m.row.id }),
    name: t.string({ resolve: (m) => m.row.name }),
    profile_picture: t.field({ type: ImageType, nullable: true, resolve: () => null }),
    url: t.string({ nullable: true, resolve: () => null }),
  }),
});
