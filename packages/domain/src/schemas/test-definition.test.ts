import { describe, it, expect } from 'vitest';
import { LanguageId } from '../languages/language-id.js';
import { maxScoreOf, QuestionDefinition, SectionDefinition, TestDefinition, testDurationOf } from './test-definition.js';

const singleChoice = {
  type: 'single_choice',
  text: 'Which is a prime?',
  options: [{ text: '4' }, { text: '5', correct: true }],
};
const multipleChoice = {
  type: 'multiple_choice',
  text: 'Which are even?',
  marks: 2,
  negativeMarks: 0.5,
  options: [{ text: '2', correct: true }, { text: '3' }, { text: '4', correct: true }],
};
const coding = {
  type: 'coding',
  text: 'Add two numbers',
  marks: 5,
  functionName: 'add',
  hiddenTests: [{ args: [1, 2], expected: 3 }],
};
const generalSection = { sectionName: 'Aptitude', sectionType: 'general', duration: 10, questions: [singleChoice, multipleChoice] };
const codingSection = { sectionName: 'Coding', sectionType: 'coding', duration: 20, questions: [coding] };
const definition = { testName: 'Backend hiring', sections: [generalSection, codingSection] };

const issuesOf = (body: unknown) => {
  const parsed = TestDefinition.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.error?.issues ?? [];
};

describe('TestDefinition', () => {
  it('parses a general and a coding section and fills the defaults', () => {
    const parsed = TestDefinition.parse(definition);
    expect(parsed.description).toBe('');
    expect(parsed.testStatus).toBe('Active');
    expect(parsed.duration).toBeUndefined();
    expect(parsed.sections).toHaveLength(2);

    const [first, second] = parsed.sections;
    expect(first?.questions[0]).toEqual({
      type: 'single_choice',
      text: 'Which is a prime?',
      marks: 1,
      negativeMarks: 0,
      options: [
        { text: '4', correct: false },
        { text: '5', correct: true },
      ],
    });
    expect(first?.questions[1]).toMatchObject({ marks: 2, negativeMarks: 0.5 });
    expect(second?.questions[0]).toEqual({
      type: 'coding',
      text: 'Add two numbers',
      marks: 5,
      negativeMarks: 0,
      languages: ['javascript'],
      functionName: 'add',
      starterCode: { javascript: '' },
      sampleTests: [],
      hiddenTests: [{ args: [1, 2], expected: 3 }],
    });
  });

  it('accepts a duration equal to or longer than the sum of section durations', () => {
    expect(TestDefinition.safeParse({ ...definition, duration: 30 }).success).toBe(true);
    expect(TestDefinition.safeParse({ ...definition, duration: 45 }).success).toBe(true);
  });

  it('rejects a duration shorter than the sum of section durations', () => {
    const issues = issuesOf({ ...definition, duration: 29 });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['duration']);
    expect(issues[0]?.message).toBe('duration must be at least the sum of the section durations');
  });

  it('rejects a single_choice question with two correct options', () => {
    const twoCorrect = {
      ...singleChoice,
      options: [
        { text: 'a', correct: true },
        { text: 'b', correct: true },
      ],
    };
    const issues = issuesOf({ ...definition, sections: [{ ...generalSection, questions: [twoCorrect] }] });
    expect(issues.map((issue) => issue.message)).toContain('a single_choice question needs exactly one correct option');
  });

  it('rejects a single_choice question with no correct option', () => {
    expect(QuestionDefinition.safeParse({ ...singleChoice, options: [{ text: 'a' }, { text: 'b' }] }).success).toBe(false);
  });

  it('rejects a multiple_choice question with no correct option', () => {
    const parsed = QuestionDefinition.safeParse({ ...multipleChoice, options: [{ text: 'a' }, { text: 'b' }] });
    expect(parsed.error?.issues[0]?.message).toBe('a multiple_choice question needs at least one correct option');
  });

  it('rejects a coding question in a general section', () => {
    const issues = issuesOf({ ...definition, sections: [{ ...generalSection, questions: [singleChoice, coding] }] });
    expect(issues.map((issue) => issue.message)).toContain('coding questions belong in a coding section');
    expect(issues[0]?.path).toEqual(['sections', 0]);
  });

  it('rejects a choice question in a coding section', () => {
    const parsed = SectionDefinition.safeParse({ ...codingSection, questions: [coding, singleChoice] });
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('a coding section holds only coding questions');
  });

  it.each<[string, unknown]>([
    ['a coding question without hidden tests', { ...coding, hiddenTests: [] }],
    ['a functionName that is not an identifier', { ...coding, functionName: '1add' }],
    ['a question with one option', { ...singleChoice, options: [{ text: 'a', correct: true }] }],
    ['negative marks below 0', { ...singleChoice, negativeMarks: -1 }],
    ['an unknown type', { ...singleChoice, type: 'essay' }],
  ])('rejects %s', (_label, question) => {
    expect(QuestionDefinition.safeParse(question).success).toBe(false);
  });

  it.each<[string, unknown]>([
    ['no sections', { ...definition, sections: [] }],
    ['a blank testName', { ...definition, testName: '  ' }],
    ['an unknown testStatus', { ...definition, testStatus: 'Archived' }],
    ['a section with no questions', { ...definition, sections: [{ ...generalSection, questions: [] }] }],
    ['a section duration of 0', { ...definition, sections: [{ ...generalSection, duration: 0 }] }],
    ['a sectionType in the wire spelling', { ...definition, sections: [{ ...generalSection, sectionType: 'General Questions' }] }],
  ])('rejects %s', (_label, body) => {
    expect(TestDefinition.safeParse(body).success).toBe(false);
  });
});

