import type { AddressInfo } from 'node:net';
import type { Config } from '@assay/config';
import { ALL_LANGUAGES, languageProfile, type LanguageId } from '@assay/domain/languages';
import type { Store } from '@assay/store';
import type { ModelReadiness } from './ai/model-status.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Where this very process listens, as a URL: its own host and port, not ASSAY_PUBLIC_URL, which several servers behind a
 * balancer share (server B's banner once showed server A's address; decision 863). A loopback address reads as
 * `localhost`, the name the default public URL uses.
 */
export const ownUrl = (host: string, address: AddressInfo | string | null): string => {
  const port = address && typeof address === 'object' ? address.port : undefined;
  const name = LOOPBACK.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}${port === undefined ? '' : `:${port}`}`;
};

const parsed = (url: string): URL | null => (URL.canParse(url) ? new URL(url) : null);

/** Whether two URLs name the same loopback listener (`http://127.0.0.1:3000` and `http://localhost:3000`). */
const sameLoopback = (own: string, publicUrl: string): boolean => {
  const [a, b] = [parsed(own), parsed(publicUrl)];
  return a !== null && b !== null && b.pathname === '/' && a.port === b.port && LOOPBACK.has(a.hostname) && LOOPBACK.has(b.hostname.replace(/^\[|\]$/g, ''));
};

/** The banner's first line: this process's address, and the public one when it is another. */
export const listeningLine = (own: string, publicUrl: string): string =>
  own === publicUrl || sameLoopback(own, publicUrl)
    ? `Assay is listening on ${own} (API reference: ${publicUrl}/docs)`
    : `Assay is listening on ${own} (public URL: ${publicUrl}; API reference: ${publicUrl}/docs)`;

/**
 * What a PostgreSQL database without any organization needs before anyone can use it (it is never seeded, decision
 * 44): the command that makes one, and the setting it needs (decision 865). Undefined when there is an organization.
 */
export const firstOrgHint = async (store: Store, config: Pick<Config, 'adminToken' | 'publicUrl'>): Promise<string | undefined> => {
  if (store.dialect !== 'postgres' || !(await store.orgs.isEmpty())) return undefined;
  const create = `assay admin orgs create --name "Your Org" --email you@example.com   (or: curl -X POST ${config.publicUrl}/admin/orgs -H 'authorization: Bearer $ASSAY_ADMIN_TOKEN' -H 'content-type: application/json' -d '{"name":"Your Org","email":"you@example.com"}')`;
  return config.adminToken
    ? `This database has no organization yet, so no API key works. Create one (its first API key is shown once):\n  ${create}`
    : `This database has no organization yet, and ASSAY_ADMIN_TOKEN is not set, so nothing can use this server. Set ASSAY_ADMIN_TOKEN (at least 24 characters) on this server, restart it, then create an organization:\n  ${create}`;
};

/** The listen failure an operator can act on, naming the settings; anything else as it came. */
export const listenFailure = (error: unknown, config: Pick<Config, 'host' | 'port'>): string | undefined => {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE')
    return `port ${config.port} on ${config.host} is already in use by another process (PORT=${config.port}, HOST=${config.host}): stop it or choose another PORT`;
  if (code === 'EACCES')
    return `this process may not listen on port ${config.port} (PORT=${config.port}): ports below 1024 need privileges; choose another PORT`;
  if (code === 'EADDRNOTAVAIL') return `this machine has no address ${config.host} (HOST=${config.host}): use 127.0.0.1, 0.0.0.0 or one of its own addresses`;
  return undefined;
};

/**
 * The banner's line about the compilers warming in the background (decision 1045), or undefined when none is: the
 * server is ready meanwhile, and the first run of each of these languages waits for its compiler until it is.
 */
export const warmingLine = (warming: readonly LanguageId[]): string | undefined => {
  const names = ALL_LANGUAGES.filter((language) => warming.includes(language)).map((language) => languageProfile(language).name);
  if (names.length === 0) return undefined;
  return `Preparing the compilers of ${names.join(', ')} in the background (a first run waits for its own; GET /readyz lists those still warming).`;
};

/** What the start banner says of the assistant's model (issue 60, decision 1171): never the key, never unready for it. */
export const modelBanner = (
  model: { readonly name: string; readonly host: string; readonly maxConcurrent: number } | undefined,
  readiness: ModelReadiness,
): string => {
  if (!model) return 'AI assistant: no model configured (ASSAY_AI_BASE_URL, ASSAY_AI_MODEL; docs/ai.md). Tests whose aiPolicy is none work without one.';
  const which = `${model.name} at ${model.host}`;
  if (readiness.answers === true) return `AI assistant: ${which} answers (at most ${model.maxConcurrent} requests at once).`;
  if (readiness.answers === false)
    return `AI assistant: ${which} does not answer: ${readiness.problem ?? 'no reason given'} Tests go on; candidates' panels say the assistant is unavailable until it answers.`;
  return `AI assistant: ${which} (not asked yet whether it answers: /readyz will say).`;
};
