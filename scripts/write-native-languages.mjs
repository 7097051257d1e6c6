// Writes scripts/native-languages.list (the native languages' toolchains, for the set-up scripts) from the built
// @assay/sandbox registry (`pnpm --filter @assay/sandbox build` first). `--check` writes nothing and fails when the
// file is stale; packages/sandbox/test/jail/jail-setup.test.ts checks the same against the source.
import { readFileSync, writeFileSync } from 'node:fs';
import { nativeLanguagesList } from '../packages/sandbox/dist/native/native-languages-list.js';

const target = new URL('./native-languages.list', import.meta.url);
const text = nativeLanguagesList();
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(`${target.pathname} differs from the registry: run node scripts/write-native-languages.mjs`);
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target.pathname}`);
}
