import { it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openStore } from '@assay/store';
import { generateApiKey } from '../src/auth/api-key.js';
import { sampleDefinition } from './helpers/fixtures.js';
it('probe', async () => {
  const store = await openStore('sqlite::memory:');
  const app = await buildApp({ config: loadConfig({}), store, logger: { level: 'error' } });
  const org = await store.orgs.create({ name: 'a', email: 'a@b.co', timeZoneId: 1720 }, Date.now());
  const key = generateApiKey(); await store.apiKeys.insert(org.id, key.keyHash, key.prefix, Date.now());
  for (const depth of [3000, 5000, 10000]) {
    const deep = '['.repeat(depth) + ']'.repeat(depth);
    const def = JSON.stringify(sampleDefinition).replace('"hiddenTests":[', `"hiddenTests":[{"args":[${deep}],"expected":1},`);
    const r = await app.inject({ method: 'POST', url: '/v2/org/tests', payload: def, headers: { 'content-type': 'application/json', 'x-api-key': key.apiKey } });
    console.log(depth, r.statusCode);
  }
  await app.close(); await store.close();
});
