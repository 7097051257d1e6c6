import { z } from 'zod';
import { CandidateDecision, NO_DECISION } from '../decisions/candidate-decision.js';
import { Id } from '../ids.js';
import { InvitationStanding } from '../invitations/invitation-standing.js';
import { IntegritySummary } from '../report/integrity-summary.js';
import { ScoreStatus } from '../report/shown-score.js';
import { wireDateTimeFormat } from './documented-formats.js';
import { PagingQuery } from './paging.js';
import { ReportStatus } from './report.js';

/**
 * A test status, `Expired` (a Pending or Reset invitation whose window has closed: decision 1390), or `Awaiting review`:
 * a Completed attempt whose score is provisional (decision 651).
 */
export const InvitationListStatus = z.enum([...InvitationStanding.options, 'Awaiting review']);
export type InvitationListStatus = z.infer<typeof InvitationListStatus>;

/** A key, descending with a leading `-`; rows without a score sort after those with one in either direction. */
export const InvitationListSort = z.enum(['invited', '-invited', 'completed', '-completed', 'score', '-score', 'percent', '-percent']);
export type InvitationListSort = z.infer<typeof InvitationListSort>;

const ONE_STATUS = `(${InvitationListStatus.options.join('|')})`;
const STATUS_LIST_ERROR = `status must be a comma-separated list of ${InvitationListStatus.options.join(', ')}`;

const scoreBound = (name: string) =>
  z
    .string()
    .regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/, { error: `${name} must be a number such as 15 or -2.5` })
    .transform(Number)
    .pipe(z.number().finite({ error: `${name} must be a finite number` }))
    .optional()
    .meta({
      type: 'number',
      pattern: undefined,
      description: `Only attempts with a score (final or provisional) ${name === 'min_score' ? 'at least' : 'at most'} this.`,
    });

/**
 * `confirmed`: a reviewer confirmed at least one piece of the attempt's integrity evidence (its latest review of that
 * piece, made during the current attempt); `unconfirmed`: none confirmed, which includes evidence awaiting a reviewer
 * (decision 765).
 */
export const InvitationListIntegrity = z.enum(['confirmed', 'unconfirmed']);
export type InvitationListIntegrity = z.infer<typeof InvitationListIntegrity>;
const DECISION_WORDS = [...CandidateDecision.options, NO_DECISION] as const;
const ONE_DECISION = `(${DECISION_WORDS.join('|')})`;
/** Comma-separated decisions, `none` for invitations without one (issue 50 item 2). */
const DecisionFilter = z
  .string()
  .transform((text) => text.split(','))
  .pipe(z.array(z.enum(DECISION_WORDS), { error: `decision must be a comma-separated list of ${DECISION_WORDS.join(', ')}` }).min(1))
  .optional()
  .meta({ type: 'string', pattern: `^${ONE_DECISION}(,${ONE_DECISION})*$`, description: `Comma-separated: ${DECISION_WORDS.join(', ')} (none: no decision).` });

