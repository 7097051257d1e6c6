import { readFileSync } from 'node:fs';

/** From package.json, one level up from both src/ and dist/. */
export const CLI_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
