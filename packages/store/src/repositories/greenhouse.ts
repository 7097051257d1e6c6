import type { Kysely } from 'kysely';
import type { GreenhouseCallbackCredentials, InvitationStatus } from '@assay/domain';
import type { Database } from '../database.js';

/** A Greenhouse interview: one (org, application, test), the invitation it stands for and the PATCH URL of its last send. */
export interface GreenhouseInterview {
  readonly id: number;
  readonly orgId: number;
  readonly applicationId: string;
  readonly testId: number;
  readonly invitationId: number;
  readonly callbackUrl: string;
  /** The state of its invitation now, for what a send does again (`decideGreenhouseSend`). */
  readonly status: InvitationStatus;
}

export interface StoredGreenhouseCredentials extends GreenhouseCallbackCredentials {
  readonly updatedAt: number;
}

const interviewColumns = [
  'greenhouse_interviews.id as id',
  'greenhouse_interviews.org_id as orgId',
  'greenhouse_interviews.application_id as applicationId',
  'greenhouse_interviews.test_id as testId',
  'greenhouse_interviews.invitation_id as invitationId',
  'greenhouse_interviews.callback_url as callbackUrl',
  'invitations.status as status',
] as const;

/** The Greenhouse partner API's tables (migration 030), every read scoped by the org. */
export class GreenhouseRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async credentials(orgId: number): Promise<StoredGreenhouseCredentials | undefined> {
    const row = await this.db
      .selectFrom('greenhouse_settings')
      .select(['callback_username', 'callback_password', 'updated_at'])
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row && { username: row.callback_username, password: row.callback_password, updatedAt: row.updated_at };
  }

  /** Sets (or replaces) the org's callback credentials. */
  async saveCredentials(orgId: number, credentials: GreenhouseCallbackCredentials, now: number): Promise<void> {
    const values = { callback_username: credentials.username, callback_password: credentials.password, updated_at: now };
    await this.db
      .insertInto('greenhouse_settings')
      .values({ org_id: orgId, ...values })
      .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
      .execute();
  }

  private interviews() {
    return this.db
      .selectFrom('greenhouse_interviews')
      .innerJoin('invitations', 'invitations.id', 'greenhouse_interviews.invitation_id')
      .select(interviewColumns);
  }

  /** The interview of an application and test, if Greenhouse sent it before. */
  async interviewOf(orgId: number, applicationId: string, testId: number): Promise<GreenhouseInterview | undefined> {
    const row = await this.interviews()
      .where('greenhouse_interviews.org_id', '=', orgId)
      .where('greenhouse_interviews.application_id', '=', applicationId)
      .where('greenhouse_interviews.test_id', '=', testId)
      .executeTakeFirst();
    return row && { ...row, status: row.status as InvitationStatus };
  }

  /** An interview by its id (`partner_interview_id`); another org's answers like none. */
  async find(orgId: number, interviewId: number): Promise<GreenhouseInterview | undefined> {
    const row = await this.interviews()
      .where('greenhouse_interviews.org_id', '=', orgId)
      .where('greenhouse_interviews.id', '=', interviewId)
      .executeTakeFirst();
    return row && { ...row, status: row.status as InvitationStatus };
  }

  /** The org's latest interview of a test sent to an address (response_error without an interview id). */
  async findByEmail(orgId: number, testId: number, emailKey: string): Promise<GreenhouseInterview | undefined> {
    const row = await this.interviews()
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .where('greenhouse_interviews.org_id', '=', orgId)
      .where('greenhouse_interviews.test_id', '=', testId)
      .where('candidates.email_key', '=', emailKey)
      .orderBy('greenhouse_interviews.id', 'desc')
      .executeTakeFirst();
    return row && { ...row, status: row.status as InvitationStatus };
  }

  /**
   * Records a send: the interview of (org, application, test) now stands for `invitationId` and PATCHes `callbackUrl`.
   * An upsert on the unique key, so two sends at once end with one interview, whose id both answer.
   */
  async saveInterview(
    interview: { orgId: number; applicationId: string; testId: number; invitationId: number; callbackUrl: string },
    now: number,
  ): Promise<number> {
    const row = await this.db
      .insertInto('greenhouse_interviews')
      .values({
        org_id: interview.orgId,
        application_id: interview.applicationId,
        test_id: interview.testId,
        invitation_id: interview.invitationId,
        callback_url: interview.callbackUrl,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['org_id', 'application_id', 'test_id'])
          .doUpdateSet({ invitation_id: interview.invitationId, callback_url: interview.callbackUrl, updated_at: now }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
