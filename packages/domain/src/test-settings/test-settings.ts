import { z } from 'zod';
import { singleLineText } from '../schemas/text-fields.js';
import { v3Switch } from '../v3/v3-wire-values.js';
import { ok, refuse, type Result } from '../result.js';
import { assistantAvailable, type ModelAvailability } from '../ai/model-availability.js';
import type { TestDefinition } from '../schemas/test-definition.js';
import { AiSettings, type AiPolicy, defaultAiSettingsOf, needsModel } from '../ai/ai-settings.js';
import type { SessionViolationRules } from '../candidate/violation-rules.js';

/** "Terminate after N violations": 0 means no limit even with its flag on, and 100 is more than any attempt needs. */
const violationCount = z.int().min(0).max(100);

/**
 * The groups once, for both sides of the wire: `flag` makes a switch as that side holds it (a boolean as stored and
 * answered, or v3's 0/1 as a client may send it), so the answer's and the body's fields never drift apart.
 */
const settingsShaped = <Switch extends z.ZodType<boolean>>(flag: (name: string) => Switch) =>
  z.strictObject({
    testSettings: z.strictObject({
      testName: singleLineText('testName', 200),
      testAliasName: singleLineText('testAliasName', 200).nullable(),
      typeOfTest: z
        .union([z.literal(0), z.literal(1)])
        .meta({ description: 'iMocha’s kind of test: 0 a standard test, 1 a custom one. Kept and echoed; it changes nothing in Assay.' }),
      practiceTest: flag('practiceTest'),
    }),
    questionSettings: z.strictObject({
      randomQuestions: flag('randomQuestions'),
      randomAnswers: flag('randomAnswers'),
      showQuestionScore: flag('showQuestionScore'),
    }),
    displayMessageSettings: z.strictObject({
      sectionEndPopup: flag('sectionEndPopup'),
      sectionTimeLeftAlert: flag('sectionTimeLeftAlert'),
      candidateFeedback: flag('candidateFeedback'),
    }),
    emailSettings: z.strictObject({ sendTestReportEmailToCandidate: flag('sendTestReportEmailToCandidate') }),
    imageProctoringSettings: z.strictObject({
      terminateTestOnImageViolation: flag('terminateTestOnImageViolation'),
      terminateTestAfterViolationCount: violationCount,
    }),
    windowViolationSettings: z.strictObject({
      copyPaste: flag('copyPaste').meta({ description: 'On: the candidate may copy and paste; off: the page blocks it (and records attempts).' }),
      displayViolationSettings: z.strictObject({
        displayViolationPopUp: flag('displayViolationPopUp'),
        terminateTestOnWindowViolation: flag('terminateTestOnWindowViolation'),
        terminateTestAfterViolationCount: violationCount,
      }),
    }),
    /**
     * Assay's extension group (issue 60, decision 993): answered always; on a change, left out means unchanged, so a
     * v3 client that knows only iMocha's groups keeps the test's AI settings as they were. Both sides of the wire take
     * it as it is (the input side too: it holds no iMocha switch).
     */
    aiSettings: AiSettings.optional(),
  });

/**
 * A test's settings in iMocha v3's groups (issue 52, decision 883): v3's `POST …/settings` sends the whole object and
 * v2's admin route takes the same one, so both fronts read and write one shape. Every field of iMocha's groups is
 * present: a partial object would leave "unset" and "off" indistinguishable. Answered with booleans.
 */
export const TestSettings = settingsShaped(() => z.boolean()).meta({ id: 'TestSettings' });
/**
 * The settings as a client writes them: each switch a boolean or iMocha's documented 0/1 (decision 1029), read as the
 * boolean it stands for; anything else is refused naming the field.
 */
export const TestSettingsInput = settingsShaped(v3Switch).meta({ id: 'TestSettingsBody' });
export type TestSettings = z.infer<typeof TestSettings>;

