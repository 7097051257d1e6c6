import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';

const SECRET = 'assay-sandbox-host-secret-4f1c';
const sandbox = new Sandbox();

beforeAll(() => {
  process.env.ASSAY_SANDBOX_TEST_SECRET = SECRET;
});
afterAll(async () => {
  delete process.env.ASSAY_SANDBOX_TEST_SECRET;
  await sandbox.close();
});

/** Runs `body` as the body of `probe()` and returns its single result. */
async function probe(body: string) {
  const { results } = await sandbox.run({ code: `function probe() { ${body} }`, functionName: 'probe', cases: [{ args: [], expected: 'never' }] });
  const [result] = results;
  if (!result) throw new Error('no result');
  expect(result.passed).toBe(false);
  expect(JSON.stringify(result)).not.toContain(SECRET);
  return result;
}

describe('isolation from the host', () => {
  it('has no host globals at all', async () => {
    const result = await probe(`return [typeof process, typeof require, typeof module, typeof fetch, typeof XMLHttpRequest,
      typeof WebSocket, typeof setTimeout, typeof Buffer, typeof globalThis.process, typeof std, typeof os,
      typeof WebAssembly, typeof Deno, typeof Bun, typeof print, typeof scriptArgs];`);
    expect(result.actual).toEqual(Array(16).fill('undefined'));
  });

  it('cannot use process', async () => {
    expect((await probe('return process.env.ASSAY_SANDBOX_TEST_SECRET;')).error).toMatch(/^ReferenceError: '?process'? is not defined$/);
    expect((await probe('return globalThis.process.env;')).error).toMatch(/^TypeError: /);
  });

  it('cannot require modules', async () => {
    expect((await probe("return require('fs').readFileSync('/etc/passwd', 'utf8');")).error).toMatch(/^ReferenceError: '?require'? is not defined$/);
  });

  it('cannot import modules, statically or dynamically', async () => {
    const { results } = await sandbox.run({
      code: "import fs from 'fs';\nfunction probe() { return 1; }",
      functionName: 'probe',
      cases: [{ args: [], expected: 1 }],
    });
    expect(results[0]?.error).toMatch(/^SyntaxError: /);

    // import() only settles on the job queue, which the sandbox never hands control back to the candidate for;
    // check synchronously what it can be: a promise that is not a module namespace.
    const dynamic = await probe(`let p; try { p = import('fs'); } catch (e) { return 'threw ' + e.name; }
      return [typeof p, Object.prototype.toString.call(p), typeof p.readFileSync];`);
    expect(dynamic.actual).toEqual(['object', '[object Promise]', 'undefined']);
  });

  it('cannot fetch or open sockets', async () => {
    expect((await probe("return fetch('http://127.0.0.1/');")).error).toMatch(/^ReferenceError: '?fetch'? is not defined$/);
  });

  it('cannot escape through the Function constructor', async () => {
    const viaThis = await sandbox.run({
      code: "const leaked = (function () { try { return this.constructor.constructor('return process')(); } catch (e) { return e.name + ': ' + e.message; } }).call(globalThis);\nfunction probe() { return String(leaked); }",
      functionName: 'probe',
      cases: [{ args: [], expected: 'never' }],
    });
    expect(viaThis.results[0]?.actual).toMatch(/^ReferenceError: '?process'? is not defined$/);
    expect((await probe("return Function('return this')().process;")).actual).toBeUndefined();
    expect((await probe("return (0, eval)('typeof process');")).actual).toBe('undefined');
    expect((await probe('return Object.getOwnPropertyNames(globalThis).filter((k) => /process|require|fetch|env/i.test(k));')).actual).toEqual([]);
  });

  it('cannot read host environment values anywhere in its global object graph', async () => {
    const result = await probe(`const seen = new Set(); const found = [];
      const walk = (v, depth) => {
        if (depth > 4 || v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) return;
        seen.add(v);
        for (const k of Reflect.ownKeys(v)) {
          let x; try { x = v[k]; } catch { continue; }
          if (typeof x === 'string' && x.includes('assay-sandbox')) found.push(String(k));
          walk(x, depth + 1);
        }
      };
      walk(globalThis, 0);
      return found;`);
    expect(result.actual).toEqual([]);
  });

  it('shares nothing between runs', async () => {
    await sandbox.run({
      code: 'globalThis.shared = "from run 1"; Object.prototype.polluted = 1; function probe() { return 1; }',
      functionName: 'probe',
      cases: [{ args: [], expected: 1 }],
    });
    const result = await probe('return [typeof shared, typeof ({}).polluted];');
    expect(result.actual).toEqual(['undefined', 'undefined']);
  });
});
