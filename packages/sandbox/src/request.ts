import type { Engine } from './protocol.js';
import { LANGUAGES } from './types.js';
import type { Language, RunRequest } from './types.js';

const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const PYTHON_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A request checked and reduced to what crosses the thread boundary. */
export interface PreparedRun {
  language: Language;
  engine: Engine;
  /** The candidate's code (TypeScript is transpiled by the worker). */
  code: string;
  functionName: string;
  argsJson: string[];
  expected: unknown[];
}

/**
 * Rejects malformed requests up front (they are the caller's bug, not the candidate's) and serializes the
 * arguments once. `functionName` must be a plain identifier because the JavaScript worker evaluates a lookup
 * expression containing it: this is what keeps that one piece of interpolated text harmless.
 */
export function prepareRun(request: RunRequest): PreparedRun {
  if (typeof request !== 'object' || request === null) throw new TypeError('run() needs a request object');
  const { code, functionName, cases } = request;
  const language = request.language ?? 'javascript';
  if (!LANGUAGES.includes(language)) throw new TypeError(`RunRequest.language must be one of ${LANGUAGES.join(', ')}`);
  if (typeof code !== 'string') throw new TypeError('RunRequest.code must be a string');
  const identifier = language === 'python' ? PYTHON_IDENTIFIER : JS_IDENTIFIER;
  if (typeof functionName !== 'string' || !identifier.test(functionName)) {
    throw new TypeError(`RunRequest.functionName must be a ${language === 'python' ? 'Python' : 'JavaScript'} identifier`);
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
  return {
    language,
    engine: language === 'python' ? 'python' : 'javascript',
    code,
    functionName,
    argsJson,
    expected: cases.map((testCase) => testCase.expected),
  };
}
