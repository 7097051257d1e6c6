import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface WebhookMessage {
  /** Unique per event and the same on every retry of it: receivers deduplicate on it. */
  readonly id: string;
  readonly timestamp: Date;
  /** The exact bytes sent: the signature covers this text, so it must not be re-serialised afterwards. */
  readonly body: string;
}

/** A type alias, not an interface, so it can be passed straight on as deliverWebhook's `headers`. */
export type WebhookSignatureHeaders = {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
};

/** A Standard Webhooks secret: "whsec_" and the base64 of 32 random bytes (the spec allows 24 to 64). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers for a message, signed with every given secret. During a rotation both the
 * old and the new secret sign, as space-separated "v1,<sig>" entries, so a receiver verifies with either
 * and can switch over at its own pace.
 */
export const signWebhook = (secrets: readonly string[], message: WebhookMessage): WebhookSignatureHeaders => {
  if (secrets.length === 0) throw new RangeError('signWebhook needs at least one secret');
  const epochMs = message.timestamp.getTime();
  if (Number.isNaN(epochMs)) throw new RangeError('signWebhook needs a valid timestamp');
  const signatures = secrets.map((secret) => new Webhook(secret).sign(message.id, message.timestamp, message.body));
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(epochMs / 1000)),
    'webhook-signature': signatures.join(' '),
  };
};
