import { z } from 'zod';
import { formBoolean } from './form-coercion';

/** Both flags are required: the staff toggle always states both. */
export const employeeBetaSettingsSchema = z.object({
  enabled: z.boolean(),
  redirect: z.boolean(),
});
export type EmployeeBetaSettings = z.output<typeof employeeBetaSettingsSchema>;

export const employeeBetaSettingsFormSchema = z.object({
  enabled: formBoolean(z.boolean()),
  redirect: formBoolean(z.boolean()),
});
