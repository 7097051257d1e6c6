// The callback receiver and the silent logger live in @assay/testing (shared with packages/jobs and apps/worker).
export { silentLog, startReceiver, type Received, type Reply } from '@assay/testing';
