import { isTextAnswerGiven, type AnswerInput, type CandidateQuestion, type CandidateSection, type SavedAnswer } from '@assay/domain/candidate';
import { isCodingLanguage, languagesOf, type CodingLanguage } from './take-test/languages.js';

/**
 * The candidate's answers as the page holds them, keyed by question id (as a string: the offline copy is
 * JSON). Pure: what counts as answered, what is sent, and which copy wins after a reload.
 */
export type Answer =
  | { kind: 'choice'; optionIds: number[] }
  /** `drafts`: the code left in the question's other languages, saved with the answer and never scored (decision 1124). */
  | { kind: 'code'; code: string; language?: CodingLanguage; drafts?: Drafts }
  | { kind: 'text'; text: string };
export type Drafts = Partial<Record<CodingLanguage, string>>;
export type Answers = ReadonlyMap<string, Answer>;

/** An edit the server has not acknowledged yet; kept in localStorage so a reload or a crash loses nothing. */
export interface PendingAnswer {
  body: AnswerInput;
  /** Server-clock milliseconds of the edit, comparable with the server's `savedAt`. */
  editedAt: number;
}

/** The questions of a section: present once the attempt runs (the landing page has counts only). */
export const questionsOf = (section: CandidateSection): CandidateQuestion[] => section.questions ?? [];

export const answerKey = (question: CandidateQuestion): string => String(question.questionId);

/** Code counts once it is more than the starter code (of its language); a written answer once it is more than whitespace. */
export const isAnswered = (question: CandidateQuestion, answer: Answer | undefined): boolean => {
  if (!answer) return false;
  if (answer.kind === 'choice') return answer.optionIds.length > 0;
  if (answer.kind === 'text') return isTextAnswerGiven(answer.text);
  const code = answer.code.trim();
  if (question.type !== 'coding') return code !== '';
  const { languages, starter } = languagesOf(question);
  return code !== '' && code !== starter(answer.language ?? languages[0]!).trim();
};

export const toBody = (answer: Answer): AnswerInput => {
  if (answer.kind === 'choice') return { optionIds: answer.optionIds };
  if (answer.kind === 'text') return { text: answer.text };
  const drafts = answer.drafts && Object.keys(answer.drafts).length > 0 ? { drafts: answer.drafts } : {};
  return answer.language ? { code: answer.code, language: answer.language, ...drafts } : { code: answer.code, ...drafts };
};

/** Drafts as a saved or offline body has them: only strings in languages this page knows. */
const draftsOf = (value: unknown): Drafts | undefined => {
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((entry): entry is [CodingLanguage, string] => isCodingLanguage(entry[0]) && typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

/** Reads a saved or offline body for `question`; undefined when it does not fit the question's type. */
export const fromBody = (
  question: CandidateQuestion,
  body: { optionIds?: unknown; code?: unknown; language?: unknown; drafts?: unknown; text?: unknown },
): Answer | undefined => {
  if (question.type === 'coding') {
    if (typeof body.code !== 'string') return undefined;
    const drafts = draftsOf(body.drafts);
    return {
      kind: 'code',
      code: body.code,
      ...(isCodingLanguage(body.language) ? { language: body.language } : {}),
      ...(drafts ? { drafts } : {}),
    };
  }
  if (question.type === 'short_answer' || question.type === 'free_text') return typeof body.text === 'string' ? { kind: 'text', text: body.text } : undefined;
  return Array.isArray(body.optionIds) ? { kind: 'choice', optionIds: body.optionIds.filter((id): id is number => Number.isInteger(id)) } : undefined;
};

export interface Restored {
  answers: Map<string, Answer>;
  /** Offline edits newer than the server's copy: to be sent again. */
  resend: { questionId: string; body: AnswerInput; editedAt: number }[];
}

/**
 * The answers to show after (re)opening the test: the server's, unless this browser holds a newer edit made
 * in this attempt (not one from before a reset) that it never managed to send.
 */
export function restoreAnswers(
  questions: CandidateQuestion[],
  saved: Record<string, SavedAnswer>,
  local: Record<string, PendingAnswer>,
  startedAt: string | null,
): Restored {
  const started = startedAt ? Date.parse(startedAt) : Number.NEGATIVE_INFINITY;
  const restored: Restored = { answers: new Map(), resend: [] };
  for (const question of questions) {
    const key = answerKey(question);
    const server = saved[key];
    const mine = local[key];
    const serverAt = server ? Date.parse(server.savedAt) : Number.NEGATIVE_INFINITY;
    const localAnswer = mine ? fromBody(question, mine.body) : undefined;
    if (mine && localAnswer && Number.isFinite(mine.editedAt) && mine.editedAt > serverAt && mine.editedAt >= started) {
      restored.answers.set(key, localAnswer);
      restored.resend.push({ questionId: key, body: toBody(localAnswer), editedAt: mine.editedAt });
    } else if (server) {
      const answer = fromBody(question, server);
      if (answer) restored.answers.set(key, answer);
    }
  }
  return restored;
}

export const answeredCount = (section: CandidateSection, answers: Answers): number =>
  questionsOf(section).filter((question) => isAnswered(question, answers.get(answerKey(question)))).length;

/**
 * The answers that count as given: without those the server refused (decision 661). The page keeps a refused essay's
 * words so the candidate can shorten them, but nothing of it is saved, so it is not an answer.
 */
export const countedAnswers = (answers: Answers, refused: ReadonlyMap<string, unknown>): Answers =>
  refused.size === 0 ? answers : new Map([...answers].filter(([questionId]) => !refused.has(questionId)));

/** Sections with unanswered questions, for the submit dialog. */
export const unansweredBySection = (sections: CandidateSection[], answers: Answers): { name: string; count: number }[] =>
  sections
    .map((section) => ({ name: section.sectionName, count: questionsOf(section).length - answeredCount(section, answers) }))
    .filter((entry) => entry.count > 0);
