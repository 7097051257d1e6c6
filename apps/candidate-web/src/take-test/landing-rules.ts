import type { CandidateSession, RecordedKind, TestContents } from '@assay/domain/candidate';
import type { QuestionForm } from '@assay/domain/languages';
import { formatLocalInstant, localZone } from '../lib/access-window.js';
import { formatMinutes, formatTimeAllowed, listWords, plural, times } from '../lib/format.js';
import { languageName } from './languages.js';

const hasCoding = ({ test }: CandidateSession): boolean => test.sections.some((section) => section.sectionType === 'Coding Questions');

/** "30 times in 5 minutes", from the limit the server enforces (429.3 past it). */
const runLimitWords = (limit: NonNullable<CandidateSession['sampleRunLimit']>): string =>
  `${plural(limit.runs, 'time')} in ${limit.windowMs % 60_000 === 0 ? formatMinutes(limit.windowMs / 60_000) : plural(Math.ceil(limit.windowMs / 1000), 'second')}`;

/** What the candidate writes in each form of coding question. */
const FORM_WORDS: Record<QuestionForm, string> = {
  function: 'a function',
  stdio: 'a program that reads its input from standard input and prints its answer',
  sql: 'one query',
};

/** "This test has questions where you choose from options and coding questions." From the server's contents. */
const kindsRule = (contents: TestContents): string | null => {
  const kinds = [
    contents.choice ? 'questions where you choose from options' : null,
    contents.written ? 'questions you answer in your own words' : null,
    contents.coding ? 'coding questions' : null,
  ].filter((kind): kind is string => kind !== null);
  return kinds.length === 0 ? null : `This test has ${listWords(kinds, 'and')}.`;
};

/**
 * The coding rule from what this test's coding questions really are (issue 59): their forms and languages; from a
 * server older than `contents`, without naming any.
 */
const codingRule = (session: CandidateSession): string | null => {
  const runs = `can run the sample tests ${session.sampleRunLimit ? `up to ${runLimitWords(session.sampleRunLimit)}` : 'a limited number of times in a few minutes'}`;
  const coding = session.test.contents?.coding;
  if (coding) {
    // "…in Java or C++, or one query in SQL (SQLite)": each form's languages are a list of their own.
    const forms = coding.map(({ form, languages }) => `${FORM_WORDS[form]} in ${listWords(languages.map(languageName), 'or')}`).join(', or ');
    const choose = coding.some(({ languages }) => languages.length > 1) ? ' Where a question accepts several languages, you choose one.' : '';
    return `In coding questions you write ${forms}.${choose} You ${runs}.`;
  }
  return hasCoding(session) ? `In coding questions you write code in the language the question names, and ${runs}.` : null;
};

/**
 * The test's rules that limit how it is taken or end it early (issue 59): copy and paste turned off, the window and
 * camera limits. Said before the clock starts, even on a landing without instructions (decision 1121).
 */
export const landingConditions = (session: CandidateSession): string[] => {
  const rules = session.violationRules;
  const window = rules?.windowViolationLimit ?? null;
  const camera = rules?.imageViolationLimit ?? null;
  return [
    rules?.copyPasteAllowed === false
      ? 'Copy and paste are turned off for this test: type your answers yourself. Attempts to paste are recorded (their size, never their text).'
      : null,
    window === null
      ? null
      : window === 0
        ? 'Leaving the test tab or window even once ends your test.'
        : `Leaving the test tab or window more than ${times(window)} ends your test.`,
    camera === null || !session.imageProctoring ? null : `If your camera shows nothing or is turned off more than ${times(camera)}, your test ends.`,
  ].filter((rule): rule is string => rule !== null);
};

/** The rules of the test, as the landing page lists them before Start. */
export const landingRules = (session: CandidateSession): string[] => {
  const { test, imageProctoring } = session;
  return [
    session.practiceTest ? 'This is a practice test: when you finish, you see your score and which questions you got right.' : null,
    test.contents ? kindsRule(test.contents) : null,
    `The test takes ${formatTimeAllowed(test)}. The timer starts when you press Start and keeps running if you close the page; it is shown at the top of the screen.`,
    test.sections.length > 1
      ? `The questions are in ${test.sections.length} sections. You see one section at a time and can move between sections until the time is up.`
      : 'You see the questions one section at a time.',
    session.preview
      ? 'This is a preview: your answers, runs and departures from the page are kept nowhere, and the test starts over when the page is loaded again.'
      : 'Your answers are saved automatically as you go. If the connection drops, they are kept in this browser and sent when it is back.',
    'When the time is up, your answers are submitted automatically. The time is kept by our server, so a wrong clock on your device changes nothing.',
    session.preview ? null : 'Stay on this page: leaving the tab or the window is recorded.',
    ...landingConditions(session),
    imageProctoring ? 'This test uses your camera: your browser will ask for permission, and a photo is taken when you start and every minute after.' : null,
    codingRule(session),
    test.negativeMarking ? 'Some questions take marks off for a wrong answer: leave a question unanswered if you are not sure.' : null,
  ].filter((rule): rule is string => rule !== null);
};

/** Each kind of record in the candidate's words. */
const recordedSentences: Record<RecordedKind, string> = {
  answers: 'Your answers, each time they are saved.',
  'window-departures': 'When you leave this tab or window, and for how long.',
  'pastes-and-keystroke-timing':
    'Pastes and large insertions into your answers (their size), when you first type in each question, and the time you spend on each question and section.',
  'code-playback': 'How your code took shape: its saved versions, which reviewers can play back.',
  'camera-snapshots': 'Photos from your camera: one when you start and one every minute.',
};

/**
 * What is recorded while the test runs, and shown to the people who review it (decision 665): as the server's data
 * notice says (decision 881), or, from a server older than it, as the test's facts say.
 */
export const recordedItems = (session: CandidateSession): string[] => {
  const kinds: RecordedKind[] = session.dataNotice?.recorded ?? [
    'answers',
    'window-departures',
    'pastes-and-keystroke-timing',
    ...(hasCoding(session) ? (['code-playback'] as const) : []),
    ...(session.imageProctoring ? (['camera-snapshots'] as const) : []),
  ];
  return kinds.map((kind) => recordedSentences[kind]);
};

/** "Your invitation is open until 8 Dec 2026, 17:00 (Europe/Paris): start the test before then." Null without a deadline. */
export const invitationDeadlineWords = (session: CandidateSession): string | null => {
  const at = session.invitationExpiresAt ? Date.parse(session.invitationExpiresAt) : Number.NaN;
  if (!Number.isFinite(at)) return null;
  const zone = localZone() ?? 'UTC';
  return `Your invitation is open until ${formatLocalInstant(at, zone)} (${zone} time): start the test before then.`;
};
