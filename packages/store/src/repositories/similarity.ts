import type { Kysely } from 'kysely';
import { type MatchRegion, type StoredPrints, type TokenFamily, StoredPrints as StoredPrintsSchema } from '@assay/domain';
import type { Database } from '../database.js';

/** What scoring keeps of one coding answer to compare it later (issue 34, item 1; migration 033). */
export interface NewAnswerFingerprint {
  readonly orgId: number;
  readonly questionId: number;
  readonly invitationId: number;
  readonly family: TokenFamily;
  /** Distinct kept hashes, starter code removed. */
  readonly hashes: readonly number[];
  readonly prints: StoredPrints;
}

/** Another answer of the question, as the incremental pass reads it. */
export interface OtherAnswer {
  readonly key: number;
  readonly hashes: Uint32Array;
}

/** A pair found: `regions[].left` lines in this invitation's answer, `right` in the other's. */
export interface NewSimilarityPair {
  readonly orgId: number;
  readonly questionId: number;
  readonly invitationId: number;
  readonly otherInvitationId: number;
  readonly score: number;
  readonly regions: readonly MatchRegion[];
}

/** A pair as an invitation's report shows it: seen from that invitation (its lines are `left`). */
export interface SimilarityPairOfAttempt {
  readonly pairId: number;
  readonly questionId: number;
  readonly otherInvitationId: number;
  readonly otherCandidateName: string;
  readonly score: number;
  readonly regions: MatchRegion[];
  readonly foundAt: number;
}

const toBlob = (hashes: readonly number[]): Buffer => Buffer.from(Uint32Array.from(hashes).buffer);
/** Copied out: a driver's Buffer may sit at an offset a Uint32Array cannot view. */
const fromBlob = (blob: Uint8Array): Uint32Array => new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
const flipped = (regions: readonly MatchRegion[]): MatchRegion[] => regions.map(({ left, right }) => ({ left: right, right: left }));

