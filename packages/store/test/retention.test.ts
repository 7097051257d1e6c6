import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openScratchStore, type Store } from '../src/index.js';
import { oneQuestionTest, registeredAt } from './fixtures.js';

const T0 = Date.UTC(2026, 0, 1);

/**
 * Migration 043 and the retention repository (issue 51 item 2): an org made before the migration keeps everything
 * (decision 849: an upgrade erases nothing until an admin chooses), one made after gets the defaults; a media purge
 * never reaches another org's invitations.
 */
describe.each(['sqlite', 'postgres'] as const)('retention storage on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
  });
  afterAll(() => dispose());

  it('gives orgs that existed before migration 043 no periods, and new orgs the defaults', async () => {
    // Back to the schema before 043 (and the migrations after it), with an org in it, then migrate again.
    await store.db.schema.dropTable('test_previews').execute();
    await sql`delete from kysely_migration where name = '064-test-previews'`.execute(store.db);
    await store.db.schema.dropTable('question_exposures').execute();
    await store.db.schema.alterTable('sections').dropColumn('exposure_cap').execute();
    await store.db.schema.alterTable('tests').dropColumn('version_note').execute();
    await sql`delete from kysely_migration where name = '065-question-exposures'`.execute(store.db);
    await store.db.schema.dropTable('report_shares').execute();
    await sql`delete from kysely_migration where name = '062-report-shares'`.execute(store.db);
    await store.db.schema.dropIndex('tests_lineage_idx').execute();
    for (const column of ['lineage_id', 'version', 'current_version_id']) await store.db.schema.alterTable('tests').dropColumn(column).execute();
    await store.db.schema.alterTable('invitations').dropColumn('version_test_id').execute();
    await sql`delete from kysely_migration where name = '063-test-versions'`.execute(store.db);
    for (const column of ['default_deadline_days', 'remind_after_days', 'decision_emails'])
      await store.db.schema.alterTable('orgs').dropColumn(column).execute();
    await sql`delete from kysely_migration where name in ('060-invitation-defaults', '061-decision-emails')`.execute(store.db);
    await store.db.schema.dropTable('ai_checks').execute();
    await sql`delete from kysely_migration where name = '057-ai-checks'`.execute(store.db);
    await store.db.schema.dropTable('ai_use_findings').execute();
    await store.db.schema.alterTable('question_signals').dropColumn('typing').execute();
    await sql`delete from kysely_migration where name = '056-ai-use-evidence'`.execute(store.db);
    await store.db.schema.dropTable('follow_ups').execute();
    await sql`delete from kysely_migration where name = '058-follow-ups'`.execute(store.db);
    await store.db.schema.dropTable('assistant_insertions').execute();
    await store.db.schema.dropTable('assistant_messages').execute();
    await store.db.schema.alterTable('invitations').dropColumn('ai_snapshot').execute();
    await store.db.schema.alterTable('orgs').dropColumn('assistant_enabled').execute();
    await sql`delete from kysely_migration where name = '054-assistant-transcript'`.execute(store.db);
    for (const column of ['attempt_rules', 'camera_photos', 'camera_gap_seconds']) await store.db.schema.alterTable('invitations').dropColumn(column).execute();
    await sql`delete from kysely_migration where name = '052-attempt-rules'`.execute(store.db);
    await store.db.schema.alterTable('answers').dropColumn('drafts').execute();
    await sql`delete from kysely_migration where name = '051-answer-drafts'`.execute(store.db);
    await store.db.schema.alterTable('invitations').dropColumn('opens_at').execute();
    await sql`delete from kysely_migration where name = '050-invitation-opening'`.execute(store.db);
    await store.db.schema.alterTable('erasures').dropColumn('bulk_rows').execute();
    await store.db.schema.alterTable('idempotency_keys').dropColumn('subjects').execute();
    await sql`delete from kysely_migration where name = '049-erasure-subjects'`.execute(store.db);
    await store.db.schema.dropTable('outbox_emails').execute();
    await sql`delete from kysely_migration where name = '048-outbox-emails'`.execute(store.db);
    for (const column of ['stakeholder_emails', 'hide_instructions']) await store.db.schema.alterTable('candidates').dropColumn(column).execute();
    await sql`delete from kysely_migration where name = '047-v3-invite-options'`.execute(store.db);
    for (const column of ['image_violations', 'terminated_by']) await store.db.schema.alterTable('invitations').dropColumn(column).execute();
    await sql`delete from kysely_migration where name = '046-image-violations'`.execute(store.db);
    await store.db.schema.dropTable('candidate_feedback').execute();
    await sql`delete from kysely_migration where name = '045-candidate-feedback'`.execute(store.db);
    await store.db.schema.alterTable('tests').dropColumn('settings').execute();
    for (const column of ['interface', 'end_reason']) await store.db.schema.alterTable('invitations').dropColumn(column).execute();
    await sql`delete from kysely_migration where name = '044-v3-foundation'`.execute(store.db);
    await store.db.schema.dropIndex('invitations_completed_at_idx').execute();
    await store.db.schema.dropIndex('invitations_cancelled_at_idx').execute();
    for (const column of ['retention_ended_days', 'retention_media_days', 'retention_unstarted_days']) {
      await store.db.schema.alterTable('orgs').dropColumn(column).execute();
    }
    await sql`delete from kysely_migration where name = '043-retention'`.execute(store.db);
    const before = (await store.orgs.create({ name: 'Before', email: 'before@example.com', timeZoneId: 1000 }, T0)).id;
    expect(await migrateToLatest(store)).toEqual([
      '043-retention',
      '044-v3-foundation',
      '045-candidate-feedback',
      '046-image-violations',
      '047-v3-invite-options',
      '048-outbox-emails',
      '049-erasure-subjects',
      '050-invitation-opening',
      '051-answer-drafts',
      '052-attempt-rules',
      '054-assistant-transcript',
      '056-ai-use-evidence',
      '057-ai-checks',
      '058-follow-ups',
      '060-invitation-defaults',
      '061-decision-emails',
      '062-report-shares',
      '063-test-versions',
      '064-test-previews',
      '065-question-exposures',
    ]);
    const after = (await store.orgs.create({ name: 'After', email: 'after@example.com', timeZoneId: 1000 }, T0)).id;
    expect(await store.retention.settings(before)).toEqual({ endedDays: null, mediaDays: null, unstartedDays: null });
    expect(await store.retention.settings(after)).toEqual({ endedDays: 365, mediaDays: 60, unstartedDays: 180 });
    expect(await store.retention.settings(999_999)).toBeUndefined();
    expect((await store.retention.retainingOrgs()).map((org) => org.orgId)).toEqual([after]);
  });

  it('purges the media of its own org’s invitations only', async () => {
    const [mine, theirs] = await Promise.all(
      ['Mine', 'Theirs'].map(async (name) => (await store.orgs.create({ name, email: `${name}@example.com`, timeZoneId: 1000 }, T0)).id),
    );
    const testId = (await store.tests.importDefinition(theirs!, oneQuestionTest('Theirs'), `retention-${backend}`, T0)).testId;
    const invitation = await registeredAt(store, theirs!, testId, 'c@example.com', `retention-${backend}`, T0);
    await store.attempts.addSnapshot(invitation.id, T0, 'image/png', Buffer.from('face'));
    expect(await store.retention.purgeMedia(mine!, [invitation.id])).toEqual({ invitations: 0, snapshots: 0, playback: 0 });
    expect(await store.retention.purgeMedia(theirs!, [invitation.id])).toEqual({ invitations: 1, snapshots: 1, playback: 0 });
  });
});
