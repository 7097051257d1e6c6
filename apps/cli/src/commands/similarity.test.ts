import type { SimilarityPairEntry } from '@assay/domain/report';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';

const pair = (pairId: number, score: number, review: SimilarityPairEntry['review'] = null): SimilarityPairEntry => ({
  pairId,
  eventId: `similarity-${pairId}`,
  questionId: 31,
  questionNumber: 2,
  otherTestInvitationId: 100 + pairId,
  otherCandidateName: `Student ${pairId}`,
  score,
  regions: [],
  foundAt: '2026-12-01T09:00:00.000Z',
  review,
});
const PAIRS = [pair(1, 0.97, { outcome: 'confirmed', note: '', by: 'Rita Recruiter', at: '2026-12-01T10:00:00.000Z' }), pair(2, 0.9), pair(3, 0.81)];

/** `assay similarity` run in process against a server that answers the route as the real one does (paged, 404.4). */
describe('assay similarity ID (issue 50 item 6)', () => {
  let server: Server;
  const asked: string[] = [];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      response.setHeader('content-type', 'application/json');
      if (url.pathname !== '/v2/org/testinvitation/12/similarity') {
        response.statusCode = 404;
        response.end(JSON.stringify({ statuscode: '404.4', description: 'Test invitation not found', result: 'No test invitation 13.' }));
        return;
      }
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const page = Number(url.searchParams.get('page_no') ?? 1);
      const pairs = PAIRS.slice((page - 1) * size, page * size);
      response.end(JSON.stringify({ statuscode: '200.1', description: 'Success', result: { pairs, pairsCount: PAIRS.length } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const home = mkdtempSync(join(tmpdir(), 'assay-similarity-'));
    env = {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      ASSAY_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      ASSAY_API_KEY: `assay_${'A'.repeat(43)}`,
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = async (...args: string[]) => {
    const [stdout, stderr] = [new PassThrough(), new PassThrough()];
    const chunks = { out: '', err: '' };
    stdout.on('data', (chunk) => (chunks.out += String(chunk)));
    stderr.on('data', (chunk) => (chunks.err += String(chunk)));
    const code = await runCli(args, { stdout, stderr, stdin: new PassThrough(), env }, async () => {});
    return { code, ...chunks };
  };

  it('prints a page: pair, question, score, the other invitation and candidate, the review', async () => {
    const { code, out, err } = await run('similarity', '12', '--page-size', '2', '--question', '31');
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const [header, first, second] = out.split('\n');
    expect(header).toMatch(/^PAIR\s+QUESTION\s+SCORE\s+OTHER INVITATION\s+OTHER CANDIDATE\s+REVIEW$/);
    expect(first).toMatch(/^1\s+Q2\s+0\.97\s+101\s+Student 1\s+confirmed by Rita Recruiter$/);
    expect(second).toMatch(/^2\s+Q2\s+0\.90\s+102\s+Student 2\s+not reviewed$/);
    expect(out).toContain('Page 1 of 2 (3 pairs)');
    expect(asked.at(-1)).toBe('/v2/org/testinvitation/12/similarity?page_no=1&page_size=2&questionId=31');
  });

  it('reads every page with --all, and prints JSON with --json', async () => {
    const all = await run('similarity', '12', '--all', '--json');
    expect(all.code).toBe(0);
    expect(JSON.parse(all.out)).toEqual({ pairs: PAIRS, pairsCount: 3 });
  });

  it('exits 2 for a page past the last, and 1 with the server’s refusal for an invitation it does not know', async () => {
    const past = await run('similarity', '12', '--page', '3', '--page-size', '2');
    expect(past.code).toBe(2);
    expect(past.err).toContain('Page 3 is past the last page: 2 pages of 2 (3 pairs).');
    const missing = await run('similarity', '13');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('404.4');
  });
});
