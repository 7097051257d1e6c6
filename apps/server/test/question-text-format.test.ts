/**
 * The one text format of questions (docs/question-text.md) in what the org reads: the report details keep the
 * author's text and add it as plain text and as safe HTML; the PDF and the workbook show it without Markdown's marks.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const QUESTION =
  'Which status means **Not Found**? See `GET /items/42`, [the spec](https://www.rfc-editor.org/rfc/rfc9110) and [this](javascript:alert(1)).\n\n<script>alert(1)</script>';

const definition = {
  testName: 'Formatted',
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'HTTP',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: QUESTION, options: [{ text: '**404**', correct: true }, { text: '<i>200</i>' }] }],
    },
  ],
};

describe.each(backends)('question text in the report on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let invitationId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(definition);
    const registered = await registerFor(h, testId, 'format@example.com');
    invitationId = registered.invitationId;
    const api = candidate(h, registered.token);
    const [questionId] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(questionId!, { optionIds: [0] }));
    expectSuccess(await api.submit());
    await h.drainJobs();
  });
  afterAll(() => h.close());

  it('/details keeps the author’s text, and adds it as plain text and as HTML with only the subset’s elements', async () => {
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    const [question] = details.questions;
    expect(question?.text).toBe(QUESTION);
    expect(question?.textPlain).toBe(
      'Which status means Not Found? See GET /items/42, the spec (https://www.rfc-editor.org/rfc/rfc9110) and [this](javascript:alert(1)).\n\n<script>alert(1)</script>',
    );
    expect(question?.textHtml).toBe(
      '<p>Which status means <strong>Not Found</strong>? See <code>GET /items/42</code>, ' +
        '<a href="https://www.rfc-editor.org/rfc/rfc9110" rel="noopener noreferrer nofollow">the spec</a> and [this](javascript:alert(1)).</p>' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(question?.options?.map((option) => [option.text, option.textPlain, option.textHtml])).toEqual([
      ['**404**', '404', '<p><strong>404</strong></p>'],
      ['<i>200</i>', '<i>200</i>', '<p>&lt;i&gt;200&lt;/i&gt;</p>'],
    ]);
  });

  it('the PDF and the workbook show it without Markdown’s marks', async () => {
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Which status means Not Found? See GET /items/42, the spec and [this](javascript:alert(1)).');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).not.toContain('**');

    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Questions')!.getRow(1).getCell(4).value).toBe('Q1 · 1 mark · Which status means Not Found? See GET /…');
  });
});
