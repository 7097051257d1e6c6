import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/** Service-wide values every instance must agree on (e.g. the key that signs report URLs). */
export class ServiceSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored value, or `make()` stored first; concurrent first calls all end with the same value. */
  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.db
      .insertInto('service_settings')
      .values({ key, value: make() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await this.db.selectFrom('service_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return row.value;
  }
}
