import type { Kysely, Migration } from 'kysely';

/**
 * Proctoring fixed at the start (issue 59 item 8): `invitations.attempt_rules`, the attempt's own violation limits,
 * copy-paste, popup and camera as JSON (`AttemptRules`, decision 1140), written with the start and null before it and
 * for attempts started before this migration; and the camera's coverage reckoned when a camera-proctored attempt ends
 * (decision 1143): `camera_photos` received and `camera_gap_seconds`, the longest stretch without one (null otherwise).
 */
export const attemptRulesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invitations').addColumn('attempt_rules', 'text').execute();
    await db.schema.alterTable('invitations').addColumn('camera_photos', 'integer').execute();
    await db.schema.alterTable('invitations').addColumn('camera_gap_seconds', 'integer').execute();
  },
});
