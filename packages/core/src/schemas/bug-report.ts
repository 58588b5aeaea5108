import { z } from 'zod';
import { formOptional } from './form-coercion';

/** Our limits (the seed gives none). */
export const BUG_REPORT_LIMITS = {
  minDescriptionLength: 1,
  maxDescriptionLength: 5_000,
  maxCategoryLength: 64,
  maxUrlLength: 2_048,
} as const;

const fields = {
  description: z
    .string()
    .trim()
    .min(BUG_REPORT_LIMITS.minDescriptionLength)
    .max(BUG_REPORT_LIMITS.maxDescriptionLength),
  category: z
    .string()
    .max(BUG_REPORT_LIMITS.maxCategoryLength)
    .regex(/^[a-z0-9_]+$/, 'Expected a lower-case category slug')
    .optional(),
  /** The page the reporter was on; only web pages, never `javascript:` and the like. */
  url: z
    .url({ protocol: /^https?$/, error: 'Expected an http(s) URL' })
    .max(BUG_REPORT_LIMITS.maxUrlLength)
    .optional(),
};

/** Body of /ajax/bugs/report and /ajax/bugs/employee_report. */
export const bugReportSchema = z.object(fields);
export type BugReport = z.output<typeof bugReportSchema>;

export const bugReportFormSchema = z.object({
  description: fields.description,
  category: formOptional(fields.category),
  url: formOptional(fields.url),
});
