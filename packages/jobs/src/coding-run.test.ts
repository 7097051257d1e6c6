import { describe, expect, it } from 'vitest';
import { CodingQuestion } from '@assay/domain';
import { codingRunRequest } from './coding-run.js';

const base = { type: 'coding', text: 'Solve it' };
const signature = {
  params: [
    { name: 'scores', type: 'int[]' },
    { name: 'k', type: 'int' },
  ],
  returns: 'int[]',
};

describe('codingRunRequest builds the sandbox request of each form', () => {
  it('function: the name, the signature and the chosen tests as cases', () => {
    const question = CodingQuestion.parse({
      ...base,
      languages: ['python', 'java'],
      functionName: 'topK',
      signature,
      sampleTests: [{ args: [[5, 1, 9], 2], expected: [9, 5] }],
      hiddenTests: [{ args: [[1], 1], expected: [1] }],
    });
    expect(codingRunRequest(question, 'code', 'java', 'sampleTests')).toEqual({
      form: 'function',
      language: 'java',
      code: 'code',
      functionName: 'topK',
      signature,
      cases: [{ args: [[5, 1, 9], 2], expected: [9, 5] }],
    });
    expect(codingRunRequest(question, 'code', 'python', { args: [[3], 1] }).cases).toEqual([{ args: [[3], 1], expected: null }]);
  });

  it('function without a signature: as before, no signature sent', () => {
    const question = CodingQuestion.parse({ ...base, language: 'javascript', functionName: 'add', hiddenTests: [{ args: [1, 2], expected: 3 }] });
    expect(codingRunRequest(question, 'c', 'javascript', 'hiddenTests')).toEqual({
      form: 'function',
      language: 'javascript',
      code: 'c',
      functionName: 'add',
      cases: [{ args: [1, 2], expected: 3 }],
    });
  });

  it('stdio: input and expected output per case, or the custom input alone', () => {
    const question = CodingQuestion.parse({ ...base, form: 'stdio', languages: ['c'], hiddenTests: [{ input: '4 2\n5 1 9 3\n', output: '9 5\n' }] });
    expect(codingRunRequest(question, 'int main(){}', 'c', 'hiddenTests')).toEqual({
      form: 'stdio',
      language: 'c',
      code: 'int main(){}',
      cases: [{ input: '4 2\n5 1 9 3\n', expectedOutput: '9 5\n' }],
    });
    expect(codingRunRequest(question, 'x', 'c', { input: '1 1\n' }).cases).toEqual([{ input: '1 1\n', expectedOutput: '' }]);
  });

  it('sql: the schema, the comparison settings and each seed with its rows', () => {
    const question = CodingQuestion.parse({
      ...base,
      form: 'sql',
      languages: ['sqlite', 'postgresql'],
      sql: { schema: 'CREATE TABLE t (name TEXT, total INT);', ordered: true },
      hiddenTests: [{ seed: "INSERT INTO t VALUES ('ann', 3);", columns: ['name', 'total'], rows: [['ann', 3]] }],
    });
    expect(codingRunRequest(question, 'SELECT * FROM t', 'postgresql', 'hiddenTests')).toEqual({
      form: 'sql',
      language: 'postgresql',
      code: 'SELECT * FROM t',
      schema: 'CREATE TABLE t (name TEXT, total INT);',
      ordered: true,
      checkColumnNames: true,
      cases: [{ seed: "INSERT INTO t VALUES ('ann', 3);", expected: { columns: ['name', 'total'], rows: [['ann', 3]] } }],
    });
  });
});
