import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../helpers/test-app.js';
import { fetchDocument, type OpenApiDocument } from './served-document.js';

const run = promisify(execFile);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

/** Both linters from node_modules, with their telemetry and update checks off: nothing leaves the machine. */
const offline = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  DO_NOT_TRACK: '1',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_COLOR: '1',
};

/** A linter exits non-zero when it finds errors; its JSON report is on stdout either way. */
const lint = async (command: string, args: string[]): Promise<string> => {
  try {
    return (await run(command, args, { env: offline, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout) throw new Error(`${command} failed: ${stderr}`);
    return stdout;
  }
};

interface SpectralFinding {
  code: string;
  message: string;
  path: string[];
  severity: number;
}
interface RedoclyProblem {
  ruleId: string;
  message: string;
  severity: 'error' | 'warn';
  location: Array<{ pointer: string }>;
}

// The document does not depend on the database: served by both backends, it must be the same text.
describe('the served OpenAPI document, linted as integrators lint it', () => {
  let file: string;
  let dir: string;
  beforeAll(async () => {
    const documents: OpenApiDocument[] = [];
    for (const backend of ['sqlite', 'postgres'] as const) {
      const h = await startHarness(backend);
      documents.push(await fetchDocument(h));
      await h.close();
    }
    expect(documents[1]).toEqual(documents[0]);
    dir = mkdtempSync(join(tmpdir(), 'assay-openapi-'));
    file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(documents[0], null, 2));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has no Spectral (spectral:oas) errors', async () => {
    const output = await lint(bin('spectral'), ['lint', file, '--ruleset', here('./spectral.yaml'), '--format', 'json', '--quiet']);
    const findings = JSON.parse(output) as SpectralFinding[];
    const errors = findings.filter((finding) => finding.severity === 0).map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`);
    expect(errors).toEqual([]);
    // Only advice remains: descriptions beyond summaries, and a contact for a self-hosted service.
    expect(new Set(findings.map((finding) => finding.code))).toEqual(new Set(['operation-description', 'info-contact']));
  });

  it('has no Redocly (recommended) errors', async () => {
    const output = await lint(bin('redocly'), ['lint', file, '--config', here('./redocly.yaml'), '--format', 'json']);
    const { problems } = JSON.parse(output) as { problems: RedoclyProblem[] };
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    // /candidate/v1/{token}/start and /candidate/v1/links/{accessKey} look alike to it; the router tells them apart.
    const advice = problems
      .filter((problem) => problem.ruleId !== 'no-ambiguous-paths')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(advice).toEqual([]);
    expect(problems.map((problem) => problem.ruleId)).toContain('no-ambiguous-paths');
  });
});
