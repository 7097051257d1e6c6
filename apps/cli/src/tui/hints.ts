import type { InvitationMoveName } from './state/invitation-moves.js';

/** One key binding: `label` in the footer (short, so a screen's keys fit one line at 80 columns), `help` in `?`. */
export interface KeyHint {
  keys: string;
  label: string;
  /** The longer explanation the help shows; the label when absent. */
  help?: string;
  /** Listed in the help only: the screen shows the key where it applies (a list's keys on its position line). */
  helpOnly?: true;
}

const hint = (keys: string, label: string, help?: string): KeyHint => (help ? { keys, label, help } : { keys, label });

/** A long list's own keys (list-state.ts): in the help; the list's position line names them too. */
const listHints = (searched: string, orders: string): KeyHint[] =>
  [
    hint('PgUp/PgDn', 'page', 'a page up or down'),
    hint('Home/End', 'first/last', 'the first or the last row'),
    hint('/', 'search', `search by ${searched}`),
    hint('f', 'status', 'show one status only; again for the next, then all'),
    hint('o', 'order', `sort by ${orders}; again for the next`),
  ].map((entry) => ({ ...entry, helpOnly: true }));

/** The keys of every screen and mode, in one place: the screens show them, the footer test checks them. */
export const HINTS = {
  testList: [
    hint('↑↓', 'move'),
    hint('←→', 'page', 'previous or next page (PgUp, PgDn too)'),
    hint('Enter', 'open', 'open the highlighted test'),
    hint('/', 'search', 'search every test by name or id'),
    hint('c', 'recent', 'recent completions, live'),
    hint('r', 'refresh'),
  ],
  /** The open library (issue 62 item 2): in the help only, the footer is full at 80 columns. */
  libraryKey: { ...hint('l', 'library', 'the open library: ready tests for roles, imported as a new test'), helpOnly: true as const },
  /** Importing a file (issue 62 items 3 and 6): in the help only, like `l`. */
  importKey: {
    ...hint('i', 'import a file', 'import a test file (.yaml, .json: linted first) or a question bank (Moodle .xml, GIFT .gift/.txt)'),
    helpOnly: true as const,
  },
  importFile: [
    hint('type', 'path', "the file's path (relative to where assay was started)"),
    hint('↑↓', 'pick', 'pick one of the test files or banks of the working directory'),
    hint('Enter', 'import', 'lint a test file and import it, or import a bank and list what was left out'),
    hint('Esc', 'cancel'),
  ],
  importDone: [hint('Enter', 'open test', 'open the test just made'), hint('a', 'another file', 'import another file (the same path offered again)')],
  library: [hint('↑↓', 'move'), hint('Enter', 'import', 'make the highlighted ready test a new test of your organization (after a y)'), hint('r', 'refresh')],
  /** An admin key's (decision 834): in the help only, the test list's footer is full at 80 columns. */
  peopleKey: { ...hint('p', 'people', "the organization's people and their keys: add, issue, revoke, deactivate"), helpOnly: true as const },
  /** An admin key's people screen (decision 836). */
  people: [
    hint('↑↓', 'move'),
    { ...hint('PgUp PgDn Home End', 'move by a page, to the first or last row'), helpOnly: true as const },
    hint('a', 'add', 'add a person: name, email, role (then highlighted)'),
    hint('k', 'key', 'issue the highlighted person a key, after y/n (shown once; c copies it)'),
    hint('x', 'revoke', 'revoke the highlighted key, after y/n'),
    hint('d', 'deactivate', 'deactivate the highlighted person (every key of theirs), after y/n'),
    { ...hint('r', 'refresh'), helpOnly: true as const },
  ],
  peopleAdding: [hint('Enter', 'add'), hint('Esc', 'cancel')],
  /** An admin key's (issue 51): in the help only, like `p`. */
  retentionKey: { ...hint('d', 'data retention', "how long candidates' data is kept: see and set the periods"), helpOnly: true as const },
  /** The org's retention periods (issue 51): `s` only for a key that may change them. */
  retention: (maySet: boolean): KeyHint[] => [...(maySet ? [hint('s', 'set', 'set the periods: ended, media, unstarted days')] : []), hint('r', 'refresh')],
  retentionPrompt: [hint('Enter', 'save'), hint('Ctrl+U', 'clear'), hint('Esc', 'cancel')],
  peopleConfirm: [hint('y', 'yes'), hint('n', 'no')],
  searching: [hint('Enter', 'keep filter'), hint('Esc', 'clear search')],
  testDetails: [
    hint('l', 'links', "the test's links"),
    hint('i', 'invitations', "the test's invitations"),
    hint('n', 'invite', 'invite a candidate (direct invitation)'),
    hint('x', 'export Excel', "save the test's report as an Excel workbook"),
    hint('g', 'grade', 'review and grade the written answers'),
    // In the help only: the five keys above and the frame's fill the line at 80 columns.
    { ...hint('b', 'bulk invite', 'invite a CSV file of candidates: preview, confirm, progress, summary'), helpOnly: true as const },
    { ...hint('r', 'refresh'), helpOnly: true as const },
    { ...hint('a', 'AI check', 'which questions the configured model solves, asked now (docs/ai.md)'), helpOnly: true as const },
    {
      ...hint('s', 'item stats', 'questions too easy, too hard, or not telling candidates apart'),
      helpOnly: true as const,
    },
    { ...hint('m', 'reminders', "the test's reminder hours: see them, set them where the role may"), helpOnly: true as const },
    {
      ...hint('t', 'settings', "the test's settings (shuffling, marks shown, popups, feedback, violations): see them, change them where the role may"),
      helpOnly: true as const,
    },
  ],
  /** A test's reminder hours (issue 50): `s` only for a role that may change them. */
  reminders: (maySet: boolean): KeyHint[] => [...(maySet ? [hint('s', 'set', 'set the hours: 48,4, off, or default')] : []), hint('r', 'refresh')],
  remindersPrompt: [hint('Enter', 'save'), hint('Ctrl+U', 'clear'), hint('Esc', 'cancel')],
  /** A test's settings (issue 52): `s` only for a role that may change them. */
  testSettings: (maySet: boolean): KeyHint[] => [...(maySet ? [hint('s', 'set', 'change one setting: key=value')] : []), hint('r', 'refresh')],
  testSettingsPrompt: [hint('Enter', 'save'), hint('Ctrl+U', 'clear'), hint('Esc', 'cancel')],
  naming: [hint('Enter', 'save'), hint('Esc', 'cancel')],
  links: [
    hint('↑↓', 'move'),
    hint('n', 'new', 'create a link'),
    hint('Enter', 'edit', 'edit the highlighted link'),
    hint('s', 'on/off', 'activate or deactivate the highlighted link'),
    hint('c', 'register', 'register a candidate through the highlighted link'),
    hint('r', 'refresh'),
    ...listHints('name, id or public URL', 'id, status or name'),
  ],
  linkForm: [
    hint('Tab/↑↓', 'field', 'next or previous field (Shift+Tab goes back)'),
    hint('←→/Space', 'choice', 'change the access time or a switch'),
    hint('Enter', 'next', 'next field; on the time zone, the zone picker; on the button, save'),
    hint('Ctrl+S', 'save', 'save from any field'),
    hint('Esc', 'cancel', 'leave the form without saving'),
  ],
  zonePicker: [hint('type', 'filter', 'filter by city, region or id'), hint('↑↓', 'move'), hint('Enter', 'pick'), hint('Esc', 'back to the form')],
  registerForm: [
    hint('Tab/↑↓', 'field', 'next or previous field (Shift+Tab goes back)'),
    hint('Enter', 'next', 'next field; on the name or an optional field after it, register'),
    hint('Ctrl+S', 'register', 'register from any field'),
    hint('Ctrl+E', 'email', 'email the candidate their invitation, or not (decision 780)'),
    hint('Esc', 'cancel'),
  ],
  bulkFile: [
    hint('type', 'path', "the CSV file's path (relative to where assay was started)"),
    hint('↑↓', 'pick', 'pick one of the CSV files of the working directory'),
    hint('Enter', 'preview', 'read the file and check its rows'),
    hint('Esc', 'cancel'),
  ],
  bulkRunning: [hint('Esc', 'leave', 'leave the screen: the job goes on on the server')],
  bulkSummary: [hint('s', 'save refused', 'save the refused rows as CSV (row, email, reason)'), hint('a', 'another file')],
  registered: [hint('c', 'copy URL', 'copy the take-test URL to the clipboard (OSC 52)'), hint('o', 'open report'), hint('a', 'register another')],
  /**
   * The list's keys, only those the key's role may use (decision 810): decide and the filter in the footer; move, note,
   * tag, rate and refresh in the help (the footer fits 80 columns with every move offered).
   */
  invitations: (offered: readonly InvitationMoveName[], may: { decide: boolean; annotate: boolean } = { decide: false, annotate: false }): KeyHint[] => [
    { ...hint('↑↓', 'move'), helpOnly: true as const },
    hint('Enter', 'report', "the highlighted invitation's report"),
    ...moveHints(offered),
    ...(may.decide ? [hint('d', 'decide', 'shortlist, advance, reject, put on hold or clear, with an optional reason')] : []),
    hint('F', 'filter', 'filter by status, score, integrity, decision, tag: e.g. completed score>=15 clean'),
    { ...hint('space', 'mark', 'mark or unmark the highlighted row (● before its id)'), helpOnly: true as const },
    { ...hint('A', 'mark all', 'mark every row shown, or unmark them when all are marked'), helpOnly: true as const },
    { ...hint('c', 'compare', 'the 2–5 marked candidates side by side'), helpOnly: true as const },
    ...(may.annotate
      ? [
          { ...hint('n', 'note', 'write a note, signed with your name'), helpOnly: true as const },
          { ...hint('t', 'tag', 'add a tag (-tag removes it)'), helpOnly: true as const },
          { ...hint('*', 'rate', 'rate 1–5 (0 removes your rating)'), helpOnly: true as const },
        ]
      : []),
    { ...hint('r', 'refresh'), helpOnly: true as const },
    ...listHints('name, email or id', 'id, status or score (best first)'),
  ],
  pipelinePrompt: [hint('Enter', 'save'), hint('Ctrl+U', 'clear'), hint('Esc', 'cancel')],
  pipelineChoice: [hint('key', 'pick'), hint('Esc', 'cancel')],
  /** With integrity evidence to review, its keys take the footer's room of `r refresh` (still in the help). */
  report: (offered: readonly InvitationMoveName[], evidence = false): KeyHint[] => [
    hint('p', 'export PDF', 'save the report as a PDF'),
    hint('h', 'history', 'what happened to the invitation, oldest first'),
    // In the help only, for the footer's 80 columns: `assay share` does the same from a shell.
    { ...hint('l', 'share link', 'make a report link a manager without a key opens (14 days; shown once)'), helpOnly: true as const },
    { ...hint('t', 'AI transcript', "the AI assistant's transcript: policy, model, every message, reply, insertion and follow-up"), helpOnly: true as const },
    { ...hint('n', 'notes', "the candidate's notes: write one, edit or delete your own"), helpOnly: true as const },
    // In the help only: the report's keys already fill the footer at 80 columns (decision 607).
    {
      ...hint('v', 'answers', 'each answer with its marks and grade, time, pastes and typing per question, the variant asked, code playback'),
      helpOnly: true as const,
    },
    ...(evidence
      ? [
          hint('↑↓', 'pick', 'highlight a departure, snapshot, paste or similar answer of the integrity evidence'),
          hint('d/c', 'review', 'dismiss (d) or confirm (c) the highlighted one, with a note'),
          { ...hint('Enter', 'regions', "a similarity pair's matching regions side by side"), helpOnly: true as const },
          { ...hint('s', 'all pairs', 'every similarity pair of the attempt, those the report does not list too'), helpOnly: true as const },
        ]
      : []),
    ...moveHints(offered),
    evidence ? { ...hint('r', 'refresh'), helpOnly: true as const } : hint('r', 'refresh'),
  ],
  evidenceNote: [
    hint('type', 'note', 'why: what you saw (may be empty)'),
    hint('Enter', 'save', 'save the review (Ctrl+S too); the list shows the new outcome'),
    hint('Tab', 'dismiss/confirm', 'switch between dismissed and confirmed'),
    hint('Esc', 'cancel', 'close the prompt without saving'),
  ],
  review: [
    hint('0-9', 'marks', 'type the marks (or the criterion’s, with a rubric); Backspace erases'),
    hint('Tab', 'field', 'next criterion, then the comment (Shift+Tab goes back)'),
    hint('Enter', 'save', 'save the grade and go to the next answer (Ctrl+S too)'),
    hint('n/p', 'next/prev', 'next or previous answer (→ and ← too)'),
    hint('u', 'ungraded', 'the next answer awaiting a grade, on whatever page it is'),
    // In the help only, for `u` to fit 80 columns: arrows scroll as anyone tries first.
    ...[
      hint('↑↓', 'scroll', 'scroll a long answer (PgUp, PgDn by ten lines)'),
      hint('b', 'blind', 'hide or show the candidates’ names'),
      hint('o', 'order', 'by question or by candidate'),
      hint('t', 'AI transcript', "the AI assistant's transcript of this answer's question, naming no one"),
      hint('f', 'follow-ups', "mark the test's authorship follow-ups: each question about a candidate's own answer, and their answer"),
      hint('r', 'refresh'),
    ].map((entry) => ({
      ...entry,
      helpOnly: true as const,
    })),
  ],
  reviewComment: [
    hint('type', 'comment'),
    hint('Tab', 'field', 'back to the marks (Shift+Tab: the last criterion)'),
    hint('Enter', 'save', 'save the grade and go to the next answer (Ctrl+S too)'),
    hint('↑↓', 'scroll'),
    hint('Esc', 'marks', 'leave the comment for the marks'),
  ],
  confirm: [hint('y', 'yes'), hint('n/Esc', 'no')],
  extendPrompt: [hint('Enter', 'extend'), hint('Ctrl+U', 'clear'), hint('Esc', 'cancel')],
  completions: [hint('↑↓', 'move'), hint('Enter', 'report', "the highlighted invitation's report"), hint('r', 'retry')],
  answers: [
    hint('↑↓', 'move'),
    hint('Enter', 'answer', "the question with the candidate's answer, marks and grade"),
    hint('p', 'playback', "step through a coding answer's history"),
    hint('r', 'refresh'),
  ],
  answer: [
    hint('↑↓', 'scroll', 'scroll a long answer (PgUp, PgDn by ten lines)'),
    hint('←→', 'question', 'the previous or next question'),
    hint('p', 'playback', "step through a coding answer's history"),
    hint('Esc', 'questions', 'back to the list of questions'),
  ],
  playback: [
    hint('←→', 'frame', 'the previous or next saved change'),
    hint('Home/End', 'first/last', 'the first or the last frame'),
    hint('↑↓', 'scroll', 'scroll a long code (PgUp, PgDn by ten lines)'),
    hint('Esc', 'questions', 'back to the list of questions'),
  ],
  similarPair: [
    hint('←→', 'region', 'the previous or next matching region'),
    hint('↑↓', 'scroll', 'scroll a long region (PgUp, PgDn by ten lines)'),
    hint('r', 'refresh'),
  ],
  compare: [hint('↑↓', 'scroll', 'scroll the marks of each question (PgUp, PgDn by ten)'), hint('r', 'refresh')],
  itemAnalysis: [hint('↑↓', 'scroll', 'scroll the questions and flagged options (PgUp, PgDn by ten)'), hint('r', 'refresh')],
  similarPairs: [hint('↑↓', 'move'), hint('Enter', 'regions', "the pair's matching regions side by side"), hint('r', 'refresh')],
  /** A candidate's notes (issue 50): `e` and `x` only on the key's own note, `n` only for a role that may write notes. */
  notes: (may: { write: boolean; own: boolean }): KeyHint[] => [
    hint('↑↓', 'move'),
    ...(may.write ? [hint('n', 'new note', 'write a note, signed with your name')] : []),
    ...(may.own ? [hint('e', 'edit', 'edit your highlighted note'), hint('x', 'delete', 'delete your highlighted note (after a confirmation)')] : []),
    hint('r', 'refresh'),
  ],
  noteWriting: [hint('Enter', 'save', 'save the note (Ctrl+S too)'), hint('Ctrl+U', 'clear'), hint('Esc', 'cancel')],
  history: [hint('↑↓', 'scroll', 'scroll the history (PgUp, PgDn by ten lines)'), hint('r', 'refresh')],
  /** Authorship follow-ups to mark (issue 60 item 6, decision 1361). */
  followUps: [
    hint('1/2/3', 'mark', 'mark the follow-up: 1 accurate, 2 partly, 3 not (the rubric on screen)'),
    hint('0/u', 'unmark', 'take the mark back'),
    hint('n/p', 'next/prev', 'next or previous follow-up (→ and ← too)'),
    hint('↑↓', 'scroll', 'scroll the follow-up and the answer it asks about (PgUp, PgDn by ten lines)'),
    { ...hint('b', 'blind', 'hide or show the candidates’ names'), helpOnly: true as const },
    { ...hint('r', 'refresh'), helpOnly: true as const },
  ],
  transcript: [hint('↑↓', 'scroll', 'scroll the transcript (PgUp, PgDn by ten lines)'), hint('r', 'refresh')],
  help: [hint('?/Esc', 'close help')],
  helpScrolling: [hint('?/Esc', 'close help'), hint('↑↓', 'scroll')],
} as const;

