import { Counter, Gauge, type Registry } from 'prom-client';
import type { EmailHealth } from '../email/email-health.js';

/**
 * This process's emails (issue 59 item 9, decision 1141): every failed attempt counted by mode and code, and whether
 * sending is failing now — the last attempt failed and none went out since — so an alert fires within minutes of a
 * full outbox disk or a refusing SMTP server, not when the first email dies a day later. Absent without a worker.
 */
export const registerEmailMetrics = (registry: Registry, health: EmailHealth): void => {
  const registers = [registry];
  new Counter({
    name: 'assay_email_send_failures_total',
    help: "This process's failed email attempts, by mode (files: written into ASSAY_OUTBOX_DIR; smtp) and error code (ENOSPC, EROFS, EACCES, ECONNECTION, ETIMEDOUT, … or other).",
    labelNames: ['mode', 'code'],
    registers,
    collect() {
      this.reset();
      for (const [key, count] of health.failures) {
        const [mode, code] = key.split(' ') as [string, string];
        this.inc({ mode, code }, count);
      }
    },
  });
  new Gauge({
    name: 'assay_email_failing',
    help: "1 while this process's last email attempt failed and none went out since (files mode: the outbox folder takes no email), else 0; by mode.",
    labelNames: ['mode'],
    registers,
    collect() {
      this.reset();
      const state = health.state;
      if (state) this.set({ mode: state.mode }, state.failing ? 1 : 0);
    },
  });
};
