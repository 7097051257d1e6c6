import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { wordCountAnswer, wordCountTest } from './helpers/word-count-test.js';

const corpus = wordCountAnswer;

const definition = wordCountTest('Word counts');

const counts = (confirmed: number, dismissed: number, unreviewed: number) => ({ total: confirmed + dismissed + unreviewed, confirmed, dismissed, unreviewed });
const NONE = counts(0, 0, 0);

/**
 * Issue 48, item 7 through the app: one integrity summary per attempt, counted by review outcome, in `/details`
 * (`integrity.summary`) and on the workbook's Candidates sheet, the same for an attempt reviewed (read piece by piece)
 * and one nobody reviewed (counted for the batch).
 */
describe.each(backends)('the integrity summary in /details and the workbook on %s', (backend) => {
  let h: Harness;
  let testId = 0;
  const ids: Record<'original' | 'copy' | 'paster' | 'absent', number> = { original: 0, copy: 0, paster: 0, absent: 0 };
  const detailsOf = async (invitationId: number) =>
    expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(definition);
    const answers = { original: corpus('honest-d.js'), copy: corpus('copy-of-honest-d.js'), paster: corpus('honest-a.js') };
    for (const [who, code] of Object.entries(answers) as [keyof typeof answers, string][]) {
      const { token, invitationId } = await registerFor(h, testId, `${who}@example.com`, { fullName: `Candidate ${who}` });
      const api = candidate(h, token);
      const [questionId] = questionIdsOf(await api.client.start());
      if (who === 'paster') {
        // Leaves the window once (a reviewer dismisses it) and pastes into the answer (a reviewer confirms it).
        expectSuccess(await api.event('left', new Date().toISOString()));
        expectSuccess(await api.event('returned', new Date().toISOString()));
        expectSuccess(await api.event('paste', new Date().toISOString(), { questionId: questionId!, chars: 400, lines: 12 }));
      }
      expectSuccess(await api.answer(questionId!, { code }));
      expectSuccess(await api.submit());
      ids[who] = invitationId;
    }
    ids.absent = (await registerFor(h, testId, 'absent@example.com', { fullName: 'Candidate absent' })).invitationId;
    await h.drainJobs();
    const paster = await detailsOf(ids.paster);
    await h.client.invitations.reviewEvidence(ids.paster, paster.integrity.departures[0]!.eventId!, { outcome: 'dismissed', note: 'The fire drill.' });
    await h.client.invitations.reviewEvidence(ids.paster, paster.questions[0]!.signals!.events[0]!.eventId!, { outcome: 'confirmed' });
    const pair = (await detailsOf(ids.copy)).integrity.similarity![0]!;
    await h.client.invitations.reviewEvidence(ids.copy, pair.eventId!, { outcome: 'confirmed', note: 'Renamed copy.' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('/details counts each kind by its review outcome: a confirmed paste is never hidden, a dismissed departure never a warning', async () => {
    expect((await detailsOf(ids.paster)).integrity.summary).toEqual({
      level: 'confirmed',
      departures: counts(0, 1, 0),
      pastes: counts(1, 0, 0),
      similarAnswers: NONE,
      snapshots: NONE,
    });
    expect((await detailsOf(ids.copy)).integrity.summary).toMatchObject({ level: 'confirmed', similarAnswers: counts(1, 0, 0), departures: NONE });
    // The same pair, reviewed for the copy only: for the original it awaits a reviewer.
    expect((await detailsOf(ids.original)).integrity.summary).toMatchObject({ level: 'unreviewed', similarAnswers: counts(0, 0, 1) });
    expect((await detailsOf(ids.absent)).integrity.summary).toEqual({ level: 'none', departures: NONE, pastes: NONE, similarAnswers: NONE, snapshots: NONE });
  });

  it('the Candidates sheet has the level and confirmed/dismissed/unreviewed per kind, as /details counts them', async () => {
    const response = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Candidates')!;
    const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
    const headers = values(sheet.getRow(1)).map(String);
    const rows = new Map<unknown, Record<string, unknown>>();
    sheet.eachRow((row, number) => {
      if (number > 1) rows.set(values(row)[0], Object.fromEntries(headers.map((header, index) => [header, values(row)[index] ?? null])));
    });
    const integrityOf = (id: number) => {
      const row = rows.get(id)!;
      return [
        row.integrity,
        row['departures (confirmed/dismissed/unreviewed)'],
        row['pastes or insertions (confirmed/dismissed/unreviewed)'],
        row['similar answers (confirmed/dismissed/unreviewed)'],
        row['snapshots (confirmed/dismissed/unreviewed)'],
      ];
    };
    expect(headers.slice(headers.indexOf('tv') + 1, headers.indexOf('tv') + 3)).toEqual(['integrity', 'departures (confirmed/dismissed/unreviewed)']);
    expect(integrityOf(ids.paster)).toEqual(['Confirmed', '0/1/0', '1/0/0', '0/0/0', '0/0/0']);
    expect(integrityOf(ids.copy)).toEqual(['Confirmed', '0/0/0', '0/0/0', '1/0/0', '0/0/0']);
    expect(integrityOf(ids.original)).toEqual(['To review', '0/0/0', '0/0/0', '0/0/1', '0/0/0']);
    expect(integrityOf(ids.absent)).toEqual(['No signals', '0/0/0', '0/0/0', '0/0/0', '0/0/0']);
  });
});
