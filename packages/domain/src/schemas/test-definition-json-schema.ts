import { z } from 'zod';
import { TestDefinition } from './test-definition.js';

/** The JSON Schema of an importable test, generated from the zod schema (docs/test-definition.schema.json). */
export const testDefinitionJsonSchema = (): Record<string, unknown> => ({
  $id: 'https://assay.dev/schemas/test-definition.schema.json',
  title: 'Assay test definition',
  ...z.toJSONSchema(TestDefinition, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }),
});
