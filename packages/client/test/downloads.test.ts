import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssayTimeoutError, NotFoundError, createClient, type DownloadProgress } from '../src/index.js';
import { fileNameOf } from '../src/core/file-download.js';
import { saveToFile } from '../src/node.js';
import { refuse, startScriptedServer, type ScriptedServer } from './helpers/scripted-server.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 7)]);

describe('downloads', () => {
  let server: ScriptedServer;
  let dir: string;
  beforeAll(async () => {
    server = await startScriptedServer(() => ({ status: 200 }));
    dir = mkdtempSync(join(tmpdir(), 'assay-client-downloads-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const client = () => createClient({ baseUrl: server.baseUrl, apiKey: 'k', retries: 0, timeoutMs: 500 });
  const servePdf = () =>
    server.script(() => ({
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(PDF.length),
        'content-disposition': 'attachment; filename="assay-report-7.pdf"',
        'x-request-id': 'r-7',
      },
      body: PDF,
    }));

  it('streams a PDF into a WritableStream, reporting progress up to the total', async () => {
    servePdf();
    const progress: DownloadProgress[] = [];
    const file = await client().reports.pdf(7, { onProgress: (step) => progress.push(step) });
    expect(file).toMatchObject({ contentType: 'application/pdf', fileName: 'assay-report-7.pdf', size: PDF.length, requestId: 'r-7' });
    const chunks: Uint8Array[] = [];
    await file.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    expect(progress.at(-1)).toEqual({ loaded: PDF.length, total: PDF.length });
    expect(progress.map((step) => step.loaded)).toEqual([...progress.map((step) => step.loaded)].sort((a, b) => a - b));
    expect(server.requests[0]!.url).toBe('/v2/org/report/7/pdf');
    expect(() => file.stream).toThrow(/already been read/);
  });

  it('answers the bytes, and streams without a length (the Excel export) reporting loaded only', async () => {
    server.script((_request, _index, response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      response.write(Buffer.alloc(1000, 1));
      setTimeout(() => response.end(Buffer.alloc(500, 2)), 50);
      return 'handled';
    });
    const progress: DownloadProgress[] = [];
    const bytes = await (await client().reports.excel(3, { onProgress: (step) => progress.push(step) })).bytes();
    expect(bytes.byteLength).toBe(1500);
    expect(progress.at(-1)).toEqual({ loaded: 1500 });
    expect(server.requests[0]!.url).toBe('/v2/org/report/3/excel');
  });

  it('saves to a file path (node subpath), leaving no partial file', async () => {
    servePdf();
    const progress: DownloadProgress[] = [];
    const target = join(dir, 'report.pdf');
    const saved = await saveToFile(client().reports.pdf(7, { onProgress: (step) => progress.push(step) }), target);
    expect(saved).toEqual({ path: target, bytes: PDF.length });
    expect(readFileSync(target).equals(PDF)).toBe(true);
    expect(progress.at(-1)?.loaded).toBe(PDF.length);
    expect(readdirSync(dir)).toEqual(['report.pdf']);
  });

  it('a stalled body fails with AssayTimeoutError and no file is left behind', async () => {
    server.script((_request, _index, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '5000' });
      response.write(Buffer.alloc(1000));
      return 'handled';
    });
    const target = join(dir, 'stalled.pdf');
    await expect(saveToFile(client().reports.pdf(8), target)).rejects.toBeInstanceOf(AssayTimeoutError);
    expect(readdirSync(dir)).toEqual(['report.pdf']);
  });

  it('a refused download is the typed error, not a file', async () => {
    server.script(() => refuse('404.4', 'No report for test invitation 9.'));
    await expect(client().reports.pdf(9)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('fetches a signed ReportPDFUrl from the client base, without the API key', async () => {
    servePdf();
    const file = await client().reports.signedPdf('https://assay.example.com/v2/reports/7/pdf?expires=1900000000&signature=abc');
    await file.cancel();
    expect(server.requests[0]!.url).toBe('/v2/reports/7/pdf?expires=1900000000&signature=abc');
    expect(server.requests[0]!.headers['x-api-key']).toBeUndefined();
    await expect(client().reports.signedPdf('https://evil.example.com/steal')).rejects.toThrow(/Not a signed report URL/);
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf('attachment; filename="fallback.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf')).toBe('résumé.pdf');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
