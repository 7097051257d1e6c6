import type { z } from 'zod';
import { InvitationExpiry, type InvitationExpiryInput, ReminderSettings, type ReminderSettingsInput } from '@assay/domain/invitations';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';
import { segment } from '../core/path.js';

export type ReminderSettingsBody = z.input<typeof ReminderSettingsInput>;
export type InvitationExpiryBody = z.input<typeof InvitationExpiryInput>;

/**
 * Reminders and expiry (Assay extension, docs/reminders.md): the hours before an invitation's window closes when
 * candidates who have not started are reminded, for a test (its default) or one link, and an invitation's own expiry.
 * Writes need an admin key (403.17 for a reviewer key).
 */
export class Reminders {
  constructor(private readonly transport: Transport) {}

  /** A test's default hours (`source`: `test` or `default`). */
  ofTest(testId: number, options?: CallOptions): Promise<ReminderSettings> {
    return this.transport.json({ method: 'GET', path: `/v2/org/tests/${segment(testId)}/reminders`, credential: 'apiKey' }, ReminderSettings, options);
  }

  /** Sets a test's default hours (`{ reminderHours: [48, 4] }`; `[]` none; null the service default). */
  setForTest(testId: number, body: ReminderSettingsBody, options?: CallOptions): Promise<ReminderSettings> {
    const path = `/v2/org/tests/${segment(testId)}/reminders`;
    return this.transport.json({ method: 'PUT', path, body, credential: 'apiKey' }, ReminderSettings, options);
  }

  /** One link's hours, and what applies to its invitations. */
  ofLink(testId: number, testLinkId: number, options?: CallOptions): Promise<ReminderSettings> {
    const path = `/v2/org/tests/${segment(testId)}/testlinks/${segment(testLinkId)}/reminders`;
    return this.transport.json({ method: 'GET', path, credential: 'apiKey' }, ReminderSettings, options);
  }

  /** Sets one link's hours (null: its test's). */
  setForLink(testId: number, testLinkId: number, body: ReminderSettingsBody, options?: CallOptions): Promise<ReminderSettings> {
    const path = `/v2/org/tests/${segment(testId)}/testlinks/${segment(testLinkId)}/reminders`;
    return this.transport.json({ method: 'PUT', path, body, credential: 'apiKey' }, ReminderSettings, options);
  }

  /**
   * Gives an invitation an expiry of its own (`{ expiresAt: 'YYYY-MM-DDTHH:MM:SS' }`, UTC; null removes it); with
   * `resend: true` also emails its link, in the same transaction (an expired invitation renewed: decision 1393).
   */
  setInvitationExpiry(testInvitationId: number, body: InvitationExpiryBody, options?: CallOptions): Promise<InvitationExpiry> {
    const path = `/v2/org/testinvitation/${segment(testInvitationId)}/expiry`;
    return this.transport.json({ method: 'PUT', path, body, credential: 'apiKey' }, InvitationExpiry, options);
  }
}
