export * from './assemble.js';
export * from './outbox-worker.js';
export * from './report-url.js';
export * from './email/mailer.js';
export * from './email/stakeholder-email.js';
export * from './handlers/callback.js';
export * from './handlers/email.js';
