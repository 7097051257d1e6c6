// `@assay/jobs/metrics`: loaded only where /metrics is enabled, so a process without it never loads prom-client.
export { ProcessMetrics } from './process-metrics.js';
export type { AssistantOutcome, ExportQueue, ProcessMetricsOptions, WatchedSandbox } from './process-metrics.js';
export { serveMetrics } from './metrics-listener.js';
export type { MetricsListener } from './metrics-listener.js';
export { bearerMatches } from './bearer-token.js';
