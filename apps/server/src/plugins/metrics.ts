import type { FastifyInstance } from 'fastify';
import type { ProcessMetrics } from '@assay/jobs/metrics';
import type { Store } from '@assay/store';
import type { FailureLimiter } from '../rate-limits/failure-limiter.js';
import { refusal } from '../refusal-error.js';

/** The statuscode of a refusal's envelope, read only from 429 and 503 answers (few, small). */
const STATUSCODE = /"statuscode"\s*:\s*"([0-9]{3}\.[0-9]{1,3})"/;

/**
 * `/metrics` of a server (issue 51 item 6), when ASSAY_METRICS_TOKEN is set; without it there is no such route (404.1,
 * like any unknown path) and nothing is measured, and prom-client is never loaded (decision 868). Register before the
 * routes: every request's route pattern, status class and latency is observed as it is answered, and every 429 and 503
 * refusal by its statuscode.
 */
export const registerMetrics = async (
  app: FastifyInstance,
  { token, store, now, badToken }: { token: string | undefined; store: Store; now: () => number; badToken: FailureLimiter },
): Promise<ProcessMetrics | undefined> => {
  if (token === undefined) return undefined;
  const { ProcessMetrics, bearerMatches } = await import('@assay/jobs/metrics');
  const metrics = new ProcessMetrics({ store, role: 'server', now });

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if ((reply.statusCode === 429 || reply.statusCode === 503) && typeof payload === 'string') {
      metrics.countRefusal(STATUSCODE.exec(payload)?.[1] ?? String(reply.statusCode));
    }
    done(null, payload);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // A wrong token counts toward the address's budget of wrong operator tokens (ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN).
    if (!bearerMatches(request.headers.authorization, token)) {
      throw await badToken.counted(request, reply, refusal('metrics-token-invalid', 'Send the metrics token as Authorization: Bearer <ASSAY_METRICS_TOKEN>.'));
    }
    const text = await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
  return metrics;
};
