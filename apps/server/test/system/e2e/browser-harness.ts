import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { createClient } from '@assay/client';
import { openScratchStore, openStore, type Store } from '@assay/store';
import { assembleWorker } from '@assay/jobs';
import { buildApp } from '../../../src/app.js';
import { generateApiKey } from '../../../src/auth/api-key.js';
import { BUNDLE_SCRIPT, DEFAULT_BUNDLE_DIR } from '../../../src/candidate-page/register-candidate-pages.js';
import { loadConfig, type Config } from '@assay/config';
import { inject } from 'vitest';
import { freePort } from '../../helpers/built-packages.js';
import { silentLog } from '../../helpers/receiver.js';
import { NO_COMPILER_WARM_UP } from '../../helpers/no-compiler-warm-up.js';

export const CHROMIUM = '/usr/bin/chromium';
/** No downloads, no background traffic; a fake camera that the page may use without a prompt. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * Runs in the page before its own scripts (a string: this file is type-checked without the DOM library). A
 * Content-Security-Policy violation is reported by the browser, not thrown: this says which one, and where.
 */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  const target = event.target instanceof Element ? '<' + event.target.localName + ' class="' + event.target.className + '">' : String(event.target);
  console.error('CSP ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + (event.sourceFile || '(inline)') + ':' + event.lineNumber + ' on ' + target + ': ' + event.sample);
});`;

/**
 * A listening Assay on a fresh SQLite file, an org with a key, and Debian's headless Chromium: what every
 * browser test starts from. `env` adds settings (e.g. a short answer grace); `backend` 'postgres' puts the store in a
 * scratch schema of the test PostgreSQL instead.
 */
export const startBrowserHarness = async (env: Record<string, string> = {}, backend: 'sqlite' | 'postgres' = 'sqlite') => {
  // `pnpm build` makes the page's client bundle; a run straight from source makes it here.
  if (!existsSync(path.join(DEFAULT_BUNDLE_DIR, 'candidate.js')) || !existsSync(path.join(DEFAULT_BUNDLE_DIR, 'candidate.css'))) {
    execFileSync(process.execPath, [BUNDLE_SCRIPT, '--no-typecheck'], { stdio: 'inherit' });
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run \`bash scripts/test.sh\` (it installs Debian's chromium) or \`apt-get install -y chromium\`.`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'assay-e2e-'));
  const config: Config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    ASSAY_PUBLIC_URL: baseUrl,
    ASSAY_DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
    LOG_LEVEL: 'silent',
    ASSAY_SEED_DEMO: 'false',
    ...NO_COMPILER_WARM_UP,
    ...env,
  });
  const scratch = backend === 'postgres' ? await openScratchStore('postgres', inject('pgUrl')) : undefined;
  const store: Store = scratch?.store ?? (await openStore(config.databaseUrl));
  const app: FastifyInstance = await buildApp({ config, store });
  await app.listen({ port: config.port, host: config.host });
  const org = await store.orgs.create({ name: 'Acme', email: 'acme@example.com', timeZoneId: 1720 }, Date.now());
  const key = generateApiKey();
  await store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

  /** The v2 API with the organisation's key, through @assay/client, as an integrator calls it. */
  const client = createClient({ baseUrl, apiKey: key.apiKey, retries: 0 });

  /** A page in a fresh context that records every script error and CSP violation in `errors`. */
  const openPage = async (options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'UTC', ...options });
    await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    return { context, page, errors };
  };

  /** Scores what is due, as the worker inside `pnpm start` would. */
  const drainWorker = async () => {
    const worker = assembleWorker(store, { ...config, outboxDir: path.join(dataDir, 'outbox') }, silentLog, { codeRunner: app.assay.runner });
    try {
      await worker.drain();
    } finally {
      await worker.close();
    }
  };

  return {
    baseUrl,
    config,
    store,
    app,
    browser,
    client,
    /** The org's API key as an integrator holds it: for callers that are not @assay/client (a script, curl). */
    apiKey: key.apiKey,
    report: (invitationId: number) => client.reports.get(invitationId),
    /** The test's question ids in page order: the candidate API shows none before the start. */
    questionIds: async (testId: number) => (await store.attempts.questions(testId)).map((question) => question.id),
    openPage,
    drainWorker,
    close: async () => {
      // Each step on its own: one failing must not leave the others open.
      await browser.close().catch(() => undefined);
      await app.close().catch(() => undefined);
      await (scratch?.dispose() ?? store.close()).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type BrowserHarness = Awaited<ReturnType<typeof startBrowserHarness>>;

/** Turns Playwright's focus emulation off for `page`, so another tab in front really blurs it; answers the undo. */
export const realFocus = async (context: BrowserContext, page: Page) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  return async () => {
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
    await cdp.detach();
  };
};
