import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDefinitionSource } from './definition-source.js';
import { checkSchema, problemLine } from './schema-problems.js';

const EXAMPLE = new URL('../../../../examples/tests/junior-python-screen.yaml', import.meta.url);

const YAML = `# a comment, allowed
testName: Arithmetic
sections:
  - sectionName: Sums
    sectionType: coding
    duration: 10
    questions:
      - type: coding
        text: Add two numbers.
        marks: lots
        functionName: add
        hiddenTests:
          - { args: [1, 2], expected: 3 }
`;

const lines = (file: string, text: string): string[] => checkSchema(readDefinitionSource(file, text)).problems.map((problem) => problemLine(file, problem));

describe('a test file checked against the definition schema', () => {
  it('names the line and column of a wrong value, with its path', () => {
    expect(lines('tests.yaml', YAML)).toEqual(['tests.yaml:10:16: sections[0].questions[0].marks: Invalid input: expected number, received string']);
  });

  it('puts a missing field at its parent, and a wrong block at its key', () => {
    const missing = YAML.replace('        functionName: add\n', '');
    expect(lines('tests.yaml', missing)).toContainEqual(expect.stringMatching(/^tests\.yaml:8:9: sections\[0\]\.questions\[0\]\.functionName: /));
    const block = YAML.replace('marks: lots', 'marks: 2').replace('    duration: 10\n', '    duration:\n      minutes: 10\n');
    expect(lines('tests.yaml', block)).toEqual([expect.stringMatching(/^tests\.yaml:6:5: sections\[0\]\.duration: /)]);
  });

  it('answers the definition as the server parses it when the file is right', () => {
    const check = checkSchema(readDefinitionSource('tests.yaml', YAML.replace('marks: lots', 'marks: 2')));
    expect(check.problems).toEqual([]);
    expect(check.definition?.sections[0]?.questions[0]).toMatchObject({ marks: 2, languages: ['javascript'], functionName: 'add' });
  });

  it('says where the YAML itself is wrong (a key written twice) and gives no value', () => {
    const source = readDefinitionSource('tests.yaml', YAML.replace('    duration: 10\n', '    duration: 10\n    duration: 20\n'));
    expect(source.value).toBeUndefined();
    expect(lines('tests.yaml', YAML.replace('    duration: 10\n', '    duration: 10\n    duration: 20\n'))).toEqual([
      'tests.yaml:7:5: Map keys must be unique',
    ]);
  });

  it('reads JSON with JSON.parse (the JSON keeps working) and still names its lines', () => {
    const json = JSON.stringify({ testName: 'T', sections: [{ sectionName: 'S', sectionType: 'general', duration: -1, questions: [] }] }, null, 2);
    const source = readDefinitionSource('tests.json', json);
    expect(source.value).toEqual(JSON.parse(json));
    expect(lines('tests.json', json)).toEqual([
      expect.stringMatching(/^tests\.json:7:19: sections\[0\]\.duration: /),
      expect.stringMatching(/^tests\.json:8:7: sections\[0\]\.questions: /),
    ]);
    expect(lines('broken.json', '{ "testName": "T", }')[0]).toMatch(/^broken\.json:1:\d+: /);
  });

  it('passes the example in examples/tests, comments and all', () => {
    expect(lines('junior-python-screen.yaml', readFileSync(EXAMPLE, 'utf8'))).toEqual([]);
  });
});
