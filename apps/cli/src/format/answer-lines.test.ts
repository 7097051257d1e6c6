import type { QuestionDetail } from '@assay/domain/report';
import { describe, expect, it } from 'vitest';
import { answerLines, lineText, type AnswerLine } from './answer-lines.js';

const coding = (language: string, code: string, hiddenTests: NonNullable<QuestionDetail['coding']>['hiddenTests'] = null): QuestionDetail =>
  ({
    number: 2,
    questionId: 7,
    sectionName: 'Code',
    type: 'coding',
    text: 'Count the words.',
    marks: 5,
    negativeMarks: 0,
    awarded: 3,
    answered: true,
    timeSpentSeconds: 75,
    coding: { language, code, hiddenTests, sampleRuns: 2 },
  }) as QuestionDetail;

/** The spans of a tone in the answer, as text. */
const toned = (lines: AnswerLine[], tone: string) => lines.flatMap((line) => line.filter((span) => span.tone === tone).map((span) => span.text.trim()));

describe("a question's answer as lines (issue 50, item 3)", () => {
  it.each([
    ['python', 'def f(x):\n    return "a"  # why', 'def', '"a"', '# why'],
    ['java', 'class A { String s = "b"; } // note', 'class', '"b"', '// note'],
    ['sqlite', "SELECT name FROM t WHERE x = 'c' -- rows", 'SELECT', "'c'", '-- rows'],
    ['go', 'func main() { s := "d" } // go', 'func', '"d"', '// go'],
  ])('colours %s code by token class, numbered, with its language', (language, code, keyword, string, comment) => {
    const lines = answerLines(coding(language, code), 80);
    expect(toned(lines, 'keyword')).toContain(keyword);
    expect(toned(lines, 'string')).toContain(string);
    expect(toned(lines, 'comment')).toContain(comment);
    expect(lines.map(lineText)).toContain('Q2 · Code · coding · 3 of 5 marks');
    expect(lines.map(lineText).some((line) => line.startsWith('1 │ '))).toBe(true);
  });

  it('lists the hidden tests case by case, and shows a control in code as its picture', () => {
    const lines = answerLines(
      coding('javascript', 'let s = "\u001b[2J";\tx()', { passed: 1, total: 2, cases: [{ passed: true }, { passed: false, args: [[1, 2]] }] }),
      80,
    ).map(lineText);
    expect(lines).toContain('JavaScript · 2 sample runs');
    expect(lines).toContain('1 │ let s = "␛[2J";    x()');
    expect(lines).toContain('Hidden tests: 1 of 2 passed');
    expect(lines).toContain('  case 1: passed');
    expect(lines).toContain('  case 2: failed · input [[1,2]]');
    expect(lines.join('\n')).not.toContain('\u001b');
  });

  it('marks the options chosen against the key, and a multiple choice with none chosen', () => {
    const question = {
      ...coding('python', ''),
      type: 'multiple_choice',
      text: 'Which are prime?',
      coding: undefined,
      options: [
        { optionId: 1, text: '2', correct: true, chosen: true },
        { optionId: 2, text: '4', correct: false, chosen: true },
        { optionId: 3, text: '5', correct: true, chosen: false },
      ],
    } as QuestionDetail;
    const lines = answerLines(question, 80);
    expect(lines.map(lineText)).toEqual(expect.arrayContaining(['[x] A. 2 — chosen, right', '[x] B. 4 — chosen, wrong', '[ ] C. 5 — in the key, not chosen']));
    expect(lines.find((line) => lineText(line).includes('B. 4'))?.[0]?.tone).toBe('wrong');
    const none = answerLines({ ...question, options: question.options!.map((option) => ({ ...option, chosen: false })) }, 80).map(lineText);
    expect(none).toContain('No option chosen.');
  });
});
