import { InvitationSettings, type InvitationSettingsInput } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** The org's invitation settings (decision 815): whether a registration that leaves out `sendEmail` emails the candidate. */
export class InvitationSettingsResource {
  constructor(private readonly transport: Transport) {}

  get(options?: CallOptions): Promise<InvitationSettings> {
    return this.transport.json({ method: 'GET', path: '/v2/org/invitation-settings', credential: 'apiKey' }, InvitationSettings, options);
  }

  /** An admin key only (403.17 otherwise). */
  set(body: InvitationSettingsInput, options?: CallOptions): Promise<InvitationSettings> {
    return this.transport.json({ method: 'PUT', path: '/v2/org/invitation-settings', body, credential: 'apiKey' }, InvitationSettings, options);
  }
}
