/**
 * `@assay/domain/bulk`: bulk invitations (issue 33, item 2) — a file's rows checked as registrations, what makes two
 * files the same, a job's progress, and the pace of its invitation emails.
 */
export * from './bulk/bulk-rows.js';
export * from './bulk/bulk-file-identity.js';
export * from './bulk/bulk-job-progress.js';
export * from './bulk/bulk-schemas.js';
