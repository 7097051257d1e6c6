import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('accepted');
};

describe("the operator's model (ASSAY_AI_*, issue 60)", () => {
  it('is off unless configured', () => {
    expect(loadConfig({}).ai).toBeUndefined();
  });

  it('reads the connection with its defaults, the URL without a trailing slash', () => {
    expect(loadConfig({ ASSAY_AI_BASE_URL: 'http://127.0.0.1:11434/v1/', ASSAY_AI_MODEL: 'qwen2.5-coder:7b' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5-coder:7b',
      apiKey: undefined,
      maxConcurrent: 4,
      timeoutMs: 30_000,
      maxRetries: 2,
    });
  });

  it('refuses half a connection, naming what is missing', () => {
    expect(refusal({ ASSAY_AI_BASE_URL: 'http://127.0.0.1:8000/v1' })).toMatch(/ASSAY_AI_MODEL/);
    expect(refusal({ ASSAY_AI_MODEL: 'llama3' })).toMatch(/ASSAY_AI_BASE_URL/);
    expect(refusal({ ASSAY_AI_API_KEY: 'sk-123' })).toMatch(/ASSAY_AI_BASE_URL/);
    expect(refusal({ ASSAY_AI_BASE_URL: 'ftp://x/v1', ASSAY_AI_MODEL: 'm' })).toMatch(/ASSAY_AI_BASE_URL/);
    expect(refusal({ ASSAY_AI_BASE_URL: 'http://x/v1', ASSAY_AI_MODEL: 'm', ASSAY_AI_MAX_CONCURRENT: '0' })).toMatch(/ASSAY_AI_MAX_CONCURRENT/);
  });

  it('keeps the API key out of every printed, logged or serialised form of the settings', () => {
    const config = loadConfig({ ASSAY_AI_BASE_URL: 'https://models.example/v1', ASSAY_AI_MODEL: 'm', ASSAY_AI_API_KEY: 'sk-very-secret-123' });
    expect(config.ai?.apiKey?.reveal()).toBe('sk-very-secret-123');
    for (const printed of [JSON.stringify(config), inspect(config, { depth: 10 }), String(config.ai?.apiKey), `${config.ai?.apiKey}`])
      expect(printed).not.toContain('sk-very-secret-123');
    // A refused setting's message never quotes the key either.
    expect(refusal({ ASSAY_AI_BASE_URL: 'nope', ASSAY_AI_MODEL: 'm', ASSAY_AI_API_KEY: 'sk-very-secret-123' })).not.toContain('sk-very-secret-123');
  });
});
