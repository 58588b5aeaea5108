import { z } from 'zod';
import { EMBED_THEMES } from './themes';

/*
 * The embedding kit's postMessage protocol (docs/embedding.md). The host page
 * talks to the kit's JavaScript API; the kit relays to the messenger's frame
 * (`/embed`) and back. Every message carries the tag and version, so the two
 * windows ignore any other traffic on `message` (the host's own, extensions').
 * Origins are checked by both ends before a message is read; these schemas
 * check its shape.
 */

export const EMBED_MESSAGE_SOURCE = 'messenger-embed';
export const EMBED_PROTOCOL_VERSION = 1;

const envelope = {
  source: z.literal(EMBED_MESSAGE_SOURCE),
  v: z.literal(EMBED_PROTOCOL_VERSION),
};

/** Person ids are the network file's: digits. */
const personId = z.string().regex(/^\d{1,20}$/);

/** A BCP 47 tag as browsers accept it (`en`, `fr-CA`, `zh-Hant-TW`). */
const languageTag = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/);

export { EMBED_THEMES, type EmbedTheme } from './themes';

/** Host → frame (through the kit). */
export const embedCommandSchema = z.discriminatedUnion('type', [
  z.object({
    ...envelope,
    type: z.literal('open-conversation'),
    person_id: personId,
    /** The tab's title until the thread loads its own (the host knows the name). */
    name: z.string().trim().min(1).max(200).optional(),
  }),
  z.object({ ...envelope, type: z.literal('set-theme'), theme: z.enum(EMBED_THEMES) }),
  z.object({ ...envelope, type: z.literal('set-language'), language: languageTag }),
]);
export type EmbedCommand = z.infer<typeof embedCommandSchema>;

/** Frame → host (through the kit). */
export const embedEventSchema = z.discriminatedUnion('type', [
  /** The frame is listening; `signed_in` says whether a person's session shows. */
  z.object({ ...envelope, type: z.literal('ready'), signed_in: z.boolean() }),
  z.object({ ...envelope, type: z.literal('signed-in') }),
  z.object({ ...envelope, type: z.literal('signed-out') }),
  /**
   * Load this address (the identity provider's silent sign-in) in the frame. The
   * kit does it, so the host page is the navigation's initiator: the provider
   * is usually the host's own site, and its SameSite cookie then comes along.
   */
  z.object({ ...envelope, type: z.literal('sign-in-redirect'), url: z.url() }),
  /** Unread conversations of the inbox, each time it changes. */
  z.object({ ...envelope, type: z.literal('unread'), count: z.number().int().min(0) }),
  /** The width (CSS px) the frame needs: the sidebar, plus the open chat tabs. */
  z.object({ ...envelope, type: z.literal('resize'), width: z.number().int().min(0).max(10_000) }),
]);
export type EmbedEvent = z.infer<typeof embedEventSchema>;

/** Popup → frame: the interactive sign-in finished (same origin on both sides). */
export const embedPopupSchema = z.object({ ...envelope, type: z.literal('popup-signed-in') });

type Payload<T> = T extends unknown ? Omit<T, 'source' | 'v'> : never;

/** A message ready to post: the tag and version added. */
export function embedMessage<T extends { type: string }>(
  payload: T,
): T & { source: typeof EMBED_MESSAGE_SOURCE; v: typeof EMBED_PROTOCOL_VERSION } {
  return { ...payload, source: EMBED_MESSAGE_SOURCE, v: EMBED_PROTOCOL_VERSION };
}

export type EmbedCommandPayload = Payload<EmbedCommand>;
export type EmbedEventPayload = Payload<EmbedEvent>;

/**
 * Whether an origin is one of the listed ones. Origins are compared as the
 * browser serializes them (`event.origin`, `location.origin`): scheme, host,
 * port, no path, no trailing slash.
 */
export function isListedOrigin(origin: string, listed: readonly string[]): boolean {
  return origin !== 'null' && listed.includes(origin);
}
