import { z } from 'zod';

/**
 * The network file format `messenger-network/1` (NETWORK_FORMAT.md). Each
 * top-level section has its own schema so that validation can walk the file
 * in document order and name the first problem (see validate.ts).
 *
 * Choices where the format is silent: unknown keys are ignored (forward
 * compatible); optional keys get the defaults below; a missing top-level list
 * is an empty list.
 */
export const NETWORK_FORMAT = 'messenger-network/1';

export const ACCOUNT_KINDS = ['personal', 'work'] as const;
export const GATES = [
  'message_search',
  'group_search',
  'workchat_search_context',
  'external_bug_report',
] as const;
export const PAGE_CATEGORIES = ['PAGE', 'WORKPLACE_BOT', 'MEETING_ROOM'] as const;
export const THREAD_KINDS = ['one_to_one', 'group'] as const;
/** The folder every participant is in unless `folders` says otherwise. */
export const DEFAULT_FOLDER = 'INBOX';

export type Gate = (typeof GATES)[number];

const DIGITS = /^\d+$/;
/** A DNS label: the prefix becomes a subdomain in the staff environment switch. */
const SUBDOMAIN_PREFIX = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** Tags end up in permalinks (`/{tag}`), so they stay URL-safe. */
const FOLDER_TAG = /^[A-Za-z0-9_]{1,32}$/;
/** http(s), protocol-relative or root-relative URLs, or inline images: never `javascript:`. */
const PICTURE_URL = /^(?:https?:\/\/|\/\/|\/(?!\/)|data:image\/)/i;

const text = (max: number) => z.string().min(1).max(max);

const ID_MESSAGE = 'expected a string of digits';
export const idSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : ID_MESSAGE) })
  .regex(DIGITS, { error: ID_MESSAGE });

const bool = (fallback = false) => z.boolean().default(fallback);

export const companySchema = z.object({
  id: text(64),
  name: text(200),
  prefix: z.string().regex(SUBDOMAIN_PREFIX, {
    error: 'expected a subdomain prefix (letters, digits and hyphens)',
  }),
});

/** Days per month, February with its leap day (a birthdate may have no year). */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export const birthdateSchema = z
  .object({
    day: z.int().min(1).max(31),
    month: z.int().min(1).max(12),
    year: z.int().min(1850).max(2200).nullable().default(null),
  })
  .refine(
    ({ day, month, year }) =>
      day <= (DAYS_IN_MONTH[month - 1] ?? 31) &&
      !(month === 2 && day === 29 && year !== null && !isLeapYear(year)),
    { path: ['day'], error: 'not a day of that month' },
  );

export const personSchema = z.object({
  id: idSchema,
  name: text(200),
  short_name: text(100),
  username: z
    .string()
    .min(1)
    .max(100)
    .regex(/^\S+$/, { error: 'expected a username without spaces' }),
  password: text(1024),
  account: z.enum(ACCOUNT_KINDS),
  company: text(64).nullable().default(null),
  employee: bool(),
  messenger_only: bool(),
  memorialized: bool(),
  instagram: bool(),
  birthdate: birthdateSchema.nullable().default(null),
  picture: z
    .string()
    .max(4096)
    .regex(PICTURE_URL, { error: 'expected an http(s) URL, a path, or null' })
    .nullable()
    .default(null),
  can_receive_money: bool(),
  gates: z.array(z.enum(GATES)).default([]),
});

export const pairSchema = z.tuple([idSchema, idSchema]);

export const pageSchema = z.object({
  id: idSchema,
  name: text(200),
  category: z.enum(PAGE_CATEGORIES),
  verified: bool(),
  commerce: bool(),
  admins: z.array(idSchema).default([]),
});

export const gameSchema = z.object({
  id: idSchema,
  name: text(200),
});

export const messageSchema = z.object({
  from: idSchema,
  text: z.string().max(20_000),
  at: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 date-time' }),
});

export const threadSchema = z.object({
  id: idSchema,
  kind: z.enum(THREAD_KINDS),
  name: z.string().max(200).nullable().default(null),
  participants: z.array(idSchema).min(1),
  folders: z
    .record(
      z.string(),
      z.string().regex(FOLDER_TAG, { error: 'expected a folder tag such as "OTHER" or "PENDING"' }),
    )
    .default({}),
  nicknames: z.record(z.string(), z.string().max(100)).default({}),
  privacy_mode: z.literal([0, 1]).default(1),
  messages: z.array(messageSchema).default([]),
});

export const settingsSchema = z.object({
  allow_external_bug_reports: bool(),
});

/** The top-level sections in the order a file is checked (the order of NETWORK_FORMAT.md). */
export const networkSections = {
  format: z.literal(NETWORK_FORMAT),
  companies: z.array(companySchema).default([]),
  people: z.array(personSchema).default([]),
  friendships: z.array(pairSchema).default([]),
  contacts: z.array(pairSchema).default([]),
  blocks: z.array(pairSchema).default([]),
  pages: z.array(pageSchema).default([]),
  games: z.array(gameSchema).default([]),
  threads: z.array(threadSchema).default([]),
  settings: settingsSchema.default({ allow_external_bug_reports: false }),
};

export type NetworkCompany = z.output<typeof companySchema>;
export type NetworkBirthdate = z.output<typeof birthdateSchema>;
export type NetworkPerson = z.output<typeof personSchema>;
export type NetworkPair = z.output<typeof pairSchema>;
export type NetworkPage = z.output<typeof pageSchema>;
export type NetworkGame = z.output<typeof gameSchema>;
export type NetworkMessage = z.output<typeof messageSchema>;
export type NetworkThread = z.output<typeof threadSchema>;
export type NetworkSettings = z.output<typeof settingsSchema>;

/** A validated network: every default filled in, every reference checked. */
export interface Network {
  format: typeof NETWORK_FORMAT;
  companies: NetworkCompany[];
  people: NetworkPerson[];
  friendships: NetworkPair[];
  contacts: NetworkPair[];
  blocks: NetworkPair[];
  pages: NetworkPage[];
  games: NetworkGame[];
  threads: NetworkThread[];
  settings: NetworkSettings;
}
