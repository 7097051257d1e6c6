import { modelAvailabilityOf } from './ai/model-availability.js';
import { loadAssistantModel } from './ai/assistant-model.js';
import { AssistantSessions } from './candidate/assistant-sessions.js';
import { CandidateAssistant } from './candidate/candidate-assistant.js';
import { CandidateFollowUpsService } from './candidate/candidate-follow-ups.js';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReportRenderer } from '@assay/reports/host';
import { Sandbox, type CodeRunner } from '@assay/sandbox';
import type { LanguageAvailabilities } from '@assay/domain/languages';
import { EmailHealth, languageAvailability } from '@assay/jobs';
import type { ProcessMetrics } from '@assay/jobs/metrics';
import type { Store } from '@assay/store';
import { KeyOwnerCache } from './auth/key-owner-cache.js';
import { KnownTokens } from './auth/known-tokens.js';
import { coalesceWrites } from './http/coalesced-writes.js';
import { CandidateAttempts } from './candidate/attempts-service.js';
import { registerCandidatePages } from './candidate-page/register-candidate-pages.js';
import type { Config } from '@assay/config';
import type { AppContext } from './context.js';
import type { AssistantModel } from './ai/assistant-model.js';
import { lazyRequestLoggers } from './logging/lazy-request-logger.js';
import { withRedaction } from './logging/redaction.js';
import { RequestLogController } from './logging/request-log-controller.js';
import { answerClientError, answerWhatNodeWould, requireHostHeader } from './plugins/client-errors.js';
import { answerFrameworkErrors, registerErrorEnvelope } from './plugins/error-envelope.js';
import { FrontPrefixes } from './fronts/declare-front.js';
import type { FrontDescriptor } from './fronts/front-descriptor.js';
import { FRONTS } from './fronts/fronts.js';
import { registerFronts } from './fronts/register-fronts.js';
import { MAX_PARAM_LENGTH, indexRoutes } from './plugins/method-not-allowed.js';
import { scheduleHousekeeping } from './plugins/housekeeping.js';
import { registerMetrics } from './plugins/metrics.js';
import { acceptJsonBodiesOnly } from './plugins/json-body.js';
import { compileValidator } from './plugins/id-params.js';
import { refuseNulCharacters } from './plugins/nul-characters.js';
import { registerOpenApi } from './plugins/openapi.js';
import { addResponseHeaders } from './plugins/response-headers.js';
import { compileResponseSerializer } from './plugins/response-serializer.js';
import { refuseWhileShuttingDown } from './plugins/shutting-down.js';
import { guardAgainstNewerSchema, type NewerSchemaGuard } from './plugins/newer-schema.js';
import { answerUnissuedIds } from './plugins/unissued-ids.js';
import { requestIdOf } from './plugins/request-id.js';
import { registerRateLimits } from './rate-limits/rate-limits.js';
import { trustProxyOption } from './rate-limits/trust-proxy.js';
import { adminRoutes } from './routes/admin.js';
import { candidateLinkRoutes } from './routes/candidate-links.js';
import { candidateRoutes } from './routes/candidate.js';
import { PreviewAttempts } from './candidate/preview-attempts.js';
import { knownTokenId } from './auth/known-token-id.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';
import { signedReportRoutes } from './routes/signed-reports.js';
import { sharedReportRoutes } from './routes/shared-reports.js';
import { operationsRoutes } from './routes/operations.js';

export interface AppOptions {
  config: Config;
  store: Store;
  logger?: FastifyServerOptions['logger'];
  /** The clock; tests pass a fixed one. */
  now?: () => number;
  /** Where sample tests run; by default a sandbox worker pool owned (and closed) by the app. */
  codeRunner?: CodeRunner;
  /** The fronts of the API key: the one list (fronts/fronts.ts); a test adds a scratch front to prove what a new one gets. */
  fronts?: readonly FrontDescriptor[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The candidate side, and the code runner the in-process worker shares for scoring. */
    assay: {
      attempts: CandidateAttempts;
      runner: CodeRunner;
      languages: LanguageAvailabilities;
      /** /metrics (ASSAY_METRICS_TOKEN): the in-process worker is watched too; undefined when metrics are off. */
      metrics: ProcessMetrics | undefined;
      /** Stops serving when a newer Assay migrates the database under this process (decision 858). */
      schema: NewerSchemaGuard;
      /** The operator's model for the assistant (issue 60), when one is configured: the banner says whether it answers. */
      model: AssistantModel | undefined;
      /** How the emails of this process's outbox worker are going (`/readyz`, `/metrics`): the worker reports into it. */
      email: EmailHealth;
    };
  }
}