/**
 * What a test that never had settings answers: shuffling as its definition has it (on when every section shuffles),
 * each question's marks shown (the page always showed them), the time-left alerts on (the page gave them before
 * settings existed: decision 966), everything else off, copy-paste allowed, no limits — the behaviour it had before
 * settings existed (decision 884).
 */
export const defaultTestSettingsOf = (test: { readonly name: string; readonly definition: Pick<TestDefinition, 'sections' | 'ai'> }): TestSettings => ({
  testSettings: { testName: test.name, testAliasName: null, typeOfTest: 0, practiceTest: false },
  questionSettings: {
    randomQuestions: test.definition.sections.every((section) => section.shuffleQuestions === true),
    randomAnswers: test.definition.sections.every((section) => section.shuffleOptions === true),
    showQuestionScore: true,
  },
  displayMessageSettings: { sectionEndPopup: false, sectionTimeLeftAlert: true, candidateFeedback: false },
  emailSettings: { sendTestReportEmailToCandidate: false },
  imageProctoringSettings: { terminateTestOnImageViolation: false, terminateTestAfterViolationCount: 0 },
  windowViolationSettings: {
    copyPaste: true,
    displayViolationSettings: { displayViolationPopUp: false, terminateTestOnWindowViolation: false, terminateTestAfterViolationCount: 0 },
  },
  aiSettings: defaultAiSettingsOf(test.definition),
});

/**
 * Settings as they hold: stored ones from before the AI group (or a change that left it out) take the AI settings they
 * had, else the definition's (decision 993).
 */
export const withAiSettings = (settings: TestSettings, fallback: AiSettings): TestSettings & { aiSettings: AiSettings } => ({
  ...settings,
  aiSettings: settings.aiSettings ?? fallback,
});

/**
 * What the candidate's attempt enforces of the settings (a limit is null when nothing ends the attempt): the session's
 * `violationRules` shape, one schema for both (decision 1140 stores it with the attempt, `AttemptRules`).
 */
export type ViolationRules = SessionViolationRules;

const limitOf = (on: boolean, count: number): number | null => (on && count >= 1 ? count : null);

/** "Terminate after N" reads as N allowed and the next one ends it (decision 885): the terminate-after-2 ends on the third departure. */
export const violationRulesOf = (settings: TestSettings): ViolationRules => {
  const window = settings.windowViolationSettings.displayViolationSettings;
  const image = settings.imageProctoringSettings;
  return {
    windowViolationLimit: limitOf(window.terminateTestOnWindowViolation, window.terminateTestAfterViolationCount),
    imageViolationLimit: limitOf(image.terminateTestOnImageViolation, image.terminateTestAfterViolationCount),
    copyPasteAllowed: settings.windowViolationSettings.copyPaste,
    violationPopup: window.displayViolationPopUp,
  };
};

/** The test a settings change is for: its own name, and its sections' own AI policies. */
export interface SettingsSubject {
  readonly name: string;
  readonly sections: readonly { readonly aiPolicy?: AiPolicy | undefined }[];
}

/**
 * Settings as a client sent them, for its test: a test keeps the name it was imported with (decision 883: every server
 * caches a test's summary as never changing), so a different `testName` is refused with the way to show another name
 * (`testAliasName`); an AI policy that offers the assistant needs a model (400.31, decision 993).
 */
export const checkTestSettings = (test: SettingsSubject, settings: TestSettings, model: ModelAvailability): Result<TestSettings> => {
  if (settings.testSettings.testName !== test.name)
    return refuse(
      'invalid-field',
      `testSettings.testName: a test keeps the name it was imported with ("${test.name}"); send it unchanged, and set testAliasName to show candidates another name.`,
    );
  const ai = settings.aiSettings;
  const assistant = ai === undefined ? ok(undefined) : assistantAvailable(needsModel(ai, test.sections), model);
  return assistant.err ? assistant : ok(settings);
};