/** Answers' fingerprints and the similar pairs found among them; every read scoped by the org. */
export class SimilarityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keeps an answer's fingerprints, replacing what an earlier scoring of the same answer kept. */
  async keep(fingerprint: NewAnswerFingerprint, at: number): Promise<void> {
    const write = async (trx: Kysely<Database>) => {
      await trx
        .deleteFrom('answer_fingerprints')
        .where('invitation_id', '=', fingerprint.invitationId)
        .where('question_id', '=', fingerprint.questionId)
        .execute();
      await trx
        .insertInto('answer_fingerprints')
        .values({
          org_id: fingerprint.orgId,
          question_id: fingerprint.questionId,
          invitation_id: fingerprint.invitationId,
          family: fingerprint.family,
          hashes: toBlob(fingerprint.hashes),
          prints: JSON.stringify(fingerprint.prints),
          created_at: at,
        })
        .execute();
    };
    await (this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write));
  }

  /** Every other kept answer of the question in the family, in the org: their hashes only (what scoring needs). */
  async othersOf(orgId: number, questionId: number, family: TokenFamily, invitationId: number): Promise<OtherAnswer[]> {
    const rows = await this.db
      .selectFrom('answer_fingerprints')
      .select(['invitation_id', 'hashes'])
      .where('org_id', '=', orgId)
      .where('question_id', '=', questionId)
      .where('family', '=', family)
      .where('invitation_id', '!=', invitationId)
      .execute();
    return rows.map((row) => ({ key: row.invitation_id, hashes: fromBlob(row.hashes) }));
  }

  /** The positions of some answers of the question (the few at or above the threshold), by invitation id. */
  async printsOf(orgId: number, questionId: number, invitationIds: readonly number[]): Promise<Map<number, StoredPrints>> {
    if (invitationIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('answer_fingerprints')
      .select(['invitation_id', 'prints'])
      .where('org_id', '=', orgId)
      .where('question_id', '=', questionId)
      .where('invitation_id', 'in', [...invitationIds])
      .execute();
    return new Map(rows.map((row) => [row.invitation_id, StoredPrintsSchema.parse(JSON.parse(row.prints))]));
  }

  /**
   * Stores pairs found, each once whichever of its two answers found it (the lower invitation id is `left`): the
   * answers' scorings may run at once, and each keeps its fingerprints before it reads the others', so at least the
   * second to keep sees the first, and a pair both see is one row.
   */
  async addPairs(pairs: readonly NewSimilarityPair[], at: number): Promise<void> {
    if (pairs.length === 0) return;
    await this.db
      .insertInto('similarity_pairs')
      .values(
        pairs.map((pair) => {
          const ordered = pair.invitationId < pair.otherInvitationId;
          return {
            org_id: pair.orgId,
            question_id: pair.questionId,
            left_invitation_id: ordered ? pair.invitationId : pair.otherInvitationId,
            right_invitation_id: ordered ? pair.otherInvitationId : pair.invitationId,
            score: pair.score,
            regions: JSON.stringify(ordered ? pair.regions : flipped(pair.regions)),
            found_at: at,
          };
        }),
      )
      .onConflict((conflict) => conflict.columns(['left_invitation_id', 'right_invitation_id', 'question_id']).doNothing())
      .execute();
  }

  /** The pairs of an invitation's answers, in the org, seen from it, highest score first. */
  async pairsOf(orgId: number, invitationId: number): Promise<SimilarityPairOfAttempt[]> {
    // One indexed read per side (the pair's lower id is `left`): a join on "either side" made SQLite walk every
    // invitation of the org for each report (100,000 in the bench: decision 622).
    const side = (own: 'p.left_invitation_id' | 'p.right_invitation_id', other: 'p.left_invitation_id' | 'p.right_invitation_id') =>
      this.db
        .selectFrom('similarity_pairs as p')
        .innerJoin('invitations as other', 'other.id', other)
        .innerJoin('candidates', 'candidates.id', 'other.candidate_id')
        .select(['p.id', 'p.question_id', 'p.left_invitation_id', 'p.score', 'p.regions', 'p.found_at', 'other.id as other_id', 'candidates.full_name'])
        .where('p.org_id', '=', orgId)
        .where('other.org_id', '=', orgId)
        .where(own, '=', invitationId)
        .execute();
    const [asLeft, asRight] = await Promise.all([side('p.left_invitation_id', 'p.right_invitation_id'), side('p.right_invitation_id', 'p.left_invitation_id')]);
    const rows = [...asLeft, ...asRight].sort((a, b) => b.score - a.score || a.id - b.id);
    return rows.map((row) => {
      const regions = JSON.parse(row.regions) as MatchRegion[];
      return {
        pairId: row.id,
        questionId: row.question_id,
        otherInvitationId: row.other_id,
        otherCandidateName: row.full_name,
        score: row.score,
        regions: row.left_invitation_id === invitationId ? regions : flipped(regions),
        foundAt: row.found_at,
      };
    });
  }

  /**
   * The code answers at the given places, in one read (the other sides of the pairs an attempt's report lists), keyed
   * by `answerPlaceKey`; an answer gone (a reset) is missing. Scoped by the org, like every read here.
   */
  async codesOf(orgId: number, places: readonly AnswerPlace[]): Promise<Map<string, string>> {
    if (places.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('answers')
      .innerJoin('invitations', 'invitations.id', 'answers.invitation_id')
      .select(['answers.invitation_id', 'answers.question_id', 'answers.code'])
      .where('invitations.org_id', '=', orgId)
      .where('answers.invitation_id', 'in', [...new Set(places.map((place) => place.invitationId))])
      .where('answers.question_id', 'in', [...new Set(places.map((place) => place.questionId))])
      .execute();
    return new Map(
      rows.flatMap((row) => (row.code === null ? [] : [[answerPlaceKey({ invitationId: row.invitation_id, questionId: row.question_id }), row.code] as const])),
    );
  }
}

/** Where a pair's other answer is: the other invitation and the question. */
export interface AnswerPlace {
  readonly invitationId: number;
  readonly questionId: number;
}

/** The key `codesOf` answers by. */
export const answerPlaceKey = ({ invitationId, questionId }: AnswerPlace): string => `${invitationId}:${questionId}`;

/** A reset's part (issue 34): the attempt's answers are gone, so are their fingerprints and the pairs they were in. */
export const clearSimilarity = async (trx: Kysely<Database>, invitationId: number): Promise<void> => {
  await trx.deleteFrom('answer_fingerprints').where('invitation_id', '=', invitationId).execute();
  await trx.deleteFrom('similarity_pairs').where('left_invitation_id', '=', invitationId).execute();
  await trx.deleteFrom('similarity_pairs').where('right_invitation_id', '=', invitationId).execute();
};
