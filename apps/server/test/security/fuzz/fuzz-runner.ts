import type { LightMyRequestResponse } from 'fastify';
import type { Harness } from '../../helpers/test-app.js';
import { credentialHeaders } from './credentials.js';
import { describePlan, type RequestPlan } from './request-arbitrary.js';
import { responseProblems } from './response-checks.js';
import { routeName, type FuzzRoute } from './route-catalogue.js';
import { keepKeysUsable, startFreshAttempts, type World } from './seeded-world.js';
import { countChanges, type TableCounts } from './table-counts.js';

/** The statuscode of an envelope, or the bare HTTP status of anything else. */
export const statuscodeOf = (response: LightMyRequestResponse): string => {
  try {
    const code = (JSON.parse(response.body) as { statuscode?: unknown }).statuscode;
    if (typeof code === 'string') return code;
  } catch {
    // Not JSON: a file, a page, an asset.
  }
  return String(response.statusCode);
};

/**
 * Sends planned requests and holds each answer to the properties: the response checks, and no table
 * changing on a refusal (any answer from 400 up). Keeps per-route tallies of statuscodes for the summary.
 */
export class FuzzRunner {
  readonly tallies = new Map<string, Map<string, number>>();
  private readonly baselines = new Map<string, number>();
  private readonly elapsed = new Map<string, number>();
  private lastCounts: TableCounts | undefined;

  constructor(
    private readonly h: Harness,
    readonly world: World,
    private readonly countTables: () => Promise<TableCounts>,
  ) {}

  /** What a route answers a plain request: the yardstick for answers that depend on the deployment, not the input. */
  async baseline(route: FuzzRoute): Promise<number> {
    const name = routeName(route);
    let status = this.baselines.get(name);
    if (status === undefined) {
      this.lastCounts = undefined;
      const url = route.url.replace(/:[^/]+/g, 'x').replace('*', 'index.html');
      status = (await this.h.app.inject({ method: route.method as 'GET', url })).statusCode;
      this.baselines.set(name, status);
    }
    return status;
  }

  /** Before a route is fuzzed: candidate routes get running attempts to aim at (the previous route may have ended them all). */
  async prepare(route: FuzzRoute): Promise<void> {
    if (!route.params.includes('token')) return;
    await startFreshAttempts(this.h, this.world);
    this.lastCounts = undefined;
  }

  async send(plan: RequestPlan): Promise<LightMyRequestResponse> {
    return this.h.app.inject({
      method: plan.method as 'GET',
      url: plan.url,
      headers: { ...plan.headers, ...credentialHeaders(plan.credential, this.world) },
      ...(plan.payload !== undefined ? { payload: plan.payload } : {}),
    });
  }

  /** Sends the plan and answers every property it breaks (empty when it holds). */
  async problemsWith(route: FuzzRoute, plan: RequestPlan): Promise<{ response: LightMyRequestResponse; problems: string[] }> {
    const started = performance.now();
    const baselineStatus = await this.baseline(route);
    // Requests run one after another: the counts after one are the counts before the next.
    const before = this.lastCounts ?? (await this.countTables());
    const response = await this.send(plan);
    const after = await this.countTables();
    this.lastCounts = after;
    const problems = responseProblems(route, plan.method, response, { baselineStatus });
    if (response.statusCode >= 400) {
      const changed = countChanges(before, after);
      if (changed.length > 0) problems.push(`a refusal (${statuscodeOf(response)}) stored data: ${changed.join('; ')}`);
    } else if (route.auth === 'admin') {
      await keepKeysUsable(this.h, this.world);
      this.lastCounts = undefined;
    }
    this.tally(route, plan, response, performance.now() - started);
    return { response, problems };
  }

  /** Throws a readable failure naming the request and the answer; fast-check adds the seed and path. */
  async check(route: FuzzRoute, plan: RequestPlan): Promise<void> {
    const { response, problems } = await this.problemsWith(route, plan);
    if (problems.length === 0) return;
    throw new Error(
      `${routeName(route)} broke ${problems.length} propert${problems.length === 1 ? 'y' : 'ies'}:\n- ${problems.join('\n- ')}\n` +
        `request:\n  ${describePlan(plan)}\nresponse: HTTP ${response.statusCode} ${String(response.headers['content-type'] ?? '')}\n  ${response.body.slice(0, 500)}`,
    );
  }

  private tally(route: FuzzRoute, plan: RequestPlan, response: LightMyRequestResponse, elapsedMs: number): void {
    const name = routeName(route);
    const counts = this.tallies.get(name) ?? new Map<string, number>();
    const key = plan.method === route.method ? statuscodeOf(response) : `${plan.method}→${statuscodeOf(response)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    this.tallies.set(name, counts);
    this.elapsed.set(name, (this.elapsed.get(name) ?? 0) + elapsedMs);
  }

  /** One line per route: how long its requests took in all, and how often each statuscode came back. */
  summary(): string {
    return [...this.tallies]
      .map(([name, counts]) => {
        const codes = [...counts].sort(([, a], [, b]) => b - a).map(([code, n]) => `${code}×${n}`);
        return `${name} (${Math.round(this.elapsed.get(name) ?? 0)} ms): ${codes.join(' ')}`;
      })
      .join('\n');
  }
}
