import { z } from 'zod';

/**
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as the messenger speaks
 * it: the shapes a provisioning client sends, checked here so the server
 * writes nothing partial and names the attribute at fault.
 */
export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** RFC 7644 3.4.2.4: the page a client may ask for at most (it may ask for less). */
export const SCIM_LIMITS = {
  maxResults: 200,
  defaultCount: 100,
  userNameMax: 128,
  displayNameMax: 200,
  externalIdMax: 256,
  passwordMax: 1024,
  groupMembersMax: 250,
} as const;

/** RFC 7644 3.12, table 9: the detail error types a 400 (or 409) names. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/** A refusal a pure SCIM step can make; the server turns it into the error body. */
export interface ScimProblem {
  status: number;
  scimType?: ScimType;
  detail: string;
}

/**
 * Some provisioning clients (Microsoft Entra ID among them) send booleans as
 * the strings "True" and "False"; the RFC's type is boolean, so both spellings
 * are read as one.
 */
const scimBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}, z.boolean());

const personId = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

const nameSchema = z
  .object({
    formatted: z.string().max(SCIM_LIMITS.displayNameMax).optional(),
    familyName: z.string().max(SCIM_LIMITS.displayNameMax).optional(),
    givenName: z.string().max(SCIM_LIMITS.displayNameMax).optional(),
    middleName: z.string().max(SCIM_LIMITS.displayNameMax).optional(),
    honorificPrefix: z.string().max(64).optional(),
    honorificSuffix: z.string().max(64).optional(),
  })
  .strip();

const emailSchema = z
  .object({
    value: z.string().max(320),
    type: z.string().max(64).optional(),
    primary: z.boolean().optional(),
    display: z.string().max(320).optional(),
  })
  .strip();

/**
 * A User as created (POST) or replaced (PUT). `id` and `meta` are the
 * server's and ignored when sent (RFC 7643 3.1: readOnly); `password` is
 * writeOnly. Attributes the messenger has no use for are dropped.
 */
export const scimUserInputSchema = z
  .object({
    schemas: z.array(z.string()).optional(),
    userName: z
      .string()
      .trim()
      .min(1, 'userName is required.')
      .max(SCIM_LIMITS.userNameMax)
      .regex(/^[^\s]+$/, 'userName cannot contain spaces.'),
    externalId: z.string().max(SCIM_LIMITS.externalIdMax).optional(),
    name: nameSchema.optional(),
    displayName: z.string().trim().min(1).max(SCIM_LIMITS.displayNameMax).optional(),
    nickName: z.string().max(SCIM_LIMITS.displayNameMax).optional(),
    userType: z.string().max(64).optional(),
    preferredLanguage: z.string().max(35).optional(),
    locale: z.string().max(35).optional(),
    title: z.string().max(SCIM_LIMITS.displayNameMax).optional(),
    emails: z.array(emailSchema).max(20).optional(),
    active: scimBoolean.optional(),
    password: z.string().min(1).max(SCIM_LIMITS.passwordMax).optional(),
  })
  .strip();
export type ScimUserInput = z.infer<typeof scimUserInputSchema>;

const memberSchema = z
  .object({
    value: personId,
    display: z.string().optional(),
    type: z.literal('User').optional(),
    $ref: z.string().optional(),
  })
  .strip();

/** A Group: a group conversation of the messenger, its members the conversation's people. */
export const scimGroupInputSchema = z
  .object({
    schemas: z.array(z.string()).optional(),
    displayName: z
      .string()
      .trim()
      .min(1, 'displayName is required.')
      .max(SCIM_LIMITS.displayNameMax),
    externalId: z.string().max(SCIM_LIMITS.externalIdMax).optional(),
    members: z.array(memberSchema).max(SCIM_LIMITS.groupMembersMax).optional(),
  })
  .strip();
export type ScimGroupInput = z.infer<typeof scimGroupInputSchema>;

/** RFC 7644 3.5.2: "op" is case-insensitive ("Add", "replace", ...). */
const patchOperationSchema = z.object({
  op: z
    .string()
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'], 'op must be add, replace or remove.')),
  path: z.string().trim().min(1).max(512).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof patchOperationSchema>;

export const scimPatchSchema = z.object({
  schemas: z
    .array(z.string())
    .refine(
      (s) => s.includes(SCIM_SCHEMAS.patchOp),
      `schemas must include ${SCIM_SCHEMAS.patchOp}.`,
    ),
  Operations: z.array(patchOperationSchema).min(1).max(100),
});
export type ScimPatch = z.infer<typeof scimPatchSchema>;

/** RFC 7644 3.4.2.4: 1-based startIndex (below 1 means 1), count (negative means 0). */
export const scimListQuerySchema = z.object({
  filter: z.string().max(1024).optional(),
  startIndex: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.max(1, n))
    .default(1),
  count: z.coerce
    .number()
    .int()
    .catch(SCIM_LIMITS.defaultCount)
    .transform((n) => Math.min(SCIM_LIMITS.maxResults, Math.max(0, n)))
    .default(SCIM_LIMITS.defaultCount),
});
export type ScimListQuery = z.infer<typeof scimListQuerySchema>;

/** The SCIM error body of RFC 7644 3.12 (status is a string there). */
export function scimErrorBody(problem: ScimProblem): Record<string, unknown> {
  return {
    schemas: [SCIM_SCHEMAS.error],
    status: String(problem.status),
    ...(problem.scimType === undefined ? {} : { scimType: problem.scimType }),
    detail: problem.detail,
  };
}
