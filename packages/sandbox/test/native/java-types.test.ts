import { afterAll, describe, expect, it } from 'vitest';
import { javaLanguage } from '../../src/native/languages/java.js';
import { jvmTestContext } from './jvm-context.js';
import { echoSignature, javaEcho, ROUND_TRIPS } from './jvm-round-trip.js';

const context = jvmTestContext();
afterAll(async () => {
  await javaLanguage.close?.();
  await context.dispose();
});

describe('java: every type of the signature vocabulary goes in as a typed literal and comes back as JSON', () => {
  it.each(ROUND_TRIPS)('$type', { timeout: 60_000 }, async ({ type, values }) => {
    const result = await javaLanguage.execute(
      { form: 'function', code: javaEcho(type), functionName: 'echo', signature: echoSignature(type), argsJson: values.map((v) => JSON.stringify([v])) },
      context,
    );
    expect(result.kind).toBe('ran');
    if (result.kind !== 'ran') return;
    expect(result.cases.map((c) => (c.report.kind === 'value' ? JSON.parse(c.report.json) : c.report))).toEqual(values);
  });

  it('an argument that does not fit the signature is refused before anything runs', async () => {
    const result = await javaLanguage.execute(
      { form: 'function', code: javaEcho('int'), functionName: 'echo', signature: echoSignature('int'), argsJson: ['[2147483648]'] },
      context,
    );
    expect(result).toMatchObject({
      kind: 'compileError',
      diagnostics: [{ message: "The question's test arguments do not fit its signature: case 1, v is not a 32-bit integer" }],
    });
  });
});
