import type { Kysely } from 'kysely';
import { LanguageId } from '@assay/domain/languages';
import type { Database } from '../database.js';
import type { InstanceLiveness } from '../engine/instance-liveness.js';

const languagesOf = (text: string | null): LanguageId[] => {
  if (text === null) return [];
  const parsed = LanguageId.array().safeParse(JSON.parse(text));
  // A language a later version stored and this one does not know: nobody here runs it.
  return parsed.success ? parsed.data : [];
};

/**
 * The processes that run code and the languages each declared (issue 49 item 7, migration 038). A declaration counts
 * while its process lives (its liveness lock on PostgreSQL; this process alone on SQLite), so a stopped worker's
 * languages are gone the moment it is.
 */
export class SandboxWorkersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly liveness: InstanceLiveness,
  ) {}

  /** This process runs `languages` (again at every start: a restart may run other ones). */
  async declare(languages: readonly LanguageId[], now: number): Promise<void> {
    await this.liveness.register();
    const row = { instance_id: this.liveness.id, languages: JSON.stringify(languages), declared_at: now };
    await this.db
      .insertInto('sandbox_workers')
      .values(row)
      .onConflict((conflict) => conflict.column('instance_id').doUpdateSet({ languages: row.languages, declared_at: now }))
      .execute();
  }

  /** Every language some live process declared; the declarations of dead ones are removed on the way. */
  async liveLanguages(): Promise<Set<LanguageId>> {
    const rows = await this.db.selectFrom('sandbox_workers').select(['instance_id', 'languages']).execute();
    const alive = await Promise.all(rows.map((row) => this.liveness.isAlive(row.instance_id)));
    const dead = rows.filter((_, index) => !alive[index]).map((row) => row.instance_id);
    if (dead.length > 0) await this.db.deleteFrom('sandbox_workers').where('instance_id', 'in', dead).execute();
    return new Set(rows.filter((_, index) => alive[index]).flatMap((row) => languagesOf(row.languages)));
  }

  /** Languages that pending scoring jobs need and no live process runs: those jobs wait (the banner and /readyz say so). */
  async waitingLanguages(): Promise<LanguageId[]> {
    const [live, pending] = await Promise.all([
      this.liveLanguages(),
      this.db.selectFrom('jobs').select('languages').distinct().where('status', '=', 'pending').where('languages', 'is not', null).execute(),
    ]);
    const needed = new Set(pending.flatMap((row) => languagesOf(row.languages)));
    return LanguageId.options.filter((language) => needed.has(language) && !live.has(language));
  }
}
