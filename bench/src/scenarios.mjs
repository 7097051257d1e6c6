// The scenarios of the speed issue, with their targets. Load scenarios are ratios to the baseline; the
// others have absolute targets. Targets on PostgreSQL are lower (reads 0.30x, writes 0.10x).

/** Load scenarios: how to call, and the ratio (and p99) each must reach. */
export const loadScenarios = (world, postgres) => {
  const read = postgres ? 0.3 : 0.5;
  const write = postgres ? 0.1 : 0.25;
  const key = { 'x-api-key': world.key };
  const json = { ...key, 'content-type': 'application/json' };
  let registered = 0;
  let links = 0;
  return [
    { name: 'GET /v2/org/tests/{testId} (details)', path: `/v2/org/tests/${world.testId}`, headers: key, ratio: read, p99: 50 },
    { name: 'GET /v2/org/report/{id}', path: `/v2/org/report/${world.reportId}`, headers: key, ratio: read },
    { name: 'GET /v2/org/report/{id}/sections', path: `/v2/org/report/${world.reportId}/sections`, headers: key, ratio: read },
    { name: 'GET /v2/org/tests page 100 of 2,000', path: '/v2/org/tests?page_size=20&page_no=100', headers: key, ratio: postgres ? 0.3 : 0.3 },
    {
      name: 'invalid API key (401)',
      path: '/v2/org/tests',
      headers: { 'x-api-key': 'assay_not-a-real-key-000000000000000000000000' },
      ratio: postgres ? 0.3 : 0.6,
      expectStatus: 401,
    },
    {
      name: 'POST register, new email each time',
      path: `/v2/org/tests/${world.registerTestId}/register`,
      method: 'POST',
      headers: json,
      pipelining: 1,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ emailId: `load${registered++}@example.com`, fullName: 'Load Candidate' }) }),
      ratio: write,
    },
    {
      name: 'POST create test link',
      path: `/v2/org/tests/${world.testId}/testlinks`,
      method: 'POST',
      headers: json,
      pipelining: 1,
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ testLinkName: `Load link ${links++}`, accessTime: 0 }) }),
      ratio: write,
    },
  ];
};

/** Absolute targets of the other rows. */
export const TARGETS = {
  callbacksSeconds: 60,
  campusSaveP99Ms: 250,
  campusStartP99Ms: 1000,
  excelFirstByteMs: 1000,
  excelTotalMs: 6000,
  excelRssGrowthMb: 150,
  // The report PDF holds every question, the code and the integrity timeline (issue 12): the 40 ms.
  pdfP50Ms: 40,
  startMs: 1000,
  idleRssMb: 100,
  rssAfterLoadMb: 200,
};
