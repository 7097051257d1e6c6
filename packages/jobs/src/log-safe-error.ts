/** An email address anywhere in a text: SMTP refusals quote the recipient (`550 5.1.1 <ann@example.com>: …`). */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[^\s<>()[\]"',;:@]+/g;

/**
 * A job's failure as the logs may hold it: without the people it names. The job's own row keeps the full text for
 * the operator's delivery view and is erased with the invitation; log files are shipped and kept elsewhere, beyond
 * erasure's reach (docs/data-protection.md), so no address goes there.
 */
export const logSafeError = (error: string): string => error.replace(ADDRESS, '[address]');
