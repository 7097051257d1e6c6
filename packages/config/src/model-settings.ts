import { z } from 'zod';
import { Secret } from './secret.js';

/**
 * The operator's own model (issue 60, docs/ai.md): any server speaking OpenAI's chat-completions protocol — Ollama,
 * vLLM, llama.cpp's server, a hosted one. Unset, Assay runs without a model: the `none` policy, the AI-use evidence
 * and template follow-ups need none.
 */
export const ModelEnv = {
  /** Where the model answers, up to its `/v1` (e.g. http://127.0.0.1:11434/v1 for Ollama). */
  ASSAY_AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OpenAI-compatible API, up to /v1' }).optional(),
  ASSAY_AI_MODEL: z.string().trim().min(1).max(200).optional(),
  /** A secret: never logged, never in an answer (Secret). Local servers often need none. */
  ASSAY_AI_API_KEY: z
    .string()
    .min(1)
    .max(4096)
    .transform((key) => new Secret(key))
    .optional(),
  /** The most requests the model is sent at once, shared fairly across orgs and candidates. */
  ASSAY_AI_MAX_CONCURRENT: z.coerce.number().int().min(1).max(256).default(4),
  /** The longest the model may stay silent: to connect, to its first token, between two tokens. */
  ASSAY_AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Retries of a request the model refused for load (429, 5xx) or could not be reached for, honouring Retry-After. */
  ASSAY_AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
};

type ModelEnvValues = z.output<z.ZodObject<typeof ModelEnv>>;

/** Half a connection is a mistake worth stopping for: a URL without a model, or a model without a URL. */
export const modelEnvProblem = (env: ModelEnvValues): { path: string; message: string } | undefined => {
  if (env.ASSAY_AI_BASE_URL !== undefined && env.ASSAY_AI_MODEL === undefined)
    return { path: 'ASSAY_AI_MODEL', message: 'is needed with ASSAY_AI_BASE_URL: the name of the model to ask (e.g. qwen2.5-coder:7b)' };
  if (env.ASSAY_AI_BASE_URL === undefined && (env.ASSAY_AI_MODEL !== undefined || env.ASSAY_AI_API_KEY !== undefined))
    return { path: 'ASSAY_AI_BASE_URL', message: 'is needed with ASSAY_AI_MODEL or ASSAY_AI_API_KEY: where the model answers, up to /v1' };
  return undefined;
};

/** The connection the server and the worker use, or undefined: no model configured. */
export const modelConnectionOf = (env: ModelEnvValues) =>
  env.ASSAY_AI_BASE_URL === undefined || env.ASSAY_AI_MODEL === undefined
    ? undefined
    : {
        baseUrl: env.ASSAY_AI_BASE_URL.replace(/\/+$/, ''),
        model: env.ASSAY_AI_MODEL,
        apiKey: env.ASSAY_AI_API_KEY,
        maxConcurrent: env.ASSAY_AI_MAX_CONCURRENT,
        timeoutMs: env.ASSAY_AI_TIMEOUT_MS,
        maxRetries: env.ASSAY_AI_MAX_RETRIES,
      };

export type ModelConnection = NonNullable<ReturnType<typeof modelConnectionOf>>;
