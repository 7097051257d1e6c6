import { z } from 'zod';
import type { Candidate } from '../records/candidate.js';
import type { Invitation } from '../records/invitation.js';
import type { QuestionRecord, SectionRecord, TestRecord } from '../records/test.js';
import { questionsAskedOf, testDurationOf, type TestDefinition } from '../schemas/test-definition.js';
import { deadlineOf } from './attempt-clock.js';

/**
 * What starts every preview token (decision 1493): invitation tokens are base64url after a base-36 time prefix, so
 * none of them holds a dot, and a preview token is never looked up among invitations nor one of them among previews.
 */
export const PREVIEW_TOKEN_PREFIX = 'pv.';

export const isPreviewToken = (token: string): boolean => token.startsWith(PREVIEW_TOKEN_PREFIX);

/** How long a preview link opens the page: a working day of showing it around (issue 62 item 3). */
export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What making a preview link answers: the URL is answered once, only its token's hash is kept (decision 1493). */
export const TestPreviewMade = z
  .object({
    previewUrl: z.string().meta({ description: 'The real candidate page (`/t/{token}`) of the preview: anyone holding it may open it until it expires.' }),
    token: z.string(),
    expiresAt: z.string().meta({ description: 'ISO 8601: after it the link answers like an unknown test link (404.7).' }),
  })
  .meta({ id: 'TestPreviewMade' });
export type TestPreviewMade = z.infer<typeof TestPreviewMade>;

/** The optional body of a preview of a test the org has: which version (the current one when left out). */
export const TestPreviewRequest = z
  .object({ version: z.int().positive().max(1_000_000).optional().meta({ description: 'The version to preview; the current one when left out.' }) })
  .meta({ id: 'TestPreviewRequest' });
export type TestPreviewRequest = z.infer<typeof TestPreviewRequest>;

/** A preview as kept: its definition, whose org, until when. */
export interface StoredPreview {
  readonly previewId: number;
  readonly orgId: number;
  /** The org's test it shows, or null for a definition sent as is (a file being written). */
  readonly testId: number | null;
  readonly definition: TestDefinition;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** A preview opens the page until it expires; an expired one is an unknown link (decision 1494). */
export const previewOpens = (preview: StoredPreview, now: number): boolean => now < preview.expiresAt;

/** The test, its sections and questions as the candidate side reads them, built from the definition and never stored. */
export interface PreviewContent {
  readonly test: TestRecord;
  readonly sections: SectionRecord[];
  readonly questions: QuestionRecord[];
}

const sectionTypeOf = (type: 'general' | 'coding'): SectionRecord['sectionType'] => (type === 'coding' ? 'Coding Questions' : 'General Questions');

/**
 * The preview's test as stored tests are read: sections and questions numbered 1, 2, 3… in the definition's order (ids
 * of nothing in the database: they live only in this preview's pages), pools as the definition says.
 */
export const previewContentOf = (preview: StoredPreview): PreviewContent => {
  const { definition } = preview;
  let nextQuestionId = 1;
  const sections: SectionRecord[] = [];
  const questions: QuestionRecord[] = [];
  definition.sections.forEach((section, position) => {
    const sectionId = position + 1;
    const pooled = section.draw !== undefined || section.shuffleQuestions === true || section.shuffleOptions === true;
    sections.push({
      id: sectionId,
      position,
      name: section.sectionName,
      sectionType: sectionTypeOf(section.sectionType),
      duration: section.duration,
      questionCount: questionsAskedOf(section),
      ...(pooled
        ? { pool: { draw: section.draw ?? null, shuffleQuestions: section.shuffleQuestions === true, shuffleOptions: section.shuffleOptions === true } }
        : {}),
    });
    for (const question of section.questions) questions.push({ id: nextQuestionId++, sectionId, definition: question });
  });
  const test: TestRecord = {
    id: preview.testId ?? 0,
    contentId: 0,
    version: 1,
    orgId: preview.orgId,
    name: definition.testName,
    description: definition.description,
    duration: testDurationOf(definition),
    questionCount: sections.reduce((total, section) => total + section.questionCount, 0),
    // Whatever the definition's status, its author may look at it: a preview admits the start (decision 1492).
    status: 'Active',
    reportSettings: definition.report,
  };
  return { test, sections, questions };
};

/** Where a preview's page stands: the stage the request being answered calls for (nothing of it is kept). */
export type PreviewStage =
  | { readonly kind: 'landing' }
  | { readonly kind: 'running'; readonly startedAt: number; readonly variantSeed: number }
  | { readonly kind: 'ended'; readonly at: number };

/**
 * The invitation a preview's page is answered as, made up for the answer and never stored: a landing before the start,
 * a running attempt whose deadline is the test's minutes from `startedAt`, an ended one after the submit.
 */
export const previewInvitationOf = (preview: StoredPreview, token: string, durationMinutes: number, stage: PreviewStage): Invitation => {
  const startedAt = stage.kind === 'running' ? stage.startedAt : null;
  return {
    // Below every invitation's id: its rate limits and sandbox share are its own, never an invitation's.
    id: -preview.previewId,
    orgId: preview.orgId,
    testId: preview.testId ?? 0,
    candidateId: 0,
    testLinkId: null,
    attemptNo: 1,
    previousInvitationId: null,
    token,
    status: stage.kind === 'landing' ? 'Pending' : stage.kind === 'running' ? 'In progress' : 'Completed',
    reportStatus: 'Pending',
    score: 0,
    timeTaken: 0,
    proctoring: { wv: 0, tv: 0, leftAt: null },
    startedAt,
    deadline: startedAt === null ? null : deadlineOf(startedAt, durationMinutes, 0),
    completedAt: stage.kind === 'ended' ? stage.at : null,
    cancelledAt: null,
    extraTimePercent: 0,
    reportLinkGeneration: 0,
    variantSeed: stage.kind === 'running' ? stage.variantSeed : null,
    expiresAt: preview.expiresAt,
    interface: 'v2',
    endReason: stage.kind === 'ended' ? 'submitted' : null,
    createdAt: preview.createdAt,
    updatedAt: preview.createdAt,
  };
};

/** The made-up candidate of a preview: the landing greets the author as "Preview". */
export const previewCandidateOf = (preview: StoredPreview): Candidate => ({
  id: 0,
  orgId: preview.orgId,
  testId: preview.testId ?? 0,
  email: '',
  fullName: 'Preview',
  callbackUrl: null,
  redirectUrl: null,
  hideInstructions: false,
});
