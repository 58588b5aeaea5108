import { z } from 'zod';

/**
 * A nux is named either by a numeric id or by a lower-case slug
 * (`group_call_intro`). Forms post it as text already, so no form variant.
 */
export const nuxIdSchema = z
  .string()
  .max(64)
  .regex(/^(?:\d+|[a-z0-9]+(?:[_-][a-z0-9]+)*)$/, 'Expected digits or a lower-case slug');

/** Body of the basic-nux view and dismiss requests. */
export const nuxSchema = z.object({ nux_id: nuxIdSchema });
export type NuxParams = z.output<typeof nuxSchema>;
