import type { RunRequest } from './types.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A request checked and reduced to what crosses the thread boundary. */
export interface PreparedRun {
  code: string;
  functionName: string;
  argsJson: string[];
  expected: unknown[];
}

/**
 * Rejects malformed requests up front (they are the caller's bug, not the candidate's) and serializes the
 * arguments once. `functionName` must be a plain identifier because the worker evaluates a lookup
 * expression containing it: this is what keeps that one piece of interpolated text harmless.
 */
export function prepareRun(request: RunRequest): PreparedRun {
  if (typeof request !== 'object' || request === null) throw new TypeError('run() needs a request object');
  const { code, functionName, cases } = request;
  if (typeof code !== 'string') throw new TypeError('RunRequest.code must be a string');
  if (typeof functionName !== 'string' || !IDENTIFIER.test(functionName)) {
    throw new TypeError('RunRequest.functionName must be a JavaScript identifier');
  }
  if (!Array.isArray(cases)) throw new TypeError('RunRequest.cases must be an array');
  const argsJson = cases.map((testCase, index) => {
    if (typeof testCase !== 'object' || testCase === null || !Array.isArray(testCase.args)) {
      throw new TypeError(`RunRequest.cases[${index}].args must be an array`);
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(testCase.args);
    } catch (error) {
      throw new TypeError(`RunRequest.cases[${index}].args is not JSON-serializable: ${String(error)}`);
    }
    if (json === undefined) throw new TypeError(`RunRequest.cases[${index}].args is not JSON-serializable`);
    return json;
  });
  return { code, functionName, argsJson, expected: cases.map((testCase) => testCase.expected) };
}
