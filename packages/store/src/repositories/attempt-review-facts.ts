import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/**
 * What the Excel export shows of an attempt whose report is "In progress" (issue 32): scored, but with written answers
 * awaiting a reviewer's grade, so no results text was kept (`attempt_results` holds final results only). Its
 * question_results hold every question's marks so far (the machine's, and a grade's once given) and review_items the
 * questions still awaiting a grade. Read per batch only for such attempts: a few among many.
 */
export interface ReviewFacts {
  readonly marks: Map<number, number>;
  readonly cases: Map<number, readonly boolean[] | null>;
  readonly awaiting: Set<number>;
}

export const reviewFactsOf = async (db: Kysely<Database>, invitationIds: readonly number[]): Promise<Map<number, ReviewFacts>> => {
  const facts = new Map<number, ReviewFacts>();
  if (invitationIds.length === 0) return facts;
  const [results, awaiting] = await Promise.all([
    db.selectFrom('question_results').select(['invitation_id', 'question_id', 'marks', 'cases']).where('invitation_id', 'in', invitationIds).execute(),
    db.selectFrom('review_items').select(['invitation_id', 'question_id']).where('invitation_id', 'in', invitationIds).execute(),
  ]);
  const of = (invitationId: number): ReviewFacts => {
    let found = facts.get(invitationId);
    if (!found) {
      found = { marks: new Map(), cases: new Map(), awaiting: new Set() };
      facts.set(invitationId, found);
    }
    return found;
  };
  for (const row of results) {
    const attempt = of(Number(row.invitation_id));
    attempt.marks.set(Number(row.question_id), Number(row.marks));
    attempt.cases.set(Number(row.question_id), row.cases === null ? null : (JSON.parse(row.cases) as boolean[]));
  }
  for (const row of awaiting) of(Number(row.invitation_id)).awaiting.add(Number(row.question_id));
  return facts;
};
