// The SMTP peer lives in @assay/testing (shared with packages/jobs).
export { startSmtpPeer } from '@assay/testing';
