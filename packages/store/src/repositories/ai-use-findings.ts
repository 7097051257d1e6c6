import type { Kysely } from 'kysely';
import { AiUseFinding, aiUseEvidenceId, parseStored } from '@assay/domain';
import type { Database } from '../database.js';
import { inTransaction } from '../engine/transaction-steps.js';

/**
 * An attempt's AI-use findings (issue 60, item 5; migration 056), as the score job last made them: a new scoring of
 * the attempt replaces them all in one transaction, so a retried job leaves exactly one set.
 */
export const replaceAiUseFindings = async (db: Kysely<Database>, invitationId: number, findings: readonly AiUseFinding[]): Promise<void> =>
  inTransaction(db, async (trx) => {
    await trx.deleteFrom('ai_use_findings').where('invitation_id', '=', invitationId).execute();
    if (findings.length === 0) return;
    await trx
      .insertInto('ai_use_findings')
      .values(
        findings.map((finding) => ({
          invitation_id: invitationId,
          evidence_id: aiUseEvidenceId(finding),
          question_id: finding.questionId,
          kind: finding.kind,
          at: finding.at,
          figures: JSON.stringify(finding.figures),
        })),
      )
      .execute();
  });

/** The attempt's findings, in time order. */
export const aiUseFindingsOf = async (db: Kysely<Database>, invitationId: number): Promise<AiUseFinding[]> => {
  const rows = await db.selectFrom('ai_use_findings').selectAll().where('invitation_id', '=', invitationId).orderBy('at').orderBy('evidence_id').execute();
  return rows.map((row) =>
    parseStored(AiUseFinding, { kind: row.kind, questionId: Number(row.question_id), at: Number(row.at), figures: JSON.parse(row.figures) }),
  );
};
