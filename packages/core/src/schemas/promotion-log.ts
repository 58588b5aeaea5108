import { z } from 'zod';
import { formInt, formJsonObject, formOptional } from './form-coercion';

/**
 * The seed only says "enum". One value per thing a promotion can log: it was
 * seen (view), its main or second button was used, or it was dismissed.
 */
export const QP_ACTIONS = ['view', 'primary', 'secondary', 'dismiss'] as const;
export type QpAction = (typeof QP_ACTIONS)[number];

/** Our limits: the log data is a few short attribution strings. */
export const PROMOTION_LOG_LIMITS = {
  maxLogDataEntries: 50,
  maxKeyLength: 100,
  maxValueLength: 1_000,
  maxEventLength: 100,
} as const;

const logDataSchema = z
  .record(
    z.string().min(1).max(PROMOTION_LOG_LIMITS.maxKeyLength),
    z.string().max(PROMOTION_LOG_LIMITS.maxValueLength),
  )
  .refine((data) => Object.keys(data).length <= PROMOTION_LOG_LIMITS.maxLogDataEntries, {
    message: `At most ${PROMOTION_LOG_LIMITS.maxLogDataEntries} entries`,
  })
  .default({});

const fields = {
  qp_id: z.int().positive(),
  qp_action: z.enum(QP_ACTIONS),
  qp_instance_log_data: logDataSchema,
  qp_event: z.string().min(1).max(PROMOTION_LOG_LIMITS.maxEventLength).optional(),
};

/** Body of /qp/action/log/ sent as JSON. */
export const promotionLogSchema = z.object(fields);
export type PromotionLogParams = z.output<typeof promotionLogSchema>;

/** Same fields posted as a form: qp_id as text, the log data as a JSON string. */
export const promotionLogFormSchema = z.object({
  qp_id: formInt(fields.qp_id),
  qp_action: fields.qp_action,
  qp_instance_log_data: formJsonObject(fields.qp_instance_log_data),
  qp_event: formOptional(fields.qp_event),
});
