import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TestDefinition, UTC_TIME_ZONE_ID, describeIssues } from '@assay/domain';
import type { Store } from '@assay/store';
import { generateApiKey } from './auth/api-key.js';
import { newAccessKey } from '@assay/store';

export interface SeededDemo {
  orgId: number;
  apiKey: string;
  testNames: string[];
}

/** Reads every example definition; a broken example stops start-up loudly rather than seeding half. */
export const readExampleTests = async (directory: string): Promise<TestDefinition[]> => {
  const files = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => {
      const parsed = TestDefinition.safeParse(JSON.parse(await readFile(join(directory, name), 'utf8')));
      if (!parsed.success) throw new Error(`example test ${name} is invalid: ${describeIssues(parsed.error.issues)}`);
      return parsed.data;
    }),
  );
};

/** First start on an empty database: a demo org, its API key and the example tests. */
export const seedDemo = async (store: Store, examples: TestDefinition[], now: number): Promise<SeededDemo | undefined> => {
  if (!(await store.orgs.isEmpty())) return undefined;
  const org = await store.orgs.create({ name: 'Demo organization', email: 'demo@assay.example', timeZoneId: UTC_TIME_ZONE_ID }, now);
  const key = generateApiKey();
  await store.apiKeys.insert(org.id, key.keyHash, key.prefix, now);
  for (const definition of examples) await store.tests.importDefinition(org.id, definition, newAccessKey(), now);
  return { orgId: org.id, apiKey: key.apiKey, testNames: examples.map((definition) => definition.testName) };
};

export const demoBanner = (publicUrl: string, demo: SeededDemo): string =>
  [
    '',
    `Seeded a demo organization (id ${demo.orgId}) with ${demo.testNames.length} example tests.`,
    'Its API key is shown only this once; keep it:',
    '',
    `  ${demo.apiKey}`,
    '',
    'Try it:',
    '',
    `  curl -s ${publicUrl}/v2/org/tests -H 'x-api-key: ${demo.apiKey}' -H 'content-type: application/json;charset=utf-8'`,
    '',
  ].join('\n');