/** Builds the whole HTTP surface; the caller owns the store and decides when to listen. */
export const buildApp = async ({ config, store, logger = false, now = Date.now, codeRunner, fronts = FRONTS }: AppOptions): Promise<FastifyInstance> => {
  const requestLog = new RequestLogController();
  const prefixes = new FrontPrefixes();
  const app = Fastify({
    logger: withRedaction(logger),
    childLoggerFactory: lazyRequestLoggers,
    // No line per request at info: a summary every ASSAY_LOG_SUMMARY_SECONDS, one line per request at debug.
    logController: requestLog,
    bodyLimit: config.bodyLimitBytes,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Both answered as the envelope by hooks of ours (plugins/shutting-down.ts, plugins/client-errors.ts),
    // not by Fastify's own 503 body or Node's bare 400.
    return503OnClosing: false,
    http: { requireHostHeader: false },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkErrors(prefixes),
    clientErrorHandler: answerClientError,
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  requestLog.summarise(app, config.logSummaryMs);
  // Pipelined answers of one turn leave in one system call (http/coalesced-writes.ts).
  app.server.on('connection', (socket: Socket) => coalesceWrites(socket));
  const routes = indexRoutes(app);
  app.setValidatorCompiler(compileValidator);
  app.setSerializerCompiler(compileResponseSerializer);
  acceptJsonBodiesOnly(app);
  addResponseHeaders(app);
  refuseWhileShuttingDown(app);
  requireHostHeader(app);
  answerWhatNodeWould(app);
  answerUnissuedIds(app);
  refuseNulCharacters(app);
  const schema = guardAgainstNewerSchema(app, () => store.newerSchema());
  registerErrorEnvelope(app, routes, schema);
  const credentialLimits = registerRateLimits(app, store, config, now);
  const metrics = await registerMetrics(app, { token: config.metrics.token, store, now, badToken: credentialLimits.adminToken });
  scheduleHousekeeping(app, store, now);
  await registerOpenApi(app, config.publicUrl, fronts);

  const reports = new ReportRenderer({ threads: config.exportThreads, queue: config.exportQueue, pdfTimeBudgetMs: config.pdfTimeBudgetMs });

  const { maxQueued, maxWaitMs, budget: runBudget } = config.sampleRuns;
  // One pool of threads for sample runs and for the scoring of the worker in this process, shared fairly.
  // The languages it offers and whether it may jail native ones (issue 49: SandboxOptions.languages, .nativeJail).
  const sandboxOptions = {
    workers: config.sandbox.serverWorkers,
    maxQueued,
    maxWaitMs,
    laneWeights: config.sandbox.laneWeights,
    prewarm: config.sandboxPrewarm,
    languages: config.sandbox.languages,
    nativeJail: config.sandbox.nativeJail,
  };
  const sandbox = codeRunner ? undefined : new Sandbox(sandboxOptions);
  // The workers warm up with the process, or (by default) when an attempt with a prewarmed language starts.
  if (sandbox && config.sandboxWarmAtStart) sandbox.warmUp('candidate');
  // The native languages' compilers and shared builds, in the background: readiness does not wait (decision 1045).
  if (sandbox && config.warmCompilersAtStart) {
    void sandbox.warmCompilers().then(() => app.log.info({ compilers: sandbox.compilerWarmth() }, 'the compilers are warm'));
  }
  const runner = codeRunner ?? sandbox!;
  const languages = languageAvailability(runner, config.sandbox);
  // The assistant's model (issue 60): loaded only when configured, so a server without one never loads the client.
  const model = config.ai ? await loadAssistantModel(config.ai, now, metrics && ((gate) => metrics.watchAssistant(gate))) : undefined;
  const previews = new PreviewAttempts(store, now, runBudget);
  const attempts = new CandidateAttempts(store, now, config.answerGraceMs, runBudget, new AssistantSessions(store, model), previews);
  const email = new EmailHealth();
  if (metrics) {
    if (sandbox) metrics.watchSandbox(sandbox);
    metrics.watchExports(() => ({ pending: reports.pending, capacity: reports.threads + reports.queue }));
    metrics.watchEmail(email);
  }
  app.decorate('assay', { attempts, runner, languages, metrics, schema, model, email });
  const context: AppContext = {
    config,
    store,
    keyCache: new KeyOwnerCache(config.keyCacheTtlMs),
    now,
    reports,
    credentialLimits,
    languages,
    model: modelAvailabilityOf(config),
    assistantModel: model,
    email,
  };
  app.addHook('onClose', async () => {
    await sandbox?.close();
    await reports.close();
  });

  await app.register(operationsRoutes, context);
  await app.register(signedReportRoutes, context);
  await app.register(sharedReportRoutes, context);
  await registerCandidatePages(app);
  await app.register(unsubscribeRoutes, context);
  const tokens = new KnownTokens((token) => knownTokenId(store, token));
  await app.register(candidateRoutes, {
    attempts,
    runner,
    runBudget,
    now,
    tokens,
    languages,
    prewarm: config.sandboxPrewarm,
    unknownTokens: credentialLimits.takeTestToken,
    assistant: new CandidateAssistant(store, (token, questionId) => attempts.askedWhileRunning(token, questionId), model, now),
    followUps: new CandidateFollowUpsService(store, (token, questionId) => attempts.askedWhileRunning(token, questionId), model, now),
    model,
    prefix: '/candidate/v1',
  });
  await app.register(candidateLinkRoutes, { ...context, prefix: '/candidate/v1' });
  await app.register(adminRoutes, { ...context, prefix: '/admin' });
  // The fronts of the API key (docs/architecture.md "Fronts", decisions 887, 1300): v2's org API, Greenhouse's partner
  // API, iMocha's v3, each its own scope, failure body, auth and per-key limit, as its descriptor says.
  await registerFronts(app, fronts, { context, routes, prefixes });
  return app;
};
