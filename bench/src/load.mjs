// autocannon runs, warmed up first, reduced to the figures the table shows.
import autocannon from 'autocannon';

const run = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/**
 * Warm-up, then the measured run. One request (`method`, `headers`, `body`, maybe a `setupRequest` for a new body
 * each time) or `paths`: the same request to each path in turn (reports rotated over, not one hot row).
 * Answers requests per second, latency percentiles (ms), how many answers were not the expected status, and how many
 * requests the warm-up and the run sent together (`sent`: what the server was given while the row ran).
 */
export const measure = async ({
  url,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
  paths,
  pipelining = 10,
  connections = 100,
  seconds,
  expectStatus = 200,
}) => {
  const request = { method, headers, ...(body === undefined ? {} : { body }), ...(setupRequest ? { setupRequest } : {}) };
  // A list of prepared requests, cycled through by every connection: rotation without building a request each time.
  const requests = paths ? paths.map((path) => ({ ...request, path })) : [request];
  const options = { url, connections, pipelining, requests, expectBody: undefined };
  const warm = await run({ ...options, duration: Math.max(1, Math.round(seconds / 3)) });
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
    sent: warm.requests.sent + result.requests.sent,
  };
};
