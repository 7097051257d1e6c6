// autocannon runs, warmed up first, reduced to the figures the table shows.
import autocannon from 'autocannon';

const run = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/**
 * Warm-up, then the measured run. `requests` may carry a `setupRequest` (a new body per request).
 * Answers requests per second, latency percentiles (ms) and how many answers were not the expected status.
 */
export const measure = async ({ url, method = 'GET', headers = {}, body, setupRequest, pipelining = 10, connections = 100, seconds, expectStatus = 200 }) => {
  const requests = [{ method, headers, ...(body === undefined ? {} : { body }), ...(setupRequest ? { setupRequest } : {}) }];
  const options = { url, connections, pipelining, requests, expectBody: undefined };
  await run({ ...options, duration: Math.max(1, Math.round(seconds / 3)) });
  const result = await run({ ...options, duration: seconds });
  const statusCounts = result.statusCodeStats ?? {};
  const unexpected = Object.entries(statusCounts)
    .filter(([code]) => Number(code) !== expectStatus)
    .reduce((sum, [, stats]) => sum + stats.count, 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: unexpected + result.errors + result.timeouts,
  };
};
