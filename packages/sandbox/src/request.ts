import { languageProfile, LanguageId, QuestionForm, Signature } from '@assay/domain/languages';
import type { LanguageProfile } from '@assay/domain/languages';
import { engineOf } from './engines.js';
import type { NativeRunInput } from './native/native-language.js';
import type { NativeLanguageId } from './native/native-languages.js';
import type { Engine } from './protocol.js';
import type { SqlRunRequest, StdioCase } from './run-request.js';
import type { Language, RunRequest } from './types.js';

/** A function run for a worker thread: what crosses the thread boundary. */
export interface WorkerRun {
  readonly family: 'worker';
  readonly language: Language;
  readonly engine: Engine;
  readonly transpile?: 'typescript';
  readonly display?: 'python';
  /** The candidate's code (TypeScript is transpiled by the worker). */
  readonly code: string;
  readonly functionName: string;
  readonly argsJson: string[];
  /** The stdio form: each case's standard input (then `expected` holds the outputs, judged by the stdio rule). */
  readonly inputs?: string[];
  readonly expected: unknown[];
  readonly caseCount: number;
}

/** A run for a native language module, with what the host judges by (never handed to the jail). */
export interface NativeRun {
  readonly family: 'native';
  readonly language: Language;
  readonly module: NativeLanguageId;
  readonly input: NativeRunInput;
  /** Function form: the expected values; stdio form: the expected outputs. */
  readonly expected: readonly unknown[];
  readonly caseCount: number;
}

export interface SqlRun {
  readonly family: 'sql';
  readonly language: Language;
  readonly request: SqlRunRequest;
  readonly caseCount: number;
}

/** A request checked and reduced to what its engine needs. */
export type PreparedRun = WorkerRun | NativeRun | SqlRun;

/**
 * Rejects malformed requests up front (they are the caller's bug, not the candidate's): the language must be a
 * registered one, the form one its profile offers, `functionName` an identifier of that language that is not a
 * reserved word (the JavaScript worker evaluates a lookup expression containing it: this keeps that one piece of
 * interpolated text harmless), and a static language's function run needs its typed signature.
 */
export function prepareRun(request: RunRequest): PreparedRun {
  if (typeof request !== 'object' || request === null) throw new TypeError('run() needs a request object');
  const form = request.form ?? 'function';
  if (!QuestionForm.safeParse(form).success) throw new TypeError(`RunRequest.form must be one of ${QuestionForm.options.join(', ')}`);
  const language = request.language ?? 'javascript';
  if (!LanguageId.safeParse(language).success) throw new TypeError(`RunRequest.language must be one of ${LanguageId.options.join(', ')}`);
  const profile = languageProfile(language);
  if (!profile.forms.includes(form)) throw new TypeError(`${profile.name} does not answer ${form} questions (it answers ${profile.forms.join(', ')})`);
  if (typeof request.code !== 'string') throw new TypeError('RunRequest.code must be a string');
  if (!Array.isArray(request.cases)) throw new TypeError('RunRequest.cases must be an array');
  const engine = engineOf(language);
  switch (request.form) {
    case undefined:
    case 'function': {
      const { functionName } = request;
      if (typeof functionName !== 'string' || !profile.identifier.test(functionName) || profile.reserved.has(functionName)) {
        throw new TypeError(`RunRequest.functionName must be a ${profile.name} identifier (not a reserved word)`);
      }
      const signature = checkSignature(request.signature, profile);
      const argsJson = request.cases.map(argsJsonOf);
      const expected = request.cases.map((testCase) => testCase.expected);
      const caseCount = argsJson.length;
      if (engine.family === 'worker') {
        const { code } = request;
        return { family: 'worker', language, engine: engine.engine, ...optional(engine), code, functionName, argsJson, expected, caseCount };
      }
      if (engine.family === 'native') {
        return {
          family: 'native',
          language,
          module: engine.module,
          input: { form: 'function', code: request.code, functionName, signature, argsJson },
          expected,
          caseCount,
        };
      }
      throw new TypeError(`${profile.name} runs only SQL questions`);
    }
    case 'stdio': {
      const cases = request.cases.map(stdioCaseOf);
      const inputs = cases.map((testCase) => testCase.input);
      const expected = cases.map((testCase) => testCase.expectedOutput);
      if (engine.family === 'worker') {
        // Python, JavaScript and TypeScript programs read stdin in their interpreter (decision 1087); no `display`: the values are text.
        const transpile = engine.transpile ? { transpile: engine.transpile } : {};
        return {
          family: 'worker',
          language,
          engine: engine.engine,
          ...transpile,
          code: request.code,
          functionName: '',
          argsJson: [],
          inputs,
          expected,
          caseCount: cases.length,
        };
      }
      if (engine.family !== 'native') throw new TypeError(`${profile.name} does not answer stdio questions`);
      const input: NativeRunInput = { form: 'stdio', code: request.code, inputs };
      return { family: 'native', language, module: engine.module, input, expected, caseCount: cases.length };
    }
    case 'sql': {
      if (engine.family !== 'sql') throw new TypeError(`${profile.name} does not answer sql questions`);
      checkSql(request);
      return { family: 'sql', language, request, caseCount: request.cases.length };
    }
  }
}

