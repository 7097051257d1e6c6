import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type BankBody, type BankItem, type BankQuestion, ok, refuse, type Result } from '@assay/domain';
import { type BankTextFormat, questionTextOf } from './question-text-of-html.js';

/** The elements a Moodle export repeats: read as lists even when a file holds one. */
const REPEATED = new Set(['quiz.question', 'quiz.question.answer', 'quiz.question.tags.tag', 'quiz.question.hint', 'quiz.question.units.unit']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, path) => REPEATED.has(String(path)),
});

type Node = Record<string, unknown>;

/** Why each Moodle type Assay has no question for is left out: said in the report. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  description: 'a description is text without a question; Assay has no such item',
  random: "a random question is drawn from a category when the quiz starts; use a section's draw (a question pool) instead",
  multianswer: 'embedded answers (Cloze) have no Assay question type',
  // Moodle 1.9's name for the same type, still read by Moodle's importer.
  cloze: 'embedded answers (Cloze) have no Assay question type',
  calculated: 'calculated questions (numbers drawn from datasets) have no Assay question type',
  calculatedsimple: 'calculated questions (numbers drawn from datasets) have no Assay question type',
  calculatedmulti: 'calculated questions (numbers drawn from datasets) have no Assay question type',
  matching: 'matching questions have no Assay question type',
  randomsamatch: 'matching questions have no Assay question type',
};

/**
 * A Moodle XML export (Question bank → Export → Moodle XML format) read into bank items: categories, and each
 * question with its text in Assay's format. A file that is not well-formed XML, or not a `<quiz>`, is refused (400.136)
 * naming the line and column the XML parser stopped at.
 */
export const moodleXmlItems = (content: string): Result<BankItem[]> => {
  // A DOCTYPE can declare entities that expand without bound; Moodle never writes one.
  if (/<!DOCTYPE/i.test(content))
    return refuse('bank-unreadable', 'The Moodle XML holds a <!DOCTYPE> declaration, which Assay does not read: Moodle exports have none.');
  const valid = XMLValidator.validate(content);
  if (valid !== true)
    return refuse('bank-unreadable', `The Moodle XML is not well-formed at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  const root = parser.parse(content) as Node;
  const quiz = root.quiz;
  if (quiz === undefined || typeof quiz !== 'object') {
    const first = Object.keys(root).find((key) => !key.startsWith('?')) ?? 'none';
    return refuse('bank-unreadable', `This XML is not a Moodle export: its root element is <${first}>, where Moodle writes <quiz>.`);
  }
  const questions = ((quiz as Node).question as Node[] | undefined) ?? [];
  const items: BankItem[] = [];
  let index = 0;
  for (const question of questions) {
    const type = String(question['@_type'] ?? '');
    if (type === 'category') {
      items.push({ kind: 'category', path: textOf(question.category) });
      continue;
    }
    index += 1;
    items.push(questionOf(question, type, index));
  }
  return ok(items);
};

function questionOf(question: Node, type: string, index: number): BankQuestion {
  const notCarried: string[] = [];
  const text = formattedText(question.questiontext, notCarried);
  if (hasText(question.generalfeedback)) notCarried.push('the general feedback');
  if (['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'].some((name) => hasText(question[name]))) {
    notCarried.push('the feedback for a right, partly right or wrong response');
  }
  // Moodle 1.9 kept a question's picture apart from its text (`<image>`, `<image_base64>`); Moodle still imports it.
  const image = textOf(question.image);
  if (image !== '') notCarried.push(`the image "${image}"`);
  const hints = (question.hint as unknown[] | undefined)?.length ?? 0;
  if (hints > 0) notCarried.push(hints === 1 ? 'a hint' : `${hints} hints`);
  const grade = Number.parseFloat(textOf(question.defaultgrade));
  return {
    kind: 'question',
    index,
    name: textOf(question.name),
    type,
    text,
    body: bodyOf(question, type, notCarried),
    marks: Number.isFinite(grade) ? grade : undefined,
    tags: (((question.tags as Node | undefined)?.tag as unknown[] | undefined) ?? []).map(textOf),
    notCarried,
  };
}

function bodyOf(question: Node, type: string, notCarried: string[]): BankBody {
  const answers = (question.answer as Node[] | undefined) ?? [];
  const fractionOf = (answer: Node): number => Number.parseFloat(String(answer['@_fraction'] ?? '0')) || 0;
  switch (type) {
    case 'multichoice':
      return {
        shape: 'choice',
        single: textOf(question.single) !== 'false' && textOf(question.single) !== '0',
        options: answers.map((answer) => ({ text: formattedText(answer, notCarried), fraction: fractionOf(answer), hasFeedback: hasText(answer.feedback) })),
      };
    case 'truefalse': {
      const truth = answers.find((answer) => textOf(answer).toLowerCase() === 'true');
      for (const answer of answers.filter((answer) => hasText(answer.feedback))) notCarried.push(`the feedback for the answer "${textOf(answer)}"`);
      return { shape: 'true-false', answer: truth !== undefined && fractionOf(truth) > 0 };
    }
    case 'shortanswer':
      return {
        shape: 'short',
        caseSensitive: textOf(question.usecase) === '1',
        answers: answers.map((answer) => ({ text: textOf(answer), fraction: fractionOf(answer), hasFeedback: hasText(answer.feedback) })),
      };
    case 'numerical': {
      const units = (((question.units as Node | undefined)?.unit as Node[] | undefined) ?? []).map((unit) => textOf(unit.unit_name));
      if (units.length > 0) notCarried.push(`the units (${units.join(', ')}): the answer is the number alone`);
      return {
        shape: 'numeric',
        answers: answers.map((answer) => ({
          value: textOf(answer),
          tolerance: Math.abs(Number.parseFloat(textOf(answer.tolerance)) || 0),
          fraction: fractionOf(answer),
          hasFeedback: hasText(answer.feedback),
        })),
      };
    }
    case 'essay':
      if (hasText(question.graderinfo)) notCarried.push('the information for graders');
      if (hasText(question.responsetemplate)) notCarried.push('the response template');
      if (Number.parseInt(textOf(question.attachments), 10) > 0 || Number.parseInt(textOf(question.attachments), 10) === -1)
        notCarried.push('file attachments');
      return { shape: 'essay' };
    default:
      return { shape: 'unsupported', why: UNSUPPORTED[type] ?? `"${type}" questions have no Assay question type` };
  }
}

/** An element's text: `<x><text>…</text></x>`, or `<x>…</x>`. */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node).trim();
  const element = node as Node;
  return textOf(element.text ?? element['#text']);
}

const hasText = (node: unknown): boolean => textOf(node) !== '';

const FORMATS: readonly BankTextFormat[] = ['html', 'moodle_auto_format', 'plain_text', 'markdown'];

/** A text element in the question text format, by its `format` (Moodle's default is HTML); embedded files are noted. */
function formattedText(node: unknown, notCarried: string[]): string {
  const element = (typeof node === 'object' && node !== null ? node : {}) as Node;
  const format = FORMATS.find((known) => known === element['@_format']) ?? 'html';
  const converted = questionTextOf(textOf(node), format);
  notCarried.push(...converted.notCarried);
  const files = element.file;
  if (files !== undefined && converted.notCarried.length === 0) notCarried.push('embedded files');
  return converted.text;
}
