import { QueuedMessage, WebhookSettings, type TestEventInput, type WebhookSettingsInput } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import type { Transport } from '../core/transport.js';

/** Callback signing secrets (`whsec_…`), the key-spelling switch and test events (extensions). */
export class Webhooks {
  constructor(private readonly transport: Transport) {}

  /** The signing secrets, newest first (two during a rotation), and whether keys carry the sample's trailing spaces. */
  get(options?: CallOptions): Promise<WebhookSettings> {
    return this.transport.json({ method: 'GET', path: '/v2/org/webhooks', credential: 'apiKey' }, WebhookSettings, options);
  }

  /** `trailingSpaceKeys: true` sends `"TotalScore "`, `"CandidateScore "`, `"ReportPDFUrl "` as in the spec's sample. */
  updateSettings(settings: WebhookSettingsInput, options?: CallOptions): Promise<WebhookSettings> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/webhooks/settings', body: settings, credential: 'apiKey', acceptsIdempotencyKey: true },
      WebhookSettings,
      options,
    );
  }

  /** A new secret; the old one keeps signing alongside it for 24 hours. */
  rotateSecret(options?: CallOptions): Promise<WebhookSettings> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/webhooks/secret/rotate', credential: 'apiKey', acceptsIdempotencyKey: true },
      WebhookSettings,
      options,
    );
  }

  /** Queues a signed callback with sample values and TestInvitationId 0 to `url`. */
  sendTestEvent(event: TestEventInput, options?: CallOptions): Promise<QueuedMessage> {
    return this.transport.json(
      { method: 'POST', path: '/v2/org/webhooks/test', body: event, credential: 'apiKey', acceptsIdempotencyKey: true },
      QueuedMessage,
      options,
    );
  }
}
