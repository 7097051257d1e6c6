import { decideGreenhousePatchTarget } from '@assay/domain';
import { urlTransportOf } from '@assay/delivery';
import { refusal, unwrap } from '../refusal-error.js';

/**
 * A send_test's `url`, where the PATCH "test completed" will carry the org's Greenhouse credentials: https, or plain
 * http to this machine where private callbacks are allowed (the domain's rule, decision 637). Throws the refusal
 * (400.11), which the partner API answers in Greenhouse's shape.
 */
export const checkGreenhousePatchUrl = (url: string, allowPrivate: boolean): void => {
  const transport = urlTransportOf(url);
  if (!transport.ok) throw refusal('callback-url-not-allowed', `url is not allowed: ${transport.reason}`);
  unwrap(decideGreenhousePatchTarget(transport, allowPrivate));
};
