import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { CandidateReport, TestDetails } from '@assay/domain';
import {
  CANDIDATES_SHEET,
  QUESTIONS_SHEET,
  RenderBusyError,
  ReportRenderer,
  UNREADABLE_IMAGE,
  sampleReportDetails,
  type CandidateRow,
  type QuestionsHeader,
  type ReportPdfData,
  type WorkbookRow,
} from '../src/index.js';
import { garbageZlibPng, hugeHeaderPng, realImage } from './hostile-images.js';

const test: TestDetails = {
  testId: 7,
  testName: 'Backend screening',
  accessKey: 'AK-7',
  duration: 60,
  questions: 3,
  testStatus: 'Active',
  sections: [{ sectionName: 'Coding', sectionType: 'Coding Questions', questions: 3, duration: 60 }],
};

const report: CandidateReport = {
  emailId: 'jane@example.com',
  fullName: 'Jane Doe',
  timeTaken: 42,
  testName: 'Backend screening',
  duration: 60,
  questions: 3,
  attemptedOn: '2026-04-30T09:15:00',
  totalScore: '10',
  score: '7',
  wv: 0,
  tv: 0,
  testStatus: 'Completed',
  reportStatus: 'Generated',
};

const row = (testInvitationId: number): CandidateRow => ({
  testInvitationId,
  // Names that differ from row to row, so the zip cannot shrink them to nothing.
  report: { ...report, fullName: `Candidate ${(testInvitationId * 2_654_435_761) % 4_294_967_296}`, emailId: `c${testInvitationId}@example.com` },
  sections: [{ sectionName: 'Coding', sectionScore: 10, candidateScore: 7 }],
});

const pdfData = (snapshots: ReportPdfData['snapshots'] = []): ReportPdfData => ({
  details: sampleReportDetails({ questions: 4, snapshots: snapshots.length }),
  generatedAt: Date.UTC(2026, 4, 1),
  snapshots,
});

const bytesOf = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);

