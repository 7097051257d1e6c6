#!/usr/bin/env node
/**
 * What an applicant-tracking system does with iMocha's v3 API, pointed at Assay: Node 20, `fetch` only, no dependencies.
 *
 *   node ats.mjs invite "Ada Lovelace <ada@example.com>" "Grace Hopper <grace@example.com>"
 *   node ats.mjs collect 12 13
 *
 * `invite` lists the tests, reads one, sets its rules (copy-paste off, the test ended after 2 departures from its window,
 * with a warning after each), lists its links and invites each candidate with CALLBACK_URL; it prints their test URLs
 * and the `collect` command to run once they are done. `collect` reads each report (section- and skill-wise), saves its
 * PDF, asks for the callbacks again and reconciles the finished attempts. Two phases, the ids on the command line
 * (decision 977): the candidates take hours, and the ATS keeps the ids in its own records between the two.
 *
 * Environment: ASSAY_URL (e.g. https://assay.example.com), ASSAY_API_KEY (an admin key: the replay needs one),
 * CALLBACK_URL (invite: where the signed callbacks go), TEST_ID (invite: the test; the first active one otherwise),
 * REPORT_DIR (collect: where the PDFs go; the current folder otherwise). Exit status: 0 all as expected, 1 an
 * unexpected answer, 2 wrong usage, 3 a candidate has not finished yet (run `collect` again later).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const ALLOWED_DEPARTURES = 2;
const ACCESS_DAYS = 7;
const FINISHED = ['Complete', 'Test Left', 'Terminated'];
const USAGE = 'usage: node ats.mjs invite "Name <email>"… | node ats.mjs collect testInvitationId…';

class Unexpected extends Error {}

const fail = (message, code) => {
  console.error(message);
  process.exit(code);
};

const env = (name) => process.env[name] || fail(`${name} is not set. ${USAGE}`, 2);

/** One call to the v3 API: the parsed JSON answer, or an Unexpected error naming the call and what came back. */
const call = async (method, url, { body, status = 200, raw = false } = {}) => {
  const response = await fetch(new URL(url, env('ASSAY_URL')), {
    method,
    headers: {
      'x-api-key': env('ASSAY_API_KEY'),
      accept: raw ? 'application/pdf' : 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status !== status) throw new Unexpected(`${method} ${url} answered ${response.status} (expected ${status}): ${await response.text()}`);
  return raw ? response : response.json();
};

const expect = (fine, message) => {
  if (!fine) throw new Unexpected(message);
};

/** "Ada Lovelace <ada@example.com>" → { name, email }. */
const candidateOf = (text) => {
  const parsed = /^\s*(.+?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text);
  return parsed ? { name: parsed[1], email: parsed[2] } : fail(`Not "Name <email>": ${text}. ${USAGE}`, 2);
};

const utc = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const invite = async (candidates) => {
  const callbackUrl = env('CALLBACK_URL');
  const { tests, totalCount } = await call('GET', '/v3/tests?pageNo=1&pageSize=100');
  console.log(`tests: ${totalCount}`);
  for (const test of tests) console.log(`  ${test.testId} ${test.testName} (${test.status}, ${test.questions} questions, ${test.duration} min)`);
  const { TEST_ID } = process.env;
  if (TEST_ID && !/^\d+$/.test(TEST_ID)) fail(`TEST_ID is not a test id: ${TEST_ID}. ${USAGE}`, 2);
  const wanted = TEST_ID ? Number(TEST_ID) : tests.find((test) => test.status === 'active')?.testId;
  expect(wanted !== undefined, 'No active test to invite to: import one first.');

  const test = await call('GET', `/v3/tests/${wanted}`);
  console.log(`test ${test.testId}: ${test.testName}, sections ${test.sections.map((section) => section.sectionName).join(', ')}`);

  const settings = await call('GET', `/v3/tests/${wanted}/settings`);
  const rules = settings.windowViolationSettings;
  console.log(`settings: copyPaste ${rules.copyPaste}, end after window violations ${rules.displayViolationSettings.terminateTestOnWindowViolation}`);
  // v3 writes the whole object: every group is sent back, two of them changed.
  const changed = {
    ...settings,
    windowViolationSettings: {
      copyPaste: false,
      displayViolationSettings: { displayViolationPopUp: true, terminateTestOnWindowViolation: true, terminateTestAfterViolationCount: ALLOWED_DEPARTURES },
    },
  };
  const stored = await call('POST', `/v3/tests/${wanted}/settings`, { body: changed, status: 201 });
  const display = stored.windowViolationSettings.displayViolationSettings;
  expect(
    stored.windowViolationSettings.copyPaste === false &&
      display.terminateTestOnWindowViolation &&
      display.terminateTestAfterViolationCount === ALLOWED_DEPARTURES,
    `The settings stored are not the ones sent: ${JSON.stringify(stored.windowViolationSettings)}`,
  );
  console.log(`settings stored: copyPaste false, the test ends after ${ALLOWED_DEPARTURES} departures, a warning after each`);

  const { testLinks } = await call('GET', `/v3/tests/${wanted}/testlinks`);
  console.log(`test links: ${testLinks.length}`);
  for (const link of testLinks) console.log(`  ${link.testLinkId} ${link.testLinkName} (${link.testLinkStatus}, ${link.invitationType}) ${link.testLink}`);

  const endDateTime = utc(Date.now() + ACCESS_DAYS * 86_400_000);
  const ids = [];
  for (const { name, email } of candidates) {
    // The body as iMocha documents it (sendEmail "yes"/"no", callbackURL as its samples spell it); it answers 201 Created.
    const invitation = await call('POST', `/v3/tests/${wanted}/invite`, {
      body: { email, name, callbackURL: callbackUrl, endDateTime, sendEmail: 'no' },
      status: 201,
    });
    expect(
      typeof invitation.testInvitationId === 'number' && typeof invitation.testUrl === 'string',
      `An invitation without id or URL: ${JSON.stringify(invitation)}`,
    );
    console.log(`invited ${name} <${email}>: testInvitationId ${invitation.testInvitationId}, ${invitation.status}, open until ${endDateTime}`);
    console.log(`  testUrl ${invitation.testUrl}`);
    ids.push(invitation.testInvitationId);
  }
  console.log(`when the candidates are done: node ats.mjs collect ${ids.join(' ')}`);
};

const collect = async (ids) => {
  const reports = [];
  for (const id of ids) {
    const report = await call('GET', `/v3/reports/${id}?reportType=3`);
    console.log(`report ${id}: ${report.candidateEmail}, ${report.status}, ${report.candidatePoints}/${report.totalTestPoints} (${report.scorePercentage}%)`);
    if (!FINISHED.includes(report.status)) fail(`  ${report.candidateEmail} has not finished (${report.status}): run collect again later.`, 3);
    expect(report.attemptedOn?.endsWith('Z'), `attemptedOn is not UTC with Z: ${report.attemptedOn}`);
    expect(
      Array.isArray(report.sections) && Array.isArray(report.skills) && report.skills.length > 0,
      `reportType 3 without sections or skills: ${JSON.stringify(report)}`,
    );
    for (const section of report.sections) console.log(`  section ${section.sectionName}: ${section.candidateScore}/${section.sectionScore}`);
    for (const skill of report.skills) console.log(`  skill ${skill.skillName}: ${skill.candidateScore}/${skill.skillScore} (${skill.scorePercentage}%)`);
    reports.push(report);

    const pdf = await call('GET', `/v3/reports/${id}/pdf`, { raw: true });
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1') === '%PDF-', `The PDF of ${id} is not a PDF (${pdf.headers.get('content-type')}).`);
    const file = path.join(process.env.REPORT_DIR || '.', `assay-report-${id}.pdf`);
    await writeFile(file, bytes);
    console.log(`  pdf ${file} (${bytes.length} bytes)`);
  }

  const replay = await call('POST', '/v3/callbacks/process', { body: { testinvitationIds: ids } });
  const { successful, failed } = replay.result.testinvitationIds;
  console.log(`callbacks sent again: ${successful.join(' ') || 'none'}; not sent: ${failed.join(' ') || 'none'}`);
  expect(failed.length === 0, `Callbacks not sent again for ${failed.join(' ')} (invited without a callbackUrl?)`);

  // The window opens at the earliest start and closes a minute from now (its end is exclusive); v3 allows 31 days.
  const now = Date.now();
  const earliest = Math.min(...reports.map((report) => Date.parse(report.attemptedOn)));
  const window = { StartDateTime: utc(Math.max(earliest, now - 30 * 86_400_000)), EndDateTime: utc(now + 60_000) };
  const attempts = await call('POST', '/v3/candidates/testattempts?state=completed', { body: window });
  const listed = new Map(attempts.result.testAttempts.map((attempt) => [attempt.testInvitationId, attempt]));
  console.log(`finished attempts from ${window.StartDateTime} to ${window.EndDateTime}: ${listed.size}`);
  for (const id of ids) {
    const attempt = listed.get(id);
    expect(attempt !== undefined, `Invitation ${id} is finished but not in the reconciliation.`);
    console.log(`  ${id} ${attempt.name} <${attempt.email}>: ${attempt.testStatus} (${attempt.invitationtype})`);
  }
};

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'invite' && rest.length > 0) await invite(rest.map(candidateOf));
  else if (command === 'collect' && rest.length > 0 && rest.every((id) => /^\d+$/.test(id))) await collect(rest.map(Number));
  else fail(USAGE, 2);
} catch (error) {
  fail(error instanceof Unexpected ? `unexpected: ${error.message}` : `failed: ${error.stack ?? error}`, 1);
}
