export { formatIssuePath, formatZodIssue } from './format-issue';
export { explainZodError, labelOf, peopleMessageOf } from './people-message';
export type { FieldProblem } from './format-issue';
export { formBoolean, formInt, formIntList, formJsonObject, formOptional } from './form-coercion';
export {
  PROMOTION_LOG_LIMITS,
  QP_ACTIONS,
  promotionLogFormSchema,
  promotionLogSchema,
} from './promotion-log';
export type { PromotionLogParams, QpAction } from './promotion-log';
export {
  GROUP_PURPOSE_LIMITS,
  groupPurposeFormSchema,
  groupPurposeSchema,
  idSchema,
} from './group-purpose';
export type { GroupPurposeParams } from './group-purpose';
export {
  FUNNEL_END_REASONS,
  FUNNEL_RECORD_LIMITS,
  funnelActionSchema,
  funnelPayloadSchema,
  funnelRecordSchema,
} from './funnel-record';
export type {
  FunnelAction,
  FunnelEndReason,
  FunnelPayload,
  FunnelRecord,
  FunnelRecordInput,
} from './funnel-record';
export { FUNNEL_LOG_BATCH_MAX, batchIdSchema, funnelLogBatchSchema } from './funnel-log-batch';
export type { FunnelLogBatch } from './funnel-log-batch';
export { nuxIdSchema, nuxSchema } from './nux';
export type { NuxParams } from './nux';
export { employeeBetaSettingsFormSchema, employeeBetaSettingsSchema } from './employee-beta';
export type { EmployeeBetaSettings } from './employee-beta';
export { BUG_REPORT_LIMITS, bugReportFormSchema, bugReportSchema } from './bug-report';
export type { BugReport } from './bug-report';
