import { CandidateDecision, NO_DECISION } from '@assay/domain/invitations';
import { InvitationListStatus } from '@assay/domain/schemas';
import type { InvitationRow } from '../data/invitations-of-test.js';
import { listStateOf } from './list-views.js';

type DecisionWord = CandidateDecision | typeof NO_DECISION;

/**
 * What the invitations list is narrowed to, beyond `/` and `f` (decision 808): the same filters as the list route and
 * `assay invitations list`, typed as words. Each part is optional; parts of one kind are alternatives (any of the
 * statuses), parts of different kinds all apply.
 */
export interface PipelineFilter {
  readonly statuses: readonly InvitationListStatus[];
  readonly minScore: number | null;
  readonly maxScore: number | null;
  /** `clean`: no confirmed integrity evidence; `flagged`: some confirmed (the route's `integrity=unconfirmed|confirmed`). */
  readonly integrity: 'clean' | 'flagged' | null;
  readonly decisions: readonly DecisionWord[];
  readonly tag: string | null;
}

export const NO_FILTER: PipelineFilter = { statuses: [], minScore: null, maxScore: null, integrity: null, decisions: [], tag: null };

/** The acceptance's shortlist, offered as the prompt's example. */
export const SHORTLIST_EXAMPLE = 'completed score>=15 clean';

/** A status as typed: lower case, `-` for a space (`in-progress`, `awaiting-review`). */
const statusWord = (status: InvitationListStatus) => status.toLowerCase().replaceAll(' ', '-');
const STATUS_BY_WORD = new Map(InvitationListStatus.options.map((status) => [statusWord(status), status] as const));
const DECISION_BY_WORD = new Map<string, DecisionWord>([
  ...CandidateDecision.options.map((decision) => [decision, decision] as const),
  ['undecided', NO_DECISION],
  [NO_DECISION, NO_DECISION],
]);
/** A tag as the server keeps it (lower case, `-` for spaces), so a typed `Strong Python` finds `strong-python`. */
const normalTag = (tag: string) => tag.trim().toLowerCase().replace(/\s+/g, '-');

const SCORE = /^score(>=|<=)(-?\d+(?:\.\d+)?)$/;

export type FilterParse = { filter: PipelineFilter } | { error: string };

const without = <T>(values: readonly T[], value: T) => [...values.filter((each) => each !== value), value];

/** One word of the filter applied to what the words before it made; a message for a word it does not know. */
const applyWord = (filter: PipelineFilter, raw: string): PipelineFilter | string => {
  const word = raw.toLowerCase();
  const [kind, value] = word.includes(':') ? [word.slice(0, word.indexOf(':')), word.slice(word.indexOf(':') + 1)] : [null, word];
  const score = SCORE.exec(word);
  if (score) return score[1] === '>=' ? { ...filter, minScore: Number(score[2]) } : { ...filter, maxScore: Number(score[2]) };
  if (word.startsWith('#') || kind === 'tag') {
    const tag = normalTag(word.startsWith('#') ? word.slice(1) : value);
    return tag === '' ? 'a tag needs a name: #python or tag:python' : { ...filter, tag };
  }
  if ((kind === null || kind === 'status') && STATUS_BY_WORD.has(value))
    return { ...filter, statuses: without(filter.statuses, STATUS_BY_WORD.get(value) as InvitationListStatus) };
  if ((kind === null || kind === 'decision') && DECISION_BY_WORD.has(value))
    return { ...filter, decisions: without(filter.decisions, DECISION_BY_WORD.get(value) as DecisionWord) };
  if (word === 'clean' || word === 'integrity:unconfirmed') return { ...filter, integrity: 'clean' };
  if (word === 'flagged' || word === 'integrity:confirmed') return { ...filter, integrity: 'flagged' };
  return `“${raw}” is not a filter: try ${SHORTLIST_EXAMPLE}, shortlisted, undecided, #tag, score<=10, flagged`;
};

/**
 * The words typed into the filter prompt, in any order: a status (`completed`, `awaiting-review`…), a decision
 * (`shortlisted`, `on-hold`, `undecided`…), `score>=N` / `score<=N`, `clean` / `flagged`, `#tag`. Empty: no filter.
 */
export const parsePipelineFilter = (text: string): FilterParse => {
  let filter = NO_FILTER;
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const next = applyWord(filter, word);
    if (typeof next === 'string') return { error: next };
    filter = next;
  }
  if (filter.minScore !== null && filter.maxScore !== null && filter.minScore > filter.maxScore) return { error: 'score>= must not be over score<=' };
  return { filter };
};

/** The filter as the prompt takes it back (and the filter line shows it): parsing it gives the same filter. */
export const pipelineFilterText = (filter: PipelineFilter): string =>
  [
    ...filter.statuses.map(statusWord),
    ...(filter.minScore === null ? [] : [`score>=${filter.minScore}`]),
    ...(filter.maxScore === null ? [] : [`score<=${filter.maxScore}`]),
    ...(filter.integrity === null ? [] : [filter.integrity]),
    ...filter.decisions.map((decision) => (decision === NO_DECISION ? 'undecided' : decision)),
    ...(filter.tag === null ? [] : [`#${filter.tag}`]),
  ].join(' ');

export const isNoFilter = (filter: PipelineFilter): boolean => pipelineFilterText(filter) === '';

/**
 * Whether a row passes, as the list route would answer it: `completed` includes attempts awaiting review (their test
 * status is Completed), a score bound leaves out unscored rows, `clean` keeps every row with no confirmed evidence.
 */
export const matchesPipelineFilter = (row: InvitationRow, filter: PipelineFilter): boolean => {
  const statusOk =
    filter.statuses.length === 0 || filter.statuses.some((status) => (status === 'Awaiting review' ? listStateOf(row) === status : row.testStatus === status));
  const minOk = filter.minScore === null || (row.score !== null && row.score >= filter.minScore);
  const maxOk = filter.maxScore === null || (row.score !== null && row.score <= filter.maxScore);
  const flagged = row.integrity?.level === 'confirmed';
  const integrityOk = filter.integrity === null || (filter.integrity === 'flagged') === flagged;
  const decisionOk = filter.decisions.length === 0 || filter.decisions.includes(row.decision ?? NO_DECISION);
  const tagOk = filter.tag === null || row.tags.includes(filter.tag);
  return statusOk && minOk && maxOk && integrityOk && decisionOk && tagOk;
};
