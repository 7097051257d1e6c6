import type { CandidateSession, RecordedKind } from '@assay/domain/candidate';
import { formatLocalInstant, localZone } from '../lib/access-window.js';
import { formatMinutes, formatTimeAllowed, plural } from '../lib/format.js';

const hasCoding = ({ test }: CandidateSession): boolean => test.sections.some((section) => section.sectionType === 'Coding Questions');

/** "30 times in 5 minutes", from the limit the server enforces (429.3 past it). */
const runLimitWords = (limit: NonNullable<CandidateSession['sampleRunLimit']>): string =>
  `${plural(limit.runs, 'time')} in ${limit.windowMs % 60_000 === 0 ? formatMinutes(limit.windowMs / 60_000) : plural(Math.ceil(limit.windowMs / 1000), 'second')}`;

/** The rules of the test, as the landing page lists them before Start. */
export const landingRules = (session: CandidateSession): string[] => {
  const { test, imageProctoring, sampleRunLimit } = session;
  return [
    session.practiceTest ? 'This is a practice test: when you finish, you see your score and which questions you got right.' : null,
    `The test takes ${formatTimeAllowed(test)}. The timer starts when you press Start and keeps running if you close the page; it is shown at the top of the screen.`,
    test.sections.length > 1
      ? `The questions are in ${test.sections.length} sections. You see one section at a time and can move between sections until the time is up.`
      : 'You see the questions one section at a time.',
    'Your answers are saved automatically as you go. If the connection drops, they are kept in this browser and sent when it is back.',
    'When the time is up, your answers are submitted automatically. The time is kept by our server, so a wrong clock on your device changes nothing.',
    'Stay on this page: leaving the tab or the window is recorded.',
    imageProctoring ? 'This test uses your camera: your browser will ask for permission, and a photo is taken when you start and every minute after.' : null,
    hasCoding(session)
      ? `In coding questions you write a function in the language the question names (some let you choose JavaScript, TypeScript or Python), and can run the sample tests ${sampleRunLimit ? `up to ${runLimitWords(sampleRunLimit)}` : 'a limited number of times in a few minutes'}.`
      : null,
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