/** `GET /v2/org/tests/{testId}/invitations` (an Assay extension): page, filters and order (decision 652). */
export const InvitationListQuery = z
  .object({
    page_size: PagingQuery.shape.page_size.meta({ description: 'Invitations per page (default 20, at most 100).' }),
    page_no: PagingQuery.shape.page_no,
    status: z
      .string()
      .transform((text) => text.split(','))
      .pipe(z.array(InvitationListStatus, { error: STATUS_LIST_ERROR }).min(1))
      .optional()
      .meta({
        type: 'string',
        pattern: `^${ONE_STATUS}(,${ONE_STATUS})*$`,
        description: `Comma-separated: ${InvitationListStatus.options.join(', ')}. \`Expired\` is a Pending or Reset invitation whose own expiry or link's end has passed (Pending and Reset then leave it out); \`Awaiting review\` is a Completed attempt whose score is provisional.`,
      }),
    min_score: scoreBound('min_score'),
    max_score: scoreBound('max_score'),
    q: z
      .string()
      .max(200, { error: 'q must be at most 200 characters' })
      .optional()
      .meta({ description: 'Words that must each appear in the name or email (any order, any case).' }),
    integrity: z
      .enum(InvitationListIntegrity.options, { error: `integrity must be one of ${InvitationListIntegrity.options.join(', ')}` })
      .optional()
      .meta({
        description:
          'confirmed: a reviewer confirmed at least one piece of integrity evidence; unconfirmed: none confirmed (none recorded, dismissed or awaiting review).',
      }),
    decision: DecisionFilter,
    tag: z
      .string()
      .max(200, { error: 'tag must be at most 200 characters' })
      .optional()
      .meta({ description: 'Only invitations with this tag (matched as normalised: any case, spaces as -).' }),
    sort: InvitationListSort.default('invited').meta({ description: 'invited (default), completed, score or percent; a leading - sorts descending.' }),
  })
  .refine((query) => query.min_score === undefined || query.max_score === undefined || query.min_score <= query.max_score, {
    error: 'min_score must not be over max_score',
    path: ['min_score'],
  });
export type InvitationListQuery = z.infer<typeof InvitationListQuery>;

const instant = (what: string) => z.string().nullable().meta(wireDateTimeFormat(what));

/**
 * One invitation of a test as the list shows it: who, where it stands, the score every surface shows (decision 649) and
 * its dates. An object meant to grow (issue 50: decision, tags), so readers take the fields they know.
 */
export const InvitationListRow = z
  .object({
    testInvitationId: Id,
    fullName: z.string(),
    emailId: z.string(),
    testStatus: InvitationStanding.meta({
      description: 'The test status, or Expired: Pending or Reset with its own expiry or its link’s end passed (the candidate can no longer start).',
    }),
    reportStatus: ReportStatus,
    scoreStatus: ScoreStatus,
    score: z.number().nullable().meta({ description: 'The final score, the marks so far while provisional, null while unscored.' }),
    maxScore: z.number(),
    percent: z.number().nullable().meta({ description: '`score` as a percentage of `maxScore`, two decimals; null while unscored.' }),
    awaitingReview: z.int().nonnegative().meta({ description: 'Answers still awaiting a grader.' }),
    invitedAt: z.string().meta(wireDateTimeFormat('When the invitation was made.')),
    startedAt: instant('When the attempt started; null before.'),
    completedAt: instant('When the attempt was submitted; null before.'),
    expiresAt: instant('When the invitation expires; null: never.'),
    extraTimePercent: z.int().nonnegative(),
    testLinkId: Id.nullable().meta({ description: 'The test link the candidate registered through; null when invited directly.' }),
    wv: z.int().nonnegative(),
    tv: z.int().nonnegative(),
    decision: CandidateDecision.nullable().meta({ description: 'The hiring decision (issue 50); null: none.' }),
    tags: z.array(z.string()).meta({ description: 'The invitation’s tags, sorted.' }),
    meanRating: z.number().nullable().meta({ description: 'Mean of the hiring team’s ratings, one decimal, as /details gives it; null without any.' }),
    integrity: IntegritySummary.nullable().meta({
      description:
        'Departures, pastes, similar answers and snapshots counted by review outcome, and image violations, as /details counts them; null for an attempt with none to count.',
    }),
    endReason: z
      .literal('terminated')
      .optional()
      .meta({ description: "Present only when the test's violation limit ended the attempt (testStatus stays Completed: decision 946); `wv` is the count." }),
  })
  .meta({ id: 'InvitationListRow' });
export type InvitationListRow = z.infer<typeof InvitationListRow>;

export const InvitationList = z
  .object({ invitations: z.array(InvitationListRow), invitationsCount: z.int().nonnegative().meta({ description: 'Every invitation the filters match.' }) })
  .meta({ id: 'InvitationList' });
export type InvitationList = z.infer<typeof InvitationList>;
