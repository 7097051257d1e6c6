import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** What a v3 invite or reattempt may set on the candidate; a field left out keeps what was stored. */
export interface V3InviteOptions {
  readonly stakeholderEmails?: readonly string[] | undefined;
  readonly hideInstructions?: boolean | undefined;
}

/** An invitation's own access time as a v3 invite or reattempt gives it (epoch milliseconds; null: at once, never). */
export interface V3AccessTimeColumns {
  readonly opensAt: number | null;
  readonly expiresAt: number | null;
}

/**
 * What a v3 invite or reattempt writes besides v2's registration. On the candidate (issue 52, decisions 985–986):
 * `stakeholderEmails` and `hideInstruction`, beside its callback URL, so every attempt follows them, a reattempt's
 * included; written only when a v3 request sends them, so v2's registration path stays as it was. On the invitation
 * (issue 59): its access time (decision 1024) and the front its callbacks follow (decision 1025).
 */
export class V3InviteOptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async set(orgId: number, candidateId: number, options: V3InviteOptions): Promise<void> {
    const changes = {
      ...(options.stakeholderEmails !== undefined
        ? { stakeholder_emails: options.stakeholderEmails.length > 0 ? JSON.stringify(options.stakeholderEmails) : null }
        : {}),
      ...(options.hideInstructions !== undefined ? { hide_instructions: options.hideInstructions ? 1 : 0 } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('candidates').set(changes).where('org_id', '=', orgId).where('id', '=', candidateId).execute();
  }

  /** The invitation opens at `opensAt` and expires at `expiresAt`: a renewed or new invitation takes the request's. */
  async setAccessTime(orgId: number, invitationId: number, access: V3AccessTimeColumns): Promise<void> {
    await this.db
      .updateTable('invitations')
      .set({ opens_at: access.opensAt, expires_at: access.expiresAt })
      .where('org_id', '=', orgId)
      .where('id', '=', invitationId)
      .execute();
  }

  /** v3 invited or reattempted it: its callbacks are v3's from now on, whichever front made it (decision 1025). */
  async adoptV3(orgId: number, invitationId: number): Promise<void> {
    await this.db.updateTable('invitations').set({ interface: 'v3' }).where('org_id', '=', orgId).where('id', '=', invitationId).execute();
  }
}

/** The addresses a candidate's completion is told to besides its link's stakeholder (stored JSON; nothing when unreadable). */
export const stakeholderEmailsOf = (stored: string | null): string[] => {
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((address): address is string => typeof address === 'string') : [];
  } catch {
    return [];
  }
};