const readWorkbook = async (bytes: Buffer): Promise<ExcelJS.Workbook> => {
  const workbook = new ExcelJS.Workbook();
  // exceljs types `load` with its own Buffer declaration, which Node's Buffer type does not match.
  await workbook.xlsx.load(bytes as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  return workbook;
};

/** Candidates read lazily, counting how many were taken and whether the reader let go of them. */
const countingRows = (count = Number.POSITIVE_INFINITY) => {
  const state = { taken: 0, released: false };
  async function* rows(): AsyncGenerator<CandidateRow> {
    try {
      for (let index = 1; index <= count; index++) {
        state.taken = index;
        yield row(index);
      }
    } finally {
      state.released = true;
    }
  }
  return { state, rows: rows() };
};

const renderers: ReportRenderer[] = [];
const renderer = (options: ConstructorParameters<typeof ReportRenderer>[0] = {}) => {
  const created = new ReportRenderer(options);
  renderers.push(created);
  return created;
};
afterAll(async () => {
  await Promise.all(renderers.map((created) => created.close()));
});

describe('ReportRenderer: PDFs', () => {
  it('renders in a worker thread, with placeholders for stored images that cannot be decoded', async () => {
    const pool = renderer({ threads: 1 });
    const snapshots = [
      { takenAt: 1, mediaType: 'image/webp', data: await realImage('webp') },
      { takenAt: 2, mediaType: 'image/png', data: garbageZlibPng() },
      { takenAt: 3, mediaType: 'image/png', data: hugeHeaderPng() },
    ];
    const pdf = await pool.renderPdf(async () => pdfData(snapshots));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/%%EOF\s*$/);
    expect([...text.matchAll(/\/Subtype \/Image/g)]).toHaveLength(1);
    expect(pool.pending).toBe(0);
  });

  it('fails one broken export alone: the next render on the same pool succeeds', async () => {
    const pool = renderer({ threads: 1 });
    const broken = { ...pdfData(), details: undefined } as unknown as ReportPdfData;
    await expect(pool.renderPdf(async () => broken)).rejects.toThrow();
    expect((await pool.renderPdf(async () => pdfData())).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('admits threads + queue exports and refuses the next at once, before loading its data', async () => {
    const pool = renderer({ threads: 1, queue: 1 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return pdfData();
    };
    const admitted = [pool.renderPdf(load), pool.renderPdf(load)];
    const refused = pool.renderPdf(load);
    await expect(refused).rejects.toBeInstanceOf(RenderBusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 5 });
    expect(pool.pending).toBe(2);
    await Promise.all(admitted);
    expect(loads).toBe(2);
    expect(pool.pending).toBe(0);
    await pool.renderPdf(load);
  });

  it('places the text of the placeholder', () => {
    expect(UNREADABLE_IMAGE).toBe('Image unreadable');
  });
});

describe('ReportRenderer: workbooks', () => {
  it('streams a workbook rendered in a worker from rows read on this thread', async () => {
    const pool = renderer({ threads: 1 });
    const { state, rows } = countingRows(3000);
    const workbook = await readWorkbook(await bytesOf(pool.streamWorkbook(test, rows)));
    const candidates = workbook.getWorksheet(CANDIDATES_SHEET)!;
    expect(candidates.actualRowCount).toBe(3001);
    expect(candidates.getRow(3001).getCell(1).value).toBe(3000);
    expect(state.released).toBe(true);
    await sleep(10);
    expect(pool.pending).toBe(0);
  });

  it('lets its workbook thread go about a second after the export, while the PDF thread stays for the next report', async () => {
    const pool = renderer({ threads: 1 });
    await pool.renderPdf(async () => pdfData());
    await bytesOf(pool.streamWorkbook(test, countingRows(500).rows));
    expect(pool.liveThreads).toEqual({ pdf: 1, workbook: 1 });
    await sleep(2500);
    expect(pool.liveThreads).toEqual({ pdf: 1, workbook: 0 });
  });

  it('streams the Questions sheet after the candidates, row for row in their order, across many batches', async () => {
    const pool = renderer({ threads: 1 });
    const count = 1500;
    const header: QuestionsHeader = {
      kind: 'questions-header',
      columns: [
        { number: 1, questionId: 11, marks: 2, text: 'Pick one', coding: false },
        { number: 2, questionId: 12, marks: 5, text: 'Write code', coding: true },
      ],
    };
    async function* rows(): AsyncGenerator<WorkbookRow> {
      for (let index = 1; index <= count; index++) yield row(index);
      yield header;
      for (let index = 1; index <= count; index++) {
        const started = index % 7 !== 0;
        yield {
          kind: 'questions-row',
          testInvitationId: index,
          emailId: `c${index}@example.com`,
          fullName: 'C',
          cells: started ? [index % 3, 5, 'python', '4/4'] : null,
        };
      }
    }
    const workbook = await readWorkbook(await bytesOf(pool.streamWorkbook(test, rows())));
    const questions = workbook.getWorksheet(QUESTIONS_SHEET)!;
    expect(questions.actualRowCount).toBe(workbook.getWorksheet(CANDIDATES_SHEET)!.actualRowCount);
    const ids: unknown[] = [];
    questions.eachRow((each, number) => {
      if (number > 1) ids.push(each.getCell(1).value);
    });
    expect(ids).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    expect((questions.getRow(1 + 1000).values as unknown[]).slice(1)).toEqual([1000, 'c1000@example.com', 'C', 1, 5, 'python', '4/4']);
    expect((questions.getRow(1 + 700).values as unknown[]).slice(1)).toEqual([700, 'c700@example.com', 'C']);
  });

  it('reads no further ahead than the reader takes: an unread download holds the rows back', async () => {
    const pool = renderer({ threads: 1 });
    const { state, rows } = countingRows();
    const body = pool.streamWorkbook(test, rows);
    body.on('error', () => {});
    let received = 0;
    body.once('data', (chunk: Buffer) => {
      received += chunk.length;
      body.pause();
    });
    // The first bytes come once the worker thread has started (its modules take a moment to load).
    for (let waited = 0; received === 0 && waited < 20_000; waited += 50) await sleep(50);
    expect(received).toBeGreaterThan(0);
    // Reading stops once every buffer on the way is full, and stays stopped.
    let held = -1;
    for (let waited = 0; state.taken !== held && waited < 20_000; waited += 1_000) {
      held = state.taken;
      await sleep(1_000);
    }
    expect(state.taken).toBe(held);
    // Rows on the way are bounded by the buffers: one batch read ahead, two in the worker, the zip entry's 1 MiB, the output's 256 KiB.
    expect(held).toBeLessThan(20_000);

    // The client goes away: the worker stops, the rows are released and the place is freed.
    body.destroy();
    for (let waited = 0; pool.pending > 0 && waited < 5_000; waited += 50) await sleep(50);
    expect(pool.pending).toBe(0);
    expect(state.released).toBe(true);
  });

  it('destroys the download when the rows fail mid-way, and keeps the pool working', async () => {
    const pool = renderer({ threads: 1 });
    async function* failing(): AsyncGenerator<CandidateRow> {
      for (let index = 1; index <= 600; index++) yield row(index);
      throw new Error('database went away');
    }
    const body = pool.streamWorkbook(test, failing());
    await expect(bytesOf(body)).rejects.toThrow(/database went away/);
    const workbook = await readWorkbook(await bytesOf(pool.streamWorkbook(test, countingRows(2).rows)));
    expect(workbook.getWorksheet(CANDIDATES_SHEET)!.actualRowCount).toBe(3);
  });

  it('counts streaming workbooks against the same bound as PDFs', async () => {
    const pool = renderer({ threads: 1, queue: 0 });
    const body = pool.streamWorkbook(test, countingRows(10).rows);
    expect(() => pool.streamWorkbook(test, countingRows(10).rows)).toThrow(RenderBusyError);
    await expect(pool.renderPdf(async () => pdfData())).rejects.toBeInstanceOf(RenderBusyError);
    await bytesOf(body);
    await sleep(10);
    expect(pool.pending).toBe(0);
  });
});
