import { AiPolicy, DEFAULT_AI_SETTINGS, type AiSettings } from '@assay/domain/ai';
import type { TestSettings } from '@assay/domain/invitations';

type Kind = 'boolean' | 'count' | 'number' | 'text' | 'optional-text' | 'type-of-test' | 'ai-policy';

/** One setting as the CLI (`--set key=value`) and the TUI name it: v3's own field name, but for the two counts. */
export interface TestSettingKey {
  readonly key: string;
  readonly label: string;
  readonly kind: Kind;
  readonly read: (settings: TestSettings) => boolean | number | string | null;
  readonly write: (settings: TestSettings, value: boolean | number | string | null) => TestSettings;
}

const inGroup =
  <G extends keyof TestSettings>(group: G, field: keyof TestSettings[G]) =>
  (settings: TestSettings, value: unknown): TestSettings => ({ ...settings, [group]: { ...settings[group], [field]: value } });

const windowDisplay =
  (field: keyof TestSettings['windowViolationSettings']['displayViolationSettings']) =>
  (settings: TestSettings, value: unknown): TestSettings => ({
    ...settings,
    windowViolationSettings: {
      ...settings.windowViolationSettings,
      displayViolationSettings: { ...settings.windowViolationSettings.displayViolationSettings, [field]: value },
    },
  });

/** The AI group (issue 60): a server before it answers none, so the defaults stand in for it. */
const aiOf = (settings: TestSettings): AiSettings => settings.aiSettings ?? DEFAULT_AI_SETTINGS;
const inAi =
  (field: keyof AiSettings) =>
  (settings: TestSettings, value: unknown): TestSettings => ({ ...settings, aiSettings: { ...aiOf(settings), [field]: value } });

/**
 * Every setting, in the order the TUI lists them (decision 933). Keys are v3's leaf names, which are unique but for
 * `terminateTestAfterViolationCount` (in both violation groups): those two are `imageViolationCount` and
 * `windowViolationCount`.
 */
export const testSettingKeys: readonly TestSettingKey[] = [
  { key: 'testName', label: 'Test name', kind: 'text', read: (s) => s.testSettings.testName, write: inGroup('testSettings', 'testName') },
  {
    key: 'testAliasName',
    label: 'Alias shown to candidates',
    kind: 'optional-text',
    read: (s) => s.testSettings.testAliasName,
    write: inGroup('testSettings', 'testAliasName'),
  },
  {
    key: 'typeOfTest',
    label: 'Type of test (0 standard, 1 custom)',
    kind: 'type-of-test',
    read: (s) => s.testSettings.typeOfTest,
    write: inGroup('testSettings', 'typeOfTest'),
  },
  { key: 'practiceTest', label: 'Practice test', kind: 'boolean', read: (s) => s.testSettings.practiceTest, write: inGroup('testSettings', 'practiceTest') },
  {
    key: 'randomQuestions',
    label: 'Shuffle questions',
    kind: 'boolean',
    read: (s) => s.questionSettings.randomQuestions,
    write: inGroup('questionSettings', 'randomQuestions'),
  },
  {
    key: 'randomAnswers',
    label: 'Shuffle answer options',
    kind: 'boolean',
    read: (s) => s.questionSettings.randomAnswers,
    write: inGroup('questionSettings', 'randomAnswers'),
  },
  {
    key: 'showQuestionScore',
    label: 'Show each question’s marks',
    kind: 'boolean',
    read: (s) => s.questionSettings.showQuestionScore,
    write: inGroup('questionSettings', 'showQuestionScore'),
  },
  {
    key: 'sectionEndPopup',
    label: 'Confirm leaving a section',
    kind: 'boolean',
    read: (s) => s.displayMessageSettings.sectionEndPopup,
    write: inGroup('displayMessageSettings', 'sectionEndPopup'),
  },
  {
    key: 'sectionTimeLeftAlert',
    label: 'Time-left alerts',
    kind: 'boolean',
    read: (s) => s.displayMessageSettings.sectionTimeLeftAlert,
    write: inGroup('displayMessageSettings', 'sectionTimeLeftAlert'),
  },
  {
    key: 'candidateFeedback',
    label: 'Ask for feedback at the end',
    kind: 'boolean',
    read: (s) => s.displayMessageSettings.candidateFeedback,
    write: inGroup('displayMessageSettings', 'candidateFeedback'),
  },
  {
    key: 'sendTestReportEmailToCandidate',
    label: 'Email the candidate their report',
    kind: 'boolean',
    read: (s) => s.emailSettings.sendTestReportEmailToCandidate,
    write: inGroup('emailSettings', 'sendTestReportEmailToCandidate'),
  },
  {
    key: 'terminateTestOnImageViolation',
    label: 'End on image violations',
    kind: 'boolean',
    read: (s) => s.imageProctoringSettings.terminateTestOnImageViolation,
    write: inGroup('imageProctoringSettings', 'terminateTestOnImageViolation'),
  },
  {
    key: 'imageViolationCount',
    label: 'Image violations allowed',
    kind: 'count',
    read: (s) => s.imageProctoringSettings.terminateTestAfterViolationCount,
    write: inGroup('imageProctoringSettings', 'terminateTestAfterViolationCount'),
  },
  {
    key: 'copyPaste',
    label: 'Copy and paste allowed',
    kind: 'boolean',
    read: (s) => s.windowViolationSettings.copyPaste,
    write: inGroup('windowViolationSettings', 'copyPaste'),
  },
  {
    key: 'displayViolationPopUp',
    label: 'Show violations to the candidate',
    kind: 'boolean',
    read: (s) => s.windowViolationSettings.displayViolationSettings.displayViolationPopUp,
    write: windowDisplay('displayViolationPopUp'),
  },
  {
    key: 'terminateTestOnWindowViolation',
    label: 'End on window violations',
    kind: 'boolean',
    read: (s) => s.windowViolationSettings.displayViolationSettings.terminateTestOnWindowViolation,
    write: windowDisplay('terminateTestOnWindowViolation'),
  },
  {
    key: 'windowViolationCount',
    label: 'Window violations allowed',
    kind: 'count',
    read: (s) => s.windowViolationSettings.displayViolationSettings.terminateTestAfterViolationCount,
    write: windowDisplay('terminateTestAfterViolationCount'),
  },
  { key: 'aiPolicy', label: 'AI policy', kind: 'ai-policy', read: (s) => aiOf(s).aiPolicy, write: inAi('aiPolicy') },
  { key: 'followUps', label: 'Authorship follow-ups', kind: 'count', read: (s) => aiOf(s).followUps, write: inAi('followUps') },
  { key: 'followUpSeconds', label: 'Seconds per follow-up', kind: 'count', read: (s) => aiOf(s).followUpSeconds, write: inAi('followUpSeconds') },
  { key: 'assistantMessages', label: 'Assistant messages', kind: 'count', read: (s) => aiOf(s).assistantMessages, write: inAi('assistantMessages') },
  { key: 'assistantTokens', label: 'Assistant tokens', kind: 'number', read: (s) => aiOf(s).assistantTokens, write: inAi('assistantTokens') },
];

