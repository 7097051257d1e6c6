import type { MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import type { TestDetails } from '@assay/domain';
import type { ReportPdfData } from './report-pdf.js';
import { reduceWhenQuiet } from './thread-memory.js';
import { openWorkerChannel } from './workbook-channel.js';

/** One export, as sent to a render worker. Buffers arrive as Uint8Arrays (structured clone). */
export type RenderTask =
  | { kind: 'pdf'; data: ReportPdfData /** Told when this thread takes the render: its time budget starts then. */; started?: MessagePort }
  | { kind: 'workbook'; test: TestDetails; port: MessagePort };

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// Each kind of export loads its own libraries at its first task in this thread: a worker that only ever writes
// workbooks holds no pdfkit, fonts or sharp, and one that renders PDFs no exceljs.
const renderPdf = async (data: ReportPdfData): Promise<Uint8Array> => {
  const { renderReportPdfFile } = await import('./report-pdf-file.js');
  const snapshots = (data.snapshots ?? []).map((snapshot) => ({ ...snapshot, data: asBuffer(snapshot.data) }));
  const pdf = await renderReportPdfFile({ ...data, snapshots });
  // Hand the bytes over instead of copying them back.
  return move(new Uint8Array(pdf)) as Uint8Array;
};

const streamWorkbook = async (test: TestDetails, port: MessagePort): Promise<void> => {
  const { writeTestWorkbook } = await import('./test-workbook.js');
  const channel = openWorkerChannel(port);
  // writeTestWorkbook reports output failures itself; a write still on its way when it gave up must not surface
  // later as an unhandled 'error' that ends the thread under the next export.
  channel.output.on('error', () => {});
  try {
    await writeTestWorkbook(channel.output, test, channel.rows);
  } catch (error) {
    channel.output.destroy();
    throw error;
  } finally {
    channel.close();
  }
};

/**
 * The render worker (a piscina worker thread): PDF and Excel generation never run on the request thread, and
 * whatever goes wrong in here — an exception, even one thrown from a native callback — ends this task or this
 * thread, not the server.
 */
const quiet = reduceWhenQuiet(3_000);

export default async function render(task: RenderTask): Promise<Uint8Array | undefined> {
  quiet.busy();
  try {
    if (task.kind === 'pdf') {
      task.started?.postMessage('started');
      task.started?.close();
      return await renderPdf(task.data);
    }
    await streamWorkbook(task.test, task.port);
    return undefined;
  } finally {
    quiet.idle();
  }
}
