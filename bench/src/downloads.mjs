// The two downloads the issue times: the Excel export of a large test (streamed) and one report's PDF.
import { rssMb } from './processes.mjs';
import { SPEC_HEADERS } from './api.mjs';

/** Streams the test's workbook; answers time to the first byte and to the end, and the server's RSS growth. */
export const exportExcel = async (base, world, pid) => {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(`${base}/v2/org/report/${world.testId}/excel`, { headers: { ...SPEC_HEADERS, 'x-api-key': world.key } });
    if (response.status !== 200) throw new Error(`the Excel export answered ${response.status}: ${await response.text()}`);
    let firstByteMs;
    let bytes = 0;
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
    }
    return { firstByteMs, totalMs: performance.now() - started, bytes, rssGrowthMb: peak - before };
  } finally {
    clearInterval(sampler);
  }
};

/** One report's PDF, `count` times in a row; answers the median. */
export const pdfLatency = async (base, world, count) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/v2/org/report/${world.reportId}/pdf`, { headers: { ...SPEC_HEADERS, 'x-api-key': world.key } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the PDF answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)] };
};

/** An exported invitation's history (`GET …/history`), `count` times in a row; answers the median and its entry count. */
export const historyLatency = async (base, world, count) => {
  const times = [];
  let entries = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/v2/org/testinvitation/${world.reportId}/history`, { headers: { ...SPEC_HEADERS, 'x-api-key': world.key } });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`the history answered ${response.status}`);
    times.push(performance.now() - started);
    entries = body.result.entries.length;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], entries };
};

/**
 * The rows the Excel export writes, read as JSON through the test's list route instead (issue 63 item 5): every page of
 * 100, one after the other, as an integrator copying them out would. Answers the time to the last page and the rows
 * read: the yardstick the whole workbook is judged by.
 */
export const invitationsAsJson = async (base, world) => {
  const started = performance.now();
  let rows = 0;
  let count = Number.POSITIVE_INFINITY;
  for (let page = 1; rows < count; page++) {
    const response = await fetch(`${base}/v2/org/tests/${world.testId}/invitations?page_size=100&page_no=${page}`, {
      headers: { ...SPEC_HEADERS, 'x-api-key': world.key },
    });
    if (response.status !== 200) throw new Error(`the list answered ${response.status}: ${await response.text()}`);
    const { result } = await response.json();
    count = result.invitationsCount;
    if (result.invitations.length === 0) break;
    rows += result.invitations.length;
  }
  return { totalMs: performance.now() - started, rows };
};