function optional(engine: { transpile?: 'typescript'; display?: 'python' }): Pick<WorkerRun, 'transpile' | 'display'> {
  return { ...(engine.transpile ? { transpile: engine.transpile } : {}), ...(engine.display ? { display: engine.display } : {}) };
}

function checkSignature(signature: unknown, profile: LanguageProfile): Signature | undefined {
  if (signature === undefined) {
    if (profile.needsSignature) throw new TypeError(`RunRequest.signature is required for ${profile.name} (a typed language)`);
    return undefined;
  }
  const parsed = Signature.safeParse(signature);
  if (!parsed.success) throw new TypeError(`RunRequest.signature is not a valid signature: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

function argsJsonOf(testCase: unknown, index: number): string {
  if (typeof testCase !== 'object' || testCase === null || !Array.isArray((testCase as { args?: unknown }).args)) {
    throw new TypeError(`RunRequest.cases[${index}].args must be an array`);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify((testCase as { args: unknown[] }).args);
  } catch (error) {
    throw new TypeError(`RunRequest.cases[${index}].args is not JSON-serializable: ${String(error)}`);
  }
  if (json === undefined) throw new TypeError(`RunRequest.cases[${index}].args is not JSON-serializable`);
  return json;
}

function stdioCaseOf(testCase: unknown, index: number): StdioCase {
  const candidate = testCase as Partial<StdioCase> | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.input !== 'string' || typeof candidate.expectedOutput !== 'string') {
    throw new TypeError(`RunRequest.cases[${index}] needs input and expectedOutput strings`);
  }
  return { input: candidate.input, expectedOutput: candidate.expectedOutput };
}

function checkSql(request: SqlRunRequest): void {
  if (typeof request.schema !== 'string') throw new TypeError('RunRequest.schema must be a string');
  if (typeof request.ordered !== 'boolean' || typeof request.checkColumnNames !== 'boolean') {
    throw new TypeError('RunRequest.ordered and RunRequest.checkColumnNames must be booleans');
  }
  request.cases.forEach((testCase, index) => {
    const { seed, expected } = (testCase ?? {}) as Partial<SqlRunRequest['cases'][number]>;
    if (typeof seed !== 'string') throw new TypeError(`RunRequest.cases[${index}].seed must be a string`);
    if (typeof expected !== 'object' || expected === null || !Array.isArray(expected.columns) || !Array.isArray(expected.rows)) {
      throw new TypeError(`RunRequest.cases[${index}].expected needs columns and rows arrays`);
    }
  });
}
