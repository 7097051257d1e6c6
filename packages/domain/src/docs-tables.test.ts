import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statusCatalogue, statusCodes } from './v2/status-codes.js';
import { timeZoneTable } from './time-zones.js';
import { testDefinitionJsonSchema } from './schemas/test-definition-json-schema.js';

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

/** The published tables are documentation users rely on: they must match the code exactly. */
describe('documented tables', () => {
  it('docs/status-codes.md lists every statuscode with its HTTP status and description', () => {
    const text = doc('status-codes.md');
    for (const code of statusCodes) {
      expect(text).toContain(`| ${code} | ${code.split('.')[0]} | ${statusCatalogue[code]} |`);
    }
  });

  it('docs/time-zones.md lists every timeZoneId with its IANA zone', () => {
    const text = doc('time-zones.md');
    for (const zone of timeZoneTable) expect(text).toContain(`| ${zone.timeZoneId} | ${zone.iana} | ${zone.name} |`);
  });
});

describe('docs/test-definition.schema.json', () => {
  it('is the JSON Schema generated from TestDefinition (regenerate: node scripts/write-definition-schema.mjs)', () => {
    expect(JSON.parse(doc('test-definition.schema.json'))).toEqual(testDefinitionJsonSchema());
  });
});
