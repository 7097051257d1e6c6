// The programs the native bench runs: the per-language fixtures of the test suite (test/languages/<id>.ts, the one
// problem every language answers), transpiled with sucrase into a scratch directory so this plain-Node bench can
// import them. A language without a fixture answers undefined (the bench reports it 'no fixture').
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transform } from 'sucrase';

const LANGUAGES = new URL('../test/languages/', import.meta.url);

export const loadFixtures = async (languages) => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-bench-fixtures-'));
  try {
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const copy = (name) => {
      const source = readFileSync(new URL(`${name}.ts`, LANGUAGES), 'utf8');
      writeFileSync(join(dir, `${name}.js`), transform(source, { transforms: ['typescript'], disableESTransforms: true }).code);
    };
    copy('fixture');
    const shared = await import(join(dir, 'fixture.js'));
    const fixtures = {};
    for (const language of languages) {
      if (!existsSync(new URL(`${language}.ts`, LANGUAGES))) continue;
      copy(language);
      const module = await import(join(dir, `${language}.js`));
      fixtures[language] = Object.values(module).find((value) => value?.language === language);
    }
    return { shared, fixtures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
