import { DecisionEmailSettings, type DecisionEmailSettingsInput } from '@assay/domain/invitations';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/**
 * The org's decision emails (issue 61 item 1): the templates a rejection, an advance and a cancellation send when a
 * key asks to notify, the Reply-To of every email to candidates, and the scheduling link. Every key reads them.
 */
export class DecisionEmailsResource {
  constructor(private readonly transport: Transport) {}

  get(options?: CallOptions): Promise<DecisionEmailSettings> {
    return this.transport.json({ method: 'GET', path: '/v2/org/decision-emails', credential: 'apiKey' }, DecisionEmailSettings, options);
  }

  /** A partial update: a template given replaces the stored one; replyTo or schedulingLink null clears it. An admin key only (403.17). */
  set(body: z.input<typeof DecisionEmailSettingsInput>, options?: CallOptions): Promise<DecisionEmailSettings> {
    return this.transport.json({ method: 'PUT', path: '/v2/org/decision-emails', body, credential: 'apiKey' }, DecisionEmailSettings, options);
  }
}
