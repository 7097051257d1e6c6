// The scenarios of the speed issue, with their targets. Load scenarios are ratios to the baseline; the
// others have absolute targets. Targets on PostgreSQL are lower (reads 0.30x, writes 0.10x).
import { SPEC_HEADERS } from './api.mjs';

/** Every request as the spec has clients send it: the API key and `content-type: application/json;charset=utf-8`. */
const specHeaders = (key) => ({ ...SPEC_HEADERS, 'x-api-key': key });

/** Load scenarios: how to call, and the ratio (and p99) each must reach. */
export const loadScenarios = (world, postgres) => {
  const read = postgres ? 0.3 : 0.5;
  const write = postgres ? 0.1 : 0.25;
  const headers = specHeaders(world.key);
  const reports = (suffix = '') => world.reportIds.map((id) => `/v2/org/report/${id}${suffix}`);
  // Page 100 of 2,000 (the last); with --quick's 200 tests, page 10.
  const lastPage = Math.ceil(world.tests / 20);
  let registered = 0;
  let links = 0;
  return [
    { name: 'GET /v2/org/tests/{testId} (details, 4 sections, 24 questions)', path: `/v2/org/tests/${world.testId}`, headers, ratio: read, p99: 50 },
    { name: `GET /v2/org/report/{id}, ${world.reportIds.length} reports in turn`, paths: reports(), headers, ratio: read },
    { name: `GET /v2/org/report/{id}/sections, ${world.reportIds.length} in turn`, paths: reports('/sections'), headers, ratio: read },
    { name: `GET /v2/org/tests page 1 of ${world.tests} tests`, path: '/v2/org/tests', headers, ratio: 0.3 },
    { name: `GET /v2/org/tests page ${lastPage} of ${world.tests} tests`, path: `/v2/org/tests?page_size=20&page_no=${lastPage}`, headers, ratio: 0.3 },
    {
      name: 'invalid API key (401)',
      path: '/v2/org/tests',
      headers: specHeaders('assay_not-a-real-key-000000000000000000000000'),
      ratio: postgres ? 0.3 : 0.6,
      expectStatus: 401,
    },
    {
      name: 'POST register, new email each time',
      path: `/v2/org/tests/${world.registerTestId}/register`,
      method: 'POST',
      headers,
      pipelining: 1,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ emailId: `load${registered++}@example.com`, fullName: 'Load Candidate' }) }),
      ratio: write,
    },
    {
      name: 'POST create test link',
      path: `/v2/org/tests/${world.testId}/testlinks`,
      method: 'POST',
      headers,
      pipelining: 1,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ testLinkName: `Load link ${links++}`, accessTime: 0 }) }),
      ratio: write,
    },
  ];
};

/**
 * The reads as users run Assay (issue 63): a server of its own with `scripts/up.sh`'s settings — LOG_LEVEL=info and
 * every rate limit at its default, counted per key and per address as always — except the org API's per-key budget
 * (600 a minute), which the load would spend in its first 40 ms and then measure 429.1 answers instead of reads: it
 * stays raised, still counted on every request. A bad key from one address is therefore answered 429.1 once its 20
 * failures are spent (the warm-up spends them): what a client that keeps sending a wrong key meets. The tests page
 * holds 100 tests (a list view's long page), the report and sections rows rotate over the reports as above.
 */
export const usersWay = (world, postgres) => {
  const read = postgres ? 0.3 : 0.5;
  const headers = specHeaders(world.key);
  const reports = (suffix = '') => world.reportIds.map((id) => `/v2/org/report/${id}${suffix}`);
  return {
    settings: {
      LOG_LEVEL: 'info',
      ASSAY_RATE_LIMIT_CANDIDATE_API: undefined,
      ASSAY_RATE_LIMIT_BAD_API_KEY: undefined,
      ASSAY_RATE_LIMIT_REGISTRATION: undefined,
      ASSAY_ALLOW_PRIVATE_CALLBACKS: undefined,
    },
    rows: [
      { name: "users' way: GET /v2/org/tests/{testId} (details)", path: `/v2/org/tests/${world.testId}`, headers, ratio: read },
      { name: `users' way: GET /v2/org/report/{id}, ${world.reportIds.length} in turn`, paths: reports(), headers, ratio: read },
      { name: `users' way: GET /v2/org/report/{id}/sections, ${world.reportIds.length} in turn`, paths: reports('/sections'), headers, ratio: read },
      { name: `users' way: GET /v2/org/tests page of 100 of ${world.tests}`, path: '/v2/org/tests?page_size=100', headers, ratio: postgres ? 0.2 : 0.35 },
      {
        name: "users' way: invalid API key, its address over its budget (429.1)",
        path: '/v2/org/tests',
        headers: specHeaders('assay_not-a-real-key-000000000000000000000000'),
        ratio: postgres ? 0.3 : 0.6,
        expectStatus: 429,
      },
    ],
  };
};

/**
 * Not targets: the old bench's rows (a one-question test and its report, request logs at warn, no content-type on
 * GETs), and the details row with every request logged (LOG_LEVEL=debug): what verbose request logs cost.
 */
export const referenceScenarios = (world) => [
  {
    settings: { LOG_LEVEL: 'warn' },
    rows: [
      {
        name: 'reference, old bench: details of a one-question test, LOG_LEVEL=warn, no content-type',
        path: `/v2/org/tests/${world.referenceTestId}`,
        headers: { 'x-api-key': world.key },
      },
      {
        name: 'reference, old bench: its report, LOG_LEVEL=warn, no content-type',
        path: `/v2/org/report/${world.referenceReportId}`,
        headers: { 'x-api-key': world.key },
      },
    ],
  },
  {
    settings: { LOG_LEVEL: 'debug' },
    rows: [{ name: 'reference: details with every request logged (LOG_LEVEL=debug)', path: `/v2/org/tests/${world.testId}`, headers: specHeaders(world.key) }],
  },
];

/** The slow-state row: no second of the long load may fall below this fraction of the run's median second. */
export const STEADY_FRACTION = 0.5;

/** Absolute targets of the other rows. */
export const TARGETS = {
  callbacksSeconds: 60,
  campusSaveP99Ms: 250,
  campusStartP99Ms: 1000,
  excelFirstByteMs: 1000,
  excelTotalMs: 6000,
  /** The whole workbook over the time to read its rows as JSON through the list route in the same run (issue 63 item 5). */
  excelOverJson: 1.5,
  excelRssGrowthMb: 150,
  // The report PDF holds every question, the code and the integrity timeline (issue 12): the 40 ms.
  pdfP50Ms: 40,
  startMs: 1000,
  idleRssMb: 100,
  rssAfterLoadMb: 200,
};