function moveHints(offered: readonly InvitationMoveName[]): KeyHint[] {
  return [
    ...(offered.includes('cancel') ? [hint('x', 'cancel', 'cancel the invitation (after a confirmation)')] : []),
    ...(offered.includes('reattempt') ? [hint('a', 'reattempt', 'a new attempt with a new link (after a confirmation)')] : []),
    // In the help only (issue 50): the footer is full at 80 columns with cancel or reattempt offered.
    ...(offered.includes('resend') ? [{ ...hint('m', 'resend', 'email the candidate their link again (after a confirmation)'), helpOnly: true as const }] : []),
    // An expired row's: shown in the footer, where resend would be, since it is why a recruiter opens an expired row.
    ...(offered.includes('renew') ? [hint('m', 'renew', 'extend the expired invitation and email its link again, in one move: 3d, 12h, 2w or a date')] : []),
    ...(offered.includes('extend')
      ? [{ ...hint('e', 'extend', "a later deadline to start: 3d, 12h, 2w from now, or a date YYYY-MM-DD HH:MM in the link's zone"), helpOnly: true as const }]
      : []),
    // An admin key's only (issue 51), in the help: erasing is rare and cannot be undone.
    ...(offered.includes('erase')
      ? [{ ...hint('X', 'erase', "erase the candidate's personal data; the scores stay (after a confirmation; cannot be undone)"), helpOnly: true as const }]
      : []),
  ];
}

/** What the frame adds to a screen's keys: `?` unless a field takes it as text; back unless the screen has its own Esc. */
export const frameHints = (screen: { hints: readonly KeyHint[]; typing?: boolean; modal?: boolean }, root: boolean): KeyHint[] => {
  const hasEscape = screen.hints.some((entry) => entry.keys.includes('Esc'));
  const back = root ? 'quit' : 'back';
  return [
    ...(screen.typing ? [] : [hint('?', 'help', 'this help')]),
    ...(screen.modal || hasEscape ? [] : [screen.typing ? hint('Esc', back) : hint('q/Esc', back)]),
  ];
};
