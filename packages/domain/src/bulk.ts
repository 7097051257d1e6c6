/**
 * `@assay/domain/bulk`: bulk invitations (issue 33, item 2) — a file's rows checked as registrations, what makes two
 * files the same, a job's progress, and the pace of its invitation emails.
 */
export {
  acceptBulkFileSize,
  BULK_COLUMNS,
  bulkColumnsOf,
  checkBulkRow,
  checkBulkRows,
  countBulkRow,
  MAX_BULK_ROWS,
  RawBulkRow,
  REQUIRED_BULK_COLUMNS,
} from './bulk/bulk-rows.js';
export type { BulkRowCheck, ValidBulkRow } from './bulk/bulk-rows.js';
export { bulkFileIdentity, bulkFileKeyText } from './bulk/bulk-file-identity.js';
export { bulkJobProgress, BulkJobState, BulkRowOutcome, INVITATION_EMAILS_PER_MINUTE, invitationEmailRunAt } from './bulk/bulk-job-progress.js';
export type { BulkJobCounts, BulkJobProgress } from './bulk/bulk-job-progress.js';
export { BulkInvitationBody, BulkInvitationJob, BulkInvitationRowInput, BulkInvitationRowResult, BulkJobQuery, BulkRowStatus } from './bulk/bulk-schemas.js';
