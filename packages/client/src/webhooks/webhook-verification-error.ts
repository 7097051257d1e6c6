import { AssayError } from '../core/errors.js';

export type WebhookVerificationFailure =
  | 'missing_headers'
  | 'invalid_timestamp'
  | 'stale_timestamp'
  | 'invalid_secret'
  | 'invalid_signature'
  | 'invalid_payload';

/** A callback that must not be trusted: answer it with 400 (or 401) and do not act on it. */
export class WebhookVerificationError extends AssayError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}
