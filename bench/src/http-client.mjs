// A small keep-alive JSON client for load generators: one socket pool, bounded, so thousands of simulated
// candidates share a few hundred connections the way browsers behind one campus network would.
import { Agent, request } from 'node:http';

export const createJsonClient = (base, { maxSockets = 256 } = {}) => {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const url = new URL(base);
  const send = (method, path, body, headers = {}) =>
    new Promise((resolve) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => {
            let json;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode, json, ms: performance.now() - started });
          });
        },
      );
      req.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - started }));
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
};

/** The p-th percentile (0-100) of a list of numbers, or NaN when empty. */
export const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
