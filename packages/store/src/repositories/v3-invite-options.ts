import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** What a v3 invite or reattempt may set on the candidate; a field left out keeps what was stored. */
export interface V3InviteOptions {
  readonly stakeholderEmails?: readonly string[] | undefined;
  readonly hideInstructions?: boolean | undefined;
}

/**
 * v3's `stakeholderEmails` and `hideInstruction` (issue 52, decisions 985–986), kept on the candidate beside its
 * callback URL: every attempt of the candidate follows them, a reattempt's included. Written only when a v3 request
 * sends them, so v2's registration path stays as it was.
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
