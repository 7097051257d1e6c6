import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testOfBank } from '@assay/domain';
import { moodleXmlItems } from './moodle-xml.js';

const FIXTURE = readFileSync(new URL('../../test/fixtures/bank/moodle-bank.xml', import.meta.url), 'utf8');
/** The shapes of Moodle's own XML fixtures (nested categories, an essay's settings, Moodle 1.9's fields), in our words. */
const MOODLE_SHAPES = readFileSync(new URL('../../test/fixtures/bank/moodle-shapes.xml', import.meta.url), 'utf8');

const bankTest = (content: string) => {
  const items = moodleXmlItems(content);
  if (items.err) throw new Error(items.err.message);
  const test = testOfBank(items.val);
  if (test.err) throw new Error(test.err.message);
  return test.val;
};

describe('moodleXmlItems', () => {
  it('carries every supported type of a Moodle export into sections named by category', () => {
    const test = bankTest(FIXTURE);
    expect(test.definition.testName).toBe('SQL basics');
    expect(test.importedCount).toBe(6);
    const [sql, numbers] = test.definition.sections;
    expect(sql?.sectionName).toBe('SQL basics');
    expect(numbers?.sectionName).toBe('Numbers');
    const [single, multiple, trueFalse, short] = sql?.questions ?? [];
    expect(single).toEqual({
      type: 'single_choice',
      text: 'What does this query return?\n\n```sql\nSELECT name FROM people WHERE age > 30;\n```',
      marks: 2,
      negativeMarks: 1,
      skills: ['SQL'],
      options: [
        { text: 'The **names** of people older than 30', correct: true },
        { text: 'Every column of people older than 30', correct: false },
        { text: 'The number of people older than 30', correct: false },
      ],
    });
    expect(multiple).toMatchObject({ type: 'multiple_choice', text: 'Which of these are *aggregate* functions?', marks: 1, negativeMarks: 1 });
    expect(multiple?.type === 'multiple_choice' && multiple.options.map((option) => option.correct)).toEqual([true, true, false, false]);
    expect(trueFalse).toMatchObject({
      type: 'single_choice',
      text: '`NULL = NULL` is true in SQL.',
      options: [
        { text: 'True', correct: false },
        { text: 'False', correct: true },
      ],
    });
    expect(short).toMatchObject({
      type: 'short_answer',
      acceptedAnswers: [
        { answer: 'ORDER BY', match: 'text' },
        { answer: '(?i)\\s*order.*by\\s*', match: 'pattern' },
      ],
    });
    const [number, essay] = numbers?.questions ?? [];
    expect(number).toMatchObject({ type: 'short_answer', acceptedAnswers: [{ answer: '12', match: 'number' }] });
    expect(essay).toEqual({
      type: 'free_text',
      text: '**Indexes**\n\nExplain when an index makes a query **slower**.\n\n[image: a B-tree]',
      marks: 5,
      negativeMarks: 0,
    });
  });

  it('drops scripts from the text', () => {
    const single = bankTest(FIXTURE).definition.sections[0]?.questions[0];
    expect(single?.text).not.toContain('alert');
  });

  it('reports the unsupported types with why, and what each imported question left behind', () => {
    const test = bankTest(FIXTURE);
    expect(test.skipped).toEqual([
      { index: 7, name: 'About the schema', type: 'description', why: 'a description is text without a question; Assay has no such item' },
      { index: 8, name: 'Match the clause', type: 'matching', why: 'matching questions have no Assay question type' },
      { index: 9, name: 'Rows after a filter', type: 'calculated', why: 'calculated questions (numbers drawn from datasets) have no Assay question type' },
    ]);
    expect(test.notCarried.map((part) => `${part.index} ${part.what}`)).toEqual([
      '1 the general feedback',
      '1 the feedback for a right, partly right or wrong response',
      '1 the feedback of option 1 "The **names** of people older than 30"',
      '3 the feedback for the answer "true"',
      '4 the 50 % credit of answer "SORT BY" (a short answer is right or wrong)',
      '4 the feedback of 1 answer',
      '5 the units (rows): the answer is the number alone',
      '6 the image "a B-tree"',
      '6 the information for graders',
    ]);
  });

  it("reads the shapes of Moodle's own fixtures: nested categories, an essay, Moodle 1.9's picture field and cloze", () => {
    const test = bankTest(MOODLE_SHAPES);
    expect(test.definition.sections.map((section) => [section.sectionName, section.questions.map((question) => question.type)])).toEqual([
      ['Backend', ['single_choice']],
      ['Databases', ['free_text']],
      ['Moodle 1.9', ['single_choice']],
    ]);
    expect(test.skipped).toEqual([{ index: 3, name: 'cloze question with image', type: 'cloze', why: 'embedded answers (Cloze) have no Assay question type' }]);
    // Answers without a format, their text padded with newlines as Moodle 1.9 wrote them; the old picture reported.
    expect(test.definition.sections[2]?.questions[0]).toMatchObject({
      options: [{ text: 'a hash index', correct: false }, { text: 'a bitmap index' }, { text: 'a B-tree index', correct: true }],
    });
    expect(test.notCarried).toEqual([{ index: 4, name: 'mcq with image', what: 'the image "schema.png"' }]);
  });

  it('refuses XML that is not well-formed (400.136), naming the line and column', () => {
    const broken = FIXTURE.replace('</name>', '</nam>');
    expect(moodleXmlItems(broken).err).toEqual({
      kind: 'bank-unreadable',
      message: expect.stringMatching(/^The Moodle XML is not well-formed at line 18, column 5: Expected closing tag 'name' \(opened in line 16, col 5\)/),
    });
  });

  it('refuses XML that is not a Moodle export, and a DOCTYPE (entities can expand without bound)', () => {
    expect(moodleXmlItems('<html><body/></html>').err?.message).toBe(
      'This XML is not a Moodle export: its root element is <html>, where Moodle writes <quiz>.',
    );
    expect(moodleXmlItems('<!DOCTYPE quiz [<!ENTITY a "aaaa">]><quiz/>').err?.kind).toBe('bank-unreadable');
  });
});
