import { describe, expect, it } from 'vitest';
import { languageProfile } from '../languages/registry.js';
import { caseInputsOf } from './coding-cases.js';
import { codingFormOf, CodingQuestion } from './coding-question.js';

const base = { type: 'coding', text: 'Solve it', marks: 5 };
const signature = {
  params: [
    { name: 'scores', type: 'int[]' },
    { name: 'k', type: 'int' },
  ],
  returns: 'int[]',
};
const fn = { ...base, functionName: 'topK', hiddenTests: [{ args: [[5, 1, 9], 2], expected: [9, 5] }] };
const stdio = { ...base, form: 'stdio', languages: ['java', 'c'], hiddenTests: [{ input: '4 2\n5 1 9 3\n', output: '9 5\n' }] };
const sql = {
  ...base,
  form: 'sql',
  languages: ['sqlite', 'postgresql'],
  sql: { schema: 'CREATE TABLE t (name TEXT, total INT);' },
  hiddenTests: [{ seed: "INSERT INTO t VALUES ('ann', 3);", columns: ['name', 'total'], rows: [['ann', 3]] }],
};

const messagesOf = (question: Record<string, unknown>): string[] => {
  const parsed = CodingQuestion.safeParse(question);
  expect(parsed.success).toBe(false);
  return parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
};

describe('function questions with a signature', () => {
  it('keeps a definition without form or signature as before (no form added, starter code "")', () => {
    const parsed = CodingQuestion.parse(fn);
    expect(parsed.form).toBeUndefined();
    expect(codingFormOf(parsed)).toBe('function');
    expect(parsed.starterCode).toEqual({ javascript: '' });
    expect(parsed).not.toHaveProperty('signature');
  });

  it('refuses a static language without a signature, naming it', () => {
    expect(messagesOf({ ...fn, languages: ['python', 'java'] })).toContain(
      'signature: a function question that accepts Java needs a signature ({ "params": [{ "name": "x", "type": "int" }], "returns": "int" })',
    );
  });

  it("starts a language without authored starter code from its profile's stub", () => {
    const parsed = CodingQuestion.parse({ ...fn, form: 'function', languages: ['python', 'java'], signature, starterCode: { python: '# mine' } });
    expect(parsed.starterCode).toEqual({ python: '# mine', java: languageProfile('java').stub('topK', signature) });
    expect(CodingQuestion.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('checks functionName against every accepted profile', () => {
    expect(messagesOf({ ...fn, languages: ['javascript', 'python'], functionName: 'lambda' })).toContain(
      'functionName: functionName must also be a Python identifier (no $, not a keyword) when the question accepts python',
    );
  });

  it('refuses a type outside the vocabulary', () => {
    expect(messagesOf({ ...fn, signature: { params: [{ name: 'x', type: 'float' }], returns: 'int' } }).join('\n')).toMatch(/a type must be one of int/);
  });

  it('refuses a language that cannot express the signature (C and a map), at import, saying why', () => {
    const mapSignature = { params: [{ name: 'counts', type: 'map<string,int>' }], returns: 'int' };
    expect(messagesOf({ ...fn, languages: ['cpp', 'c'], signature: mapSignature })).toEqual([
      'languages.1: C cannot answer a question using map<string,int>: C has no maps, and lists deeper than T[][] have no C form (offer C++ instead)',
    ]);
    expect(messagesOf({ ...fn, languages: ['c'], signature: { params: [{ name: 'grid', type: 'int[][][]' }], returns: 'int' } })).toHaveLength(1);
    expect(CodingQuestion.safeParse({ ...fn, languages: ['cpp', 'java'], signature: mapSignature }).success).toBe(true);
  });

  it('refuses a language that cannot answer a function question', () => {
    expect(messagesOf({ ...fn, languages: ['sqlite'] })).toContain('languages.0: SQL (SQLite) cannot answer a function question (it answers sql questions)');
  });
});

describe('stdio questions', () => {
  it("parses with each language's stdio stub as starter code, and to itself again", () => {
    const parsed = CodingQuestion.parse(stdio);
    expect(parsed.form).toBe('stdio');
    expect(parsed.starterCode).toEqual({ java: languageProfile('java').stdioStub(), c: languageProfile('c').stdioStub() });
    expect(CodingQuestion.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
    if (parsed.form === 'stdio') expect(caseInputsOf(parsed.hiddenTests[0]!)).toEqual(['4 2\n5 1 9 3\n']);
  });

  it('refuses a language without the form, a missing languages list and a function-style test', () => {
    expect(messagesOf({ ...stdio, languages: ['sqlite'] })).toContain('languages.0: SQL (SQLite) cannot answer a stdio question (it answers sql questions)');
    // Python, JavaScript and TypeScript answer stdio questions (decision 1087), each from its own stdio stub.
    const scripting = CodingQuestion.parse({ ...stdio, languages: ['python', 'javascript', 'typescript'] });
    expect(scripting.starterCode).toEqual({
      python: languageProfile('python').stdioStub(),
      javascript: languageProfile('javascript').stdioStub(),
      typescript: languageProfile('typescript').stdioStub(),
    });
    expect(messagesOf({ ...stdio, languages: undefined }).join('\n')).toMatch(/^languages: /);
    expect(messagesOf({ ...stdio, hiddenTests: [{ args: [], expected: 1 }] }).length).toBeGreaterThan(0);
  });
});

describe('sql questions', () => {
  it('defaults ordered to false and checkColumnNames to true', () => {
    const parsed = CodingQuestion.parse(sql);
    if (parsed.form !== 'sql') throw new Error('not sql');
    expect(parsed.sql).toEqual({ schema: 'CREATE TABLE t (name TEXT, total INT);', ordered: false, checkColumnNames: true });
    expect(parsed.starterCode).toEqual({ sqlite: '', postgresql: '' });
    expect(CodingQuestion.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('refuses a non-SQL language, rows of the wrong width and an unknown form', () => {
    expect(messagesOf({ ...sql, languages: ['python'] })).toContain('languages.0: Python cannot answer a sql question (it answers function, stdio questions)');
    expect(messagesOf({ ...sql, hiddenTests: [{ columns: ['a', 'b'], rows: [[1]] }] })).toContain(
      'hiddenTests.0.rows: every row must have one value per column',
    );
    expect(messagesOf({ ...sql, form: 'essay' })).toContain('form: form must be "function" (or left out), "stdio" or "sql"');
  });
});
