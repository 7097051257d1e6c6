import type { QuestionDetail, ReportDetails } from '@assay/domain';

/** What a sample report is made of. */
export interface SampleReportOptions {
  /** Questions, cycling through single choice, multiple choice, JavaScript and Python coding. Default 20. */
  questions?: number;
  /** Snapshot entries (times only: the images are the caller's). Default 0. */
  snapshots?: number;
  /** Departures listed (the most a kept log yields is about 100), and events the log did not keep. Default 2 and 0. */
  departures?: number;
  omittedEvents?: number;
  fullName?: string;
  testName?: string;
}

const T0 = Date.UTC(2026, 3, 30, 9, 15, 0);
const iso = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();

const SECTIONS = [
  { sectionName: 'Fundamentals', sectionType: 'General Questions' as const, suggestedMinutes: 15 },
  { sectionName: 'Data & SQL', sectionType: 'General Questions' as const, suggestedMinutes: 15 },
  { sectionName: 'Coding', sectionType: 'Coding Questions' as const, suggestedMinutes: 30 },
];

const JS_CODE = `/**
 * Returns the k most frequent words, most frequent first.
 */
export function topWords(text, k) {
  const counts = new Map();
  for (const word of text.toLowerCase().match(/[a-z']+/g) ?? []) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // Ties: alphabetical, so the answer is stable.
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, k)
    .map(([word]) => word);
}`;

const PY_CODE = `def merge_intervals(intervals):
    """Merges overlapping [start, end] intervals."""
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged  # O(n log n)`;

const question = (number: number): QuestionDetail => {
  const kind = (number - 1) % 4;
  const sectionName = SECTIONS[kind === 0 ? 0 : kind === 1 ? 1 : 2]!.sectionName;
  const base = { number, questionId: 100 + number, sectionName, negativeMarks: 0, timeSpentSeconds: null };
  if (kind === 0) {
    const right = number % 3 !== 0;
    return {
      ...base,
      type: 'single_choice',
      text: 'A client retries a PUT request after a timeout. Which property of PUT makes the retry safe?',
      marks: 2,
      negativeMarks: 1,
      awarded: right ? 2 : -1,
      answered: true,
      options: [
        { optionId: 0, text: 'It is idempotent: repeating it leaves the resource as one request would', correct: true, chosen: right },
        { optionId: 1, text: 'It is cacheable by intermediaries', correct: false, chosen: !right },
        { optionId: 2, text: 'It always answers 204 No Content', correct: false, chosen: false },
      ],
    };
  }
  if (kind === 1) {
    return {
      ...base,
      type: 'multiple_choice',
      text: 'Which of these queries return every customer, including those without orders? (Choose all that apply.)',
      marks: 3,
      awarded: number % 5 === 0 ? 0 : 3,
      answered: number % 5 !== 0,
      options: [
        { optionId: 0, text: 'SELECT * FROM customers c LEFT JOIN orders o ON o.customer_id = c.id', correct: true, chosen: number % 5 !== 0 },
        { optionId: 1, text: 'SELECT * FROM customers c JOIN orders o ON o.customer_id = c.id', correct: false, chosen: false },
        { optionId: 2, text: 'SELECT * FROM orders o RIGHT JOIN customers c ON o.customer_id = c.id', correct: true, chosen: number % 5 !== 0 },
      ],
    };
  }
  const python = kind === 3;
  const passed = python ? 3 : 4;
  return {
    ...base,
    type: 'coding',
    text: python
      ? 'Write merge_intervals(intervals) that merges overlapping intervals and returns them sorted by start.'
      : 'Write topWords(text, k) that returns the k most frequent words of text, most frequent first; break ties alphabetically.',
    marks: 10,
    awarded: python ? 7.5 : 10,
    answered: true,
    timeSpentSeconds: null,
    coding: {
      language: python ? 'python' : 'javascript',
      code: python ? PY_CODE : JS_CODE,
      hiddenTests: {
        passed,
        total: 4,
        cases: Array.from({ length: 4 }, (_, index) => ({
          passed: index < passed,
          args: python
            ? [
                [
                  [1, 3],
                  [2, 6 + index],
                ],
              ]
            : ['the cat and the hat', index + 1],
        })),
      },
      sampleRuns: python ? 2 : 5,
    },
  };
};

/**
 * A complete, fixed report (the same every time): for previews (the README pictures), the golden-image test and the
 * render benchmark. Times are fixed too, so a render with a fixed `generatedAt` is byte for byte the same.
 */
export const sampleReportDetails = (options: SampleReportOptions = {}): ReportDetails => {
  const questions = Array.from({ length: options.questions ?? 20 }, (_, index) => question(index + 1));
  const sections = SECTIONS.map((section, index) => {
    const inSection = questions.filter((entry) => entry.sectionName === section.sectionName);
    return {
      ...section,
      score: inSection.reduce((sum, entry) => sum + (entry.awarded ?? 0), 0),
      maxScore: inSection.reduce((sum, entry) => sum + entry.marks, 0),
      timeSpentSeconds: index === 1 ? null : [780, 0, 1710][index]!,
    };
  });
  const score = sections.reduce((sum, section) => sum + section.score, 0);
  const maxScore = sections.reduce((sum, section) => sum + section.maxScore, 0);
  const percent = maxScore === 0 ? 0 : Math.round((score / maxScore) * 1000) / 10;
  return {
    testInvitationId: 4711,
    candidate: { fullName: options.fullName ?? 'Priya Raman (प्रिया रमन)', emailId: 'priya.raman@example.com' },
    test: { testId: 42, testName: options.testName ?? 'Backend engineer screening', duration: 60, allowedSeconds: 3600 },
    status: { testStatus: 'Completed', reportStatus: 'Generated' },
    startedAt: iso(0),
    completedAt: iso(52 * 60 + 30),
    timeTakenMinutes: 53,
    score: { score, maxScore, percent },
    percentile: { percentile: 84, basedOn: 37 },
    verdict: percent >= 80 ? { label: 'Strong', minPercent: 80 } : { label: 'Consider', minPercent: 50 },
    sections,
    questions,
    integrity: {
      wv: options.departures === undefined ? 2 : options.departures + Math.floor((options.omittedEvents ?? 0) / 2),
      tv: options.departures === undefined ? 47 : options.departures + Math.floor((options.omittedEvents ?? 0) / 2),
      departures:
        options.departures === undefined
          ? [
              { leftAt: iso(12 * 60 + 5), returnedAt: iso(12 * 60 + 41), seconds: 36 },
              { leftAt: iso(31 * 60 + 10), returnedAt: iso(31 * 60 + 21), seconds: 11 },
            ]
          : Array.from({ length: options.departures }, (_, index) => ({ leftAt: iso(60 + index * 2), returnedAt: iso(61 + index * 2), seconds: 1 })),
      omittedEvents: options.omittedEvents ?? 0,
      snapshots: Array.from({ length: options.snapshots ?? 0 }, (_, index) => ({ snapshotId: index + 1, takenAt: iso(index * 60 + 2) })),
      accommodation: null,
    },
  };
};
