// Writes docs/test-definition.schema.json from the built @assay/domain (run `pnpm build` first).
import { writeFileSync } from 'node:fs';
import { testDefinitionJsonSchema } from '../packages/domain/dist/index.js';

const target = new URL('../docs/test-definition.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(testDefinitionJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
