import { z } from 'zod';
import { formBoolean, formIntList, formOptional } from './form-coercion';

/** Our limits (the seed gives none). 250 matches the largest group we allow. */
export const GROUP_PURPOSE_LIMITS = {
  maxTextLength: 100,
  maxNameLength: 100,
  maxCoworkers: 250,
  maxIdDigits: 20,
  /** A company id as the network file gives it (NETWORK_FORMAT.md: text, not only digits). */
  maxCommunityLength: 64,
} as const;

const requiredText = z.string().trim().min(1).max(GROUP_PURPOSE_LIMITS.maxTextLength);

/** An object id: decimal digits only, as ids are carried as strings. */
export const idSchema = z
  .string()
  .regex(
    new RegExp(`^\\d{1,${GROUP_PURPOSE_LIMITS.maxIdDigits}}$`),
    `Expected 1 to ${GROUP_PURPOSE_LIMITS.maxIdDigits} digits`,
  );

const fields = {
  purpose: requiredText,
  ref: requiredText,
  name: z.string().trim().min(1).max(GROUP_PURPOSE_LIMITS.maxNameLength).optional(),
  // The community is the viewer's company, whose id the network file writes as any text ('c1').
  community: z
    .string()
    .min(1)
    .max(GROUP_PURPOSE_LIMITS.maxCommunityLength)
    .regex(/^\S(.*\S)?$/, 'Expected a company id without surrounding spaces')
    .optional(),
  coworkers_to_invite: z
    .array(z.int().positive())
    .max(GROUP_PURPOSE_LIMITS.maxCoworkers)
    .default([]),
  back_disallowed: z.boolean().default(false),
};

/** Body of /work/group_creation/dialog/save_purpose/ sent as JSON. */
export const groupPurposeSchema = z.object(fields);
export type GroupPurposeParams = z.output<typeof groupPurposeSchema>;

/** Same fields posted as a form: blank optional inputs count as absent. */
export const groupPurposeFormSchema = z.object({
  purpose: fields.purpose,
  ref: fields.ref,
  name: formOptional(fields.name),
  community: formOptional(fields.community),
  coworkers_to_invite: formIntList(fields.coworkers_to_invite),
  back_disallowed: formBoolean(fields.back_disallowed),
});
