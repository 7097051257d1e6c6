import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether stakeholder emails can be written as files where `ASSAY_OUTBOX_DIR` says (no SMTP server set): asked at the
 * start of a process that sends them, so a folder it may not write stops the start with its path and setting
 * (decision 862) instead of an error logged for every email, every second, for as long as it runs.
 */
export const outboxDirProblem = (outboxDir: string): string | undefined => {
  const probe = join(outboxDir, `.assay-write-probe-${process.pid}`);
  try {
    mkdirSync(outboxDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return undefined;
  } catch (error) {
    return `cannot write stakeholder emails into ${outboxDir} (ASSAY_OUTBOX_DIR): ${(error as Error).message}. Make the folder writable by this process, point ASSAY_OUTBOX_DIR elsewhere, or set ASSAY_SMTP_URL to send them.`;
  }
};
