// The README's pictures of the report PDF, from a real render of the sample report: its first page and a page of
// question detail, by poppler's pdftoppm, into docs/screenshots/. Run after `pnpm build`: `pnpm --filter @assay/reports previews`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReportPdfFile, sampleReportDetails } from '../dist/index.js';

const screenshots = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'assay-previews-'));
try {
  const pdf = await renderReportPdfFile({ details: sampleReportDetails({ questions: 20 }), generatedAt: Date.UTC(2026, 4, 1, 10, 20, 30) });
  const file = join(scratch, 'report.pdf');
  writeFileSync(file, pdf);
  for (const [page, name] of [
    [1, 'report-first-page.png'],
    [2, 'report-question-page.png'],
  ]) {
    execFileSync('pdftoppm', ['-png', '-r', '90', '-f', String(page), '-l', String(page), '-singlefile', file, join(scratch, 'page')]);
    renameSync(join(scratch, 'page.png'), join(screenshots, name));
    console.log(`docs/screenshots/${name}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