const ALL = LanguageId.options.map((language) => `"${language}"`).join('|');
const ALL_LISTED = LanguageId.options.map((language) => `"${language}"`).join(', ');

describe('CodingQuestion languages', () => {
  const parseCoding = (question: Record<string, unknown>) => {
    const parsed = QuestionDefinition.parse({ ...coding, ...question });
    if (parsed.type !== 'coding' || parsed.form !== undefined) throw new Error('not a function question');
    return parsed;
  };
  const messagesOf = (question: Record<string, unknown>) => {
    const parsed = QuestionDefinition.safeParse({ ...coding, ...question });
    expect(parsed.success).toBe(false);
    return (parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it.each<[string, Record<string, unknown>, string[], Record<string, string>]>([
    ['neither field: JavaScript', {}, ['javascript'], { javascript: '' }],
    ['the legacy language alone', { language: 'python', functionName: 'add' }, ['python'], { python: '' }],
    ['languages', { languages: ['python', 'typescript'] }, ['python', 'typescript'], { python: '', typescript: '' }],
    [
      'languages with language as their first',
      { languages: ['typescript', 'javascript'], language: 'typescript' },
      ['typescript', 'javascript'],
      { typescript: '', javascript: '' },
    ],
    [
      'one starter code for every language',
      { languages: ['python', 'javascript'], starterCode: '# start' },
      ['python', 'javascript'],
      { python: '# start', javascript: '# start' },
    ],
    [
      'a starter code per language, one left out',
      { languages: ['python', 'javascript'], starterCode: { python: 'def add(a, b):' } },
      ['python', 'javascript'],
      { python: 'def add(a, b):', javascript: '' },
    ],
  ])('normalises %s', (_label, question, languages, starterCode) => {
    const parsed = parseCoding(question);
    expect(parsed.languages).toEqual(languages);
    expect(parsed.starterCode).toEqual(starterCode);
    expect(parsed).not.toHaveProperty('language');
  });

  it('parses a normalised question to itself (stored definitions are parsed again when read)', () => {
    const once = parseCoding({ languages: ['python', 'javascript'], starterCode: { python: 'p' } });
    expect(QuestionDefinition.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
    const legacy = parseCoding({ language: 'javascript', starterCode: 'function add() {}' });
    expect(QuestionDefinition.parse(JSON.parse(JSON.stringify(legacy)))).toEqual(legacy);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty languages list', { languages: [] }, 'languages: languages must list at least one language'],
    ['a repeated language', { languages: ['python', 'python'] }, 'languages: languages must not repeat a language'],
    ['an unknown language', { languages: ['cobol'] }, `languages.0: Invalid option: expected one of ${ALL}`],
    ['an unknown legacy language', { language: 'cobol' }, `language: Invalid option: expected one of ${ALL}`],
    [
      'a legacy language that is not the first of languages',
      { languages: ['python', 'javascript'], language: 'javascript' },
      'language: language (javascript) must be the first of languages (python, javascript), or be left out',
    ],
    [
      'a legacy language missing from languages',
      { languages: ['python'], language: 'typescript' },
      'language: language (typescript) must be the first of languages (python), or be left out',
    ],
    [
      'starter code for a language not accepted',
      { languages: ['python'], starterCode: { javascript: 'x' } },
      'starterCode.javascript: starterCode has JavaScript code but the question does not accept javascript',
    ],
    ['starter code for an unknown language', { starterCode: { cobol: 'x' } }, 'starterCode: Unrecognized key: "cobol"'],
    ['starter code that is a number', { starterCode: 4 }, `starterCode: starterCode must be a string, or an object of strings by language (${ALL_LISTED})`],
    [
      'a JavaScript-only functionName with python',
      { languages: ['javascript', 'python'], functionName: 'add$' },
      'functionName: functionName must also be a Python identifier (no $, not a keyword) when the question accepts python',
    ],
    [
      'a Python keyword as functionName with python',
      { language: 'python', functionName: 'lambda' },
      'functionName: functionName must also be a Python identifier (no $, not a keyword) when the question accepts python',
    ],
  ])('refuses %s', (_label, question, message) => {
    expect(messagesOf(question)).toContain(message);
  });

  it('accepts a $ in functionName when no Python is accepted', () => {
    expect(parseCoding({ languages: ['javascript', 'typescript'], functionName: 'add$' }).functionName).toBe('add$');
  });
});

describe('testDurationOf', () => {
  it('is the sum of the section durations when duration is omitted', () => {
    expect(testDurationOf(TestDefinition.parse(definition))).toBe(30);
  });

  it('is the given duration when present', () => {
    expect(testDurationOf(TestDefinition.parse({ ...definition, duration: 45 }))).toBe(45);
  });
});

describe('maxScoreOf', () => {
  it('sums the marks of the questions, with 1 as the default', () => {
    const parsed = TestDefinition.parse(definition);
    const questions = parsed.sections.flatMap((section) => section.questions);
    expect(maxScoreOf(questions)).toBe(1 + 2 + 5);
    expect(maxScoreOf(parsed.sections[0]?.questions ?? [])).toBe(3);
  });

  it('is 0 for no questions', () => {
    expect(maxScoreOf([])).toBe(0);
  });
});
