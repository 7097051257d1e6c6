import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerMatches } from './bearer-token.js';
import type { ProcessMetrics } from './process-metrics.js';

export interface MetricsListener {
  /** Where it listens, e.g. `http://127.0.0.1:9464/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

const envelope = (statuscode: string, result: string) => JSON.stringify({ statuscode, result });

/**
 * An assay-worker process's `/metrics` (it serves no HTTP otherwise): a bare node:http listener on
 * ASSAY_WORKER_METRICS_PORT at HOST, answering only `GET /metrics` with the right bearer token (decision 868),
 * with the server's envelope for everything else.
 */
export const serveMetrics = async (metrics: ProcessMetrics, options: { token: string; host: string; port: number }): Promise<MetricsListener> => {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path !== '/metrics') return answer(404, 'application/json', envelope('404.1', 'Not found: this listener serves GET /metrics only.'));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return answer(405, 'application/json', envelope('405.1', 'Only GET /metrics is served here.'));
    }
    if (!bearerMatches(request.headers.authorization, options.token)) {
      return answer(401, 'application/json', envelope('401.4', 'Send the metrics token as Authorization: Bearer <ASSAY_METRICS_TOKEN>.'));
    }
    metrics.text().then(
      (text) => answer(200, metrics.contentType, text),
      () => answer(500, 'application/json', envelope('500.1', 'The metrics could not be rendered.')),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
