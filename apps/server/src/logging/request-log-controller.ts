import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './redaction.js';
import { RequestSummary } from './request-summary.js';

type LevelAware = { isLevelEnabled?: (level: string) => boolean };
const isOn = (log: unknown, level: string): boolean => (log as LevelAware).isLevelEnabled?.(level) ?? false;

/**
 * Fastify's request log lines, made cheap: Fastify writes two JSON lines per request at info ("incoming request",
 * "request completed"), which halved the throughput of reads. Here a request writes nothing when it arrives, and
 * when its answer is sent it is counted for the periodic summary (at info) and, at debug only, written as one line:
 * method, redacted URL, status code, response time, org id. A response stream that fails is still logged at error.
 */
export class RequestLogController extends LogController {
  private summary: RequestSummary | undefined;

  /**
   * Nothing is written when a request arrives. A request the router refused (a malformed URL, answered by our
   * `frameworkErrors` handler) is built without params and never reaches Fastify's "completed" step: it is counted
   * here, when its answer is sent, so that it too has its line.
   */
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (request.params === null) reply.raw.once('finish', () => this.requestCompleted(null, request, reply));
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (!this.summary) return;
    const responseTime = reply.elapsedTime;
    const { statusCode } = reply;
    this.summary.record(request.method, request.routeOptions.url, statusCode, responseTime);
    if (!isOn(request.log, 'debug')) return;
    const orgId = (request as { org?: { orgId?: number } | null }).org?.orgId;
    request.log.debug(
      { method: request.method, url: redactUrl(request.url), statusCode, responseTime, ...(orgId === undefined ? {} : { orgId }) },
      'request completed',
    );
  }

  /** A client that hangs up mid-answer is ordinary (a closed tab, a load test ending): debug, not a line each at info. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.debug({ res: reply }, 'stream closed prematurely');
    else super.streamError(error, request, reply);
  }

  /**
   * Counts the app's requests when its logger writes info, and writes their summary every `periodMs` while
   * requests arrive (nothing when idle), and once more when the app closes, so that no request goes uncounted.
   */
  summarise(app: FastifyInstance, periodMs: number): void {
    if (!isOn(app.log, 'info')) return;
    const summary = new RequestSummary();
    this.summary = summary;
    const write = (log: FastifyBaseLogger, periodStart: number): void => {
      const line = summary.drain();
      if (line) log.info({ periodSeconds: Math.round((Date.now() - periodStart) / 1000), ...line }, 'requests served');
    };
    let periodStart = Date.now();
    const timer = setInterval(() => {
      write(app.log, periodStart);
      periodStart = Date.now();
    }, periodMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      write(app.log, periodStart);
    });
  }
}
