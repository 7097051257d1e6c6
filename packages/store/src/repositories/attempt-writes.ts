import type { ExpressionBuilder } from 'kysely';
import { INVITATION_STATUS } from '@assay/domain';
import type { Database } from '../database.js';

/** The invitation takes the candidate's writes at `now`: running, and before its deadline (plus `graceMs` for answers). */
export const takesWritesAt =
  (now: number, graceMs = 0) =>
  (eb: ExpressionBuilder<Database, 'invitations'>) =>
    eb.and([eb('status', '=', INVITATION_STATUS.inProgress), eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>', now - graceMs)])]);
