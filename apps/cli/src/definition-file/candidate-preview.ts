import {
  codingLanguageName,
  type CodingQuestion,
  type QuestionDefinition,
  questionsAskedOf,
  type SectionDefinition,
  type TestDefinition,
  testDurationOf,
} from '@assay/domain/schemas';

/**
 * What a candidate is shown of a test, as text for a terminal (`assay tests preview FILE`): sections with their time,
 * each question with its marks, text, options (never which is correct), and for coding its languages, starter code
 * and sample tests; hidden tests only counted, rubrics and accepted answers left out, as the candidate's page does.
 */
export const candidatePreviewText = (definition: TestDefinition): string => {
  const sections = definition.sections.map(sectionText);
  const asked = definition.sections.reduce((total, section) => total + questionsAskedOf(section), 0);
  const head = [
    `${definition.testName}`,
    `${testDurationOf(definition)} min, ${asked} question${asked === 1 ? '' : 's'}`,
    ...(definition.description ? ['', definition.description.trimEnd()] : []),
  ];
  return [...head, ...sections].join('\n');
};

const marksText = (question: QuestionDefinition): string =>
  `${question.marks} mark${question.marks === 1 ? '' : 's'}${question.negativeMarks > 0 ? `, a wrong answer costs ${question.negativeMarks}` : ''}`;

const indent = (text: string, by = '    '): string =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '' : `${by}${line}`))
    .join('\n');

function sectionText(section: SectionDefinition, index: number): string {
  const asked = questionsAskedOf(section);
  const notes = [
    ...(section.draw === undefined ? [] : [`each candidate gets ${asked} of these ${section.questions.length}, drawn at random`]),
    ...(section.shuffleQuestions ? ['questions in an order of their own'] : []),
    ...(section.shuffleOptions ? ['options in an order of their own'] : []),
  ];
  const rule = `── Section ${index + 1}: ${section.sectionName} (${section.duration} min, ${asked} question${asked === 1 ? '' : 's'}) `;
  const lines = ['', rule.padEnd(78, '─'), ...notes.map((note) => `(${note})`)];
  section.questions.forEach((question, at) =>
    lines.push('', `  Q${at + 1}. ${question.type.replace('_', ' ')}, ${marksText(question)}`, indent(question.text), ...bodyOf(question)),
  );
  return lines.join('\n');
}

function bodyOf(question: QuestionDefinition): string[] {
  switch (question.type) {
    case 'single_choice':
      return question.options.map((option) => indent(option.text, '    ( ) ').replace(/\n {4}/g, '\n        '));
    case 'multiple_choice':
      return ['    (choose every right option)', ...question.options.map((option) => indent(option.text, '    [ ] ').replace(/\n {4}/g, '\n        '))];
    case 'short_answer':
      return ['    Answer: ____________'];
    case 'free_text':
      return [`    (written answer${question.wordLimit === undefined ? '' : `, at most ${question.wordLimit} words`})`];
    case 'coding':
      return codingBody(question);
  }
}

function codingBody(question: CodingQuestion): string[] {
  const [first] = question.languages;
  const lines = [`    Languages: ${question.languages.map(codingLanguageName).join(', ')}`];
  if (question.form !== 'stdio' && question.form !== 'sql') lines.push(`    Function: ${question.functionName}`);
  const starter = first === undefined ? '' : (question.starterCode[first] ?? '');
  if (starter.trim() !== '') lines.push(`    Starter code (${codingLanguageName(first!)}):`, indent(starter, '      | '));
  question.sampleTests.forEach((sample, at) => lines.push(`    Sample ${at + 1}: ${sampleText(sample)}`));
  lines.push(`    (${question.hiddenTests.length} hidden test${question.hiddenTests.length === 1 ? '' : 's'} score the answer)`);
  return lines;
}

function sampleText(sample: CodingQuestion['sampleTests'][number]): string {
  if ('args' in sample) return `(${sample.args.map((arg) => JSON.stringify(arg)).join(', ')}) → ${JSON.stringify(sample.expected)}`;
  if ('input' in sample) return `input ${JSON.stringify(sample.input)} → prints ${JSON.stringify(sample.output)}`;
  return `returns ${sample.columns.join(', ')}: ${sample.rows.length} row${sample.rows.length === 1 ? '' : 's'}`;
}
