import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { TestLinkInput } from './schemas/test-link.js';
import { TestDefinition } from './schemas/test-definition.js';
import { describeIssues } from './validation-message.js';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a validation failure');
  return parsed.error.issues;
};

describe('describeIssues', () => {
  it('prefixes each message with its dotted path', () => {
    const schema = z.object({ sections: z.array(z.object({ duration: z.number({ error: 'must be a number' }) })) });
    expect(describeIssues(issuesOf(schema, { sections: [{ duration: 1 }, { duration: 'x' }] }))).toBe('sections.1.duration: must be a number');
  });

  it('joins several issues with "; "', () => {
    const schema = z.object({ a: z.string({ error: 'must be text' }), b: z.int({ error: 'must be an integer' }) });
    expect(describeIssues(issuesOf(schema, { a: 1, b: 'x' }))).toBe('a: must be text; b: must be an integer');
  });

  it('does not repeat the path when the message already starts with it', () => {
    expect(describeIssues(issuesOf(TestLinkInput, { accessTime: 0 }))).toBe('testLinkName is required and must be a string');
  });

  it('prefixes a nested refinement with the path of the object it checks', () => {
    const coding = { type: 'coding', text: 'Add', functionName: 'add', hiddenTests: [{ args: [1, 2], expected: 3 }] };
    const definition = {
      testName: 'T',
      sections: [{ sectionName: 'S', sectionType: 'general', duration: 10, questions: [coding] }],
    };
    expect(describeIssues(issuesOf(TestDefinition, definition))).toBe('sections.0: coding questions belong in a coding section');
  });

  it('keeps a refinement message that already names its field as it is', () => {
    const definition = {
      testName: 'T',
      duration: 5,
      sections: [
        {
          sectionName: 'S',
          sectionType: 'general',
          duration: 10,
          questions: [{ type: 'single_choice', text: 'Q', options: [{ text: 'a', correct: true }, { text: 'b' }] }],
        },
      ],
    };
    expect(describeIssues(issuesOf(TestDefinition, definition))).toBe('duration must be at least the sum of the section durations');
  });

  it('gives the bare message for a root issue', () => {
    expect(describeIssues(issuesOf(z.string({ error: 'must be text' }), 5))).toBe('must be text');
  });

  it('is empty for no issues', () => {
    expect(describeIssues([])).toBe('');
  });

  it('keeps at most ten issues', () => {
    const shape = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, z.string({ error: 'bad' })]));
    const text = describeIssues(issuesOf(z.object(shape), {}));
    expect(text.split('; ')).toHaveLength(10);
    expect(text.startsWith('f0: bad; f1: bad')).toBe(true);
    expect(text).toContain('f9: bad');
    expect(text).not.toContain('f10');
  });
});