const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, on: true, yes: true, false: false, off: false, no: false };

/** A value as its key takes it, or the reason it does not; ranges are the server's to refuse (400.2). */
export const parseSettingValue = (setting: TestSettingKey, text: string): { value: boolean | number | string | null } | { error: string } => {
  switch (setting.kind) {
    case 'boolean': {
      const value = BOOLEANS[text.toLowerCase()];
      return value === undefined ? { error: `${setting.key} takes true or false, not "${text}".` } : { value };
    }
    case 'count':
    case 'type-of-test':
      return /^[0-9]{1,3}$/.test(text) ? { value: Number(text) } : { error: `${setting.key} takes a whole number, not "${text}".` };
    case 'number':
      return /^[0-9]{1,9}$/.test(text) ? { value: Number(text) } : { error: `${setting.key} takes a whole number, not "${text}".` };
    case 'ai-policy': {
      const policy = AiPolicy.safeParse(text.toLowerCase());
      return policy.success ? { value: policy.data } : { error: `${setting.key} takes none, guarded or open, not "${text}".` };
    }
    case 'optional-text':
      return { value: text === '' ? null : text };
    case 'text':
      return text.trim() === '' ? { error: `${setting.key} cannot be empty.` } : { value: text };
  }
};

/** `key=value` applied to the settings, or why not (an unknown key lists the known ones). */
export const applySetting = (settings: TestSettings, assignment: string): { settings: TestSettings } | { error: string } => {
  const at = assignment.indexOf('=');
  if (at < 1) return { error: `"${assignment}" is not key=value (e.g. randomQuestions=true).` };
  const name = assignment.slice(0, at);
  const setting = testSettingKeys.find((candidate) => candidate.key === name);
  if (setting === undefined) return { error: `No setting "${name}". The keys: ${testSettingKeys.map((candidate) => candidate.key).join(', ')}.` };
  const parsed = parseSettingValue(setting, assignment.slice(at + 1));
  return 'error' in parsed ? parsed : { settings: setting.write(settings, parsed.value) };
};

/** A value as the CLI and the TUI print it. */
export const settingValueText = (value: boolean | number | string | null): string =>
  value === true ? 'on' : value === false ? 'off' : value === null ? '(none)' : String(value);
