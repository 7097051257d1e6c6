import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDefinition, type TestLink } from '@assay/domain';
import { assembleWorker } from '@assay/jobs';
import { newAccessKey } from '@assay/store';
import { candidate, tokenOf } from '../helpers/candidate.js';
import { expectSuccess } from '../helpers/expectations.js';
import { sampleDefinition } from '../helpers/fixtures.js';
import { pdfText } from '../helpers/pdf-text.js';
import { silentLog } from '../helpers/receiver.js';
import { startSmtpPeer } from '../helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Attack class: text stored before the API refused control and bidi characters (or written straight into the
 * database), shown to a recruiter. A name with U+202E reads backwards, ESC and BEL open terminal sequences (OSC 8
 * links, OSC 52 clipboard writes), CR and LF start lines. The PDF (its text and its title), the workbook and the
 * stakeholder email show such text in the order it was typed, without a control character.
 */

/** RLO reversing a file name, an OSC 8 link closed by BEL, a Hebrew name, and a CR. */
const HOSTILE_NAME = 'Mallory \u202etxt.exe\u001b]8;;http://evil.example\u0007click\u001b]8;;\u0007 \u05d3\u05d5\u05d3\rX';
/** The same, as every renderer shows it: bidi controls gone, each other control a space. */
const SHOWN = 'Mallory txt.exe ]8;;http://evil.example click ]8;;  \u05d3\u05d5\u05d3 X';
const HOSTILE_TEST_NAME = 'Screening \u2067\u202ereversed\u2069';
const HOSTILE_QUESTION = 'Which status means \u202e"not found"\u001b[2J?';

/** A control or bidi character anywhere in `text` (keeping the newlines and tabs of several lines). */
const CONTROL_OR_BIDI = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]/;
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a poppler tool prints for a PDF (UTF-8), exactly: pdfText of the helpers drops the bidi marks we look for. */
const poppler = (tool: 'pdftotext' | 'pdfinfo', pdf: Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-poppler-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    return execFileSync(tool, ['-enc', 'UTF-8', join(dir, 'report.pdf'), ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The document information of a PDF (`Title:  …`). */
const pdfInfo = (pdf: Buffer): Record<string, string> =>
  Object.fromEntries(
    poppler('pdfinfo', pdf)
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  );

/** pdftotext wraps right-to-left runs in RLE … PDF (U+202B, U+202C) of its own; any other bidi control came from the PDF. */
const FROM_THE_PDF = /[\u0000-\u0008\u000b\u000d-\u001f\u007f-\u009f\u202a\u202d\u202e\u2066-\u2069\ufffd]/;

describe.each(backends)('text stored with control and bidi characters is shown neutralised, on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let testId: number;
  let invitationId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
    // Written straight into the store, as rows written before the API refused them would be.
    const definition = TestDefinition.parse(sampleDefinition);
    definition.testName = HOSTILE_TEST_NAME;
    definition.sections[0]!.questions[0]!.text = HOSTILE_QUESTION;
    testId = (await h.store.tests.importDefinition(h.org.orgId, definition, newAccessKey(), Date.now())).testId;
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Mailed', accessTime: 0, emailToStakeholder: 'hiring@example.com' },
      }),
    );
    const registered = expectSuccess<{ testUrl: string; testInvitationId: number }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'mallory@example.com', fullName: 'Mallory' },
      }),
    );
    invitationId = registered.testInvitationId;
    const attempt = candidate(h, tokenOf(registered.testUrl));
    await attempt.client.start();
    expectSuccess(await attempt.submit());
    const invitation = await h.store.invitations.find(h.org.orgId, invitationId);
    await h.store.db.updateTable('candidates').set({ full_name: HOSTILE_NAME }).where('id', '=', invitation!.candidateId).execute();
  });
  afterAll(async () => {
    await smtp?.close();
    await h?.close();
  });

  it('the PDF reads the name and the question in the order they were typed, and its title carries no control', async () => {
    const response = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(poppler('pdftotext', response.rawPayload)).not.toMatch(FROM_THE_PDF);
    const text = pdfText(response.rawPayload);
    expect(words(text)).toContain('Mallory txt.exe ]8;;http://evil.example click ]8;;');
    expect(words(text)).toContain('Which status means "not found" [2J?');
    const info = pdfInfo(response.rawPayload);
    expect(info.Title).toBe(`Candidate report: ${SHOWN}`.replace(/\s+$/, ''));
    expect(info.Subject).toBe('Screening reversed');
  });

  it('the workbook holds the name, the test name and the question without a control', async () => {
    const response = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    const sheetsNaming: string[] = [];
    for (const sheet of workbook.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          cells.push(String(cell.value));
          if (String(cell.value) === SHOWN) sheetsNaming.push(sheet.name);
        }),
      );
    expect(cells.filter((cell) => CONTROL_OR_BIDI.test(cell))).toEqual([]);
    // The candidate's name, neutralised, once on each sheet with a row per candidate.
    expect(sheetsNaming).toEqual(['Candidates', 'Questions', 'Time per question']);
    expect(cells).toContain('Screening reversed');
    expect(cells.some((cell) => cell.includes('Which status means "not found" [2J?'))).toBe(true);
  });

  it('the stakeholder email carries the name without a control, in subject, text and HTML', async () => {
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: smtp.url }, silentLog, { codeRunner: h.app.assay.runner });
    try {
      await worker.drain();
    } finally {
      await worker.close();
    }
    const [mail] = smtp.to('hiring@example.com');
    expect(mail).toBeDefined();
    for (const part of [mail!.subject ?? '', mail!.text ?? '', String(mail!.html)]) expect(part).not.toMatch(CONTROL_OR_BIDI);
    expect(mail!.subject).toContain(words(SHOWN));
    expect(mail!.text).toContain(words(SHOWN));
    expect(mail!.subject).toContain('Screening reversed');
  });
});
