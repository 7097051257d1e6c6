import type { Histogram } from 'hdr-histogram-js';
import { latencyHistogram } from './latency-histogram.js';

/** How many routes the summary names, the busiest first. */
const BUSIEST_ROUTES = 5;

/** Requests that matched no route are counted under this name: a raw URL could hold a take-test token. */
export const NO_ROUTE = '(no route)';

export interface RequestSummaryLine {
  requests: number;
  status: { '1xx': number; '2xx': number; '3xx': number; '4xx': number; '5xx': number };
  latencyMs: { p50: number; p99: number; max: number };
  busiestRoutes: { route: string; requests: number }[];
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** Microseconds kept as milliseconds with three decimals, as the per-request lines give them. */
const milliseconds = (microseconds: number): number => Math.round(microseconds) / 1000;

/**
 * The requests served since the last summary: counts by status class and by route pattern (`GET /v2/org/tests/:testId`,
 * never the URL as sent), and latencies in a fixed-bucket histogram (HdrHistogram, two significant digits), so that
 * counting a request costs a few array writes and a summary costs no sorting of every latency.
 */
export class RequestSummary {
  private readonly latencies: Histogram = latencyHistogram();
  private readonly byClass = [0, 0, 0, 0, 0];
  private readonly byRoute = new Map<string, number>();
  private requests = 0;
  /** `GET /v2/org/tests/:testId` built once per route, not per request (and hashed once as a key). */
  private readonly routeNames = new Map<string, Map<string, string>>();

  private routeName(method: string, routePattern: string): string {
    let byMethod = this.routeNames.get(routePattern);
    if (!byMethod) {
      byMethod = new Map();
      this.routeNames.set(routePattern, byMethod);
    }
    let name = byMethod.get(method);
    if (name === undefined) {
      name = `${method} ${routePattern}`;
      byMethod.set(method, name);
    }
    return name;
  }

  /** One answered request: its route pattern (undefined when none matched), status code and response time. */
  record(method: string, routePattern: string | undefined, statusCode: number, responseTimeMs: number): void {
    this.requests += 1;
    const statusClass = Math.min(Math.max(Math.floor(statusCode / 100), 1), 5) - 1;
    this.byClass[statusClass]! += 1;
    const route = routePattern === undefined ? NO_ROUTE : this.routeName(method, routePattern);
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.latencies.recordValue(Math.max(0, Math.round(responseTimeMs * 1000)));
  }

  /** The summary of the requests counted since the last call, and a fresh start; undefined when none came. */
  drain(): RequestSummaryLine | undefined {
    if (this.requests === 0) return undefined;
    const line: RequestSummaryLine = {
      requests: this.requests,
      status: Object.fromEntries(STATUS_CLASSES.map((name, index) => [name, this.byClass[index]!])) as RequestSummaryLine['status'],
      // A percentile reads its bucket's upper edge: never above the largest value seen.
      latencyMs: {
        p50: milliseconds(Math.min(this.latencies.getValueAtPercentile(50), this.latencies.maxValue)),
        p99: milliseconds(Math.min(this.latencies.getValueAtPercentile(99), this.latencies.maxValue)),
        max: milliseconds(this.latencies.maxValue),
      },
      busiestRoutes: [...this.byRoute]
        .sort(([, a], [, b]) => b - a)
        .slice(0, BUSIEST_ROUTES)
        .map(([route, requests]) => ({ route, requests })),
    };
    this.requests = 0;
    this.byClass.fill(0);
    this.byRoute.clear();
    this.latencies.reset();
    return line;
  }
}
