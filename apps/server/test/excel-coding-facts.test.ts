import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const PY_STARTER = 'def total(numbers):\n    pass\n';

/** Two coding questions (one in two languages with a starter each) beside a choice question. */
const definition = {
  testName: 'Coding facts screen',
  sections: [
    {
      sectionName: 'Choice',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick a', marks: 2, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
    {
      sectionName: 'Coding',
      sectionType: 'coding',
      duration: 60,
      questions: [
        {
          type: 'coding',
          text: 'Add up a list of numbers.',
          marks: 4,
          languages: ['python', 'javascript'],
          functionName: 'total',
          starterCode: { python: PY_STARTER, javascript: 'function total(numbers) {\n}\n' },
          hiddenTests: [
            { args: [[]], expected: 0 },
            { args: [[4, 0.5]], expected: 4.5 },
          ],
        },
        { type: 'coding', text: 'Return one.', language: 'javascript', functionName: 'one', hiddenTests: [{ args: [], expected: 1 }] },
      ],
    },
  ],
};

/**
 * The score job stores each coding answer's language and "answered" with the attempt's results (migration 027), and
 * the Excel export's Questions sheet takes them from there. The sheet must be what it was when the export read the
 * code answers itself: the same cells with the facts stored and with them taken away.
 */
describe.each(backends)('the Excel export’s coding facts on %s', (backend) => {
  let h: Harness;
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(definition);
  });
  afterAll(() => h.close());

  const questionsSheet = async (): Promise<unknown[][]> => {
    const excel = await h.request({ method: 'GET', url: `/v2/org/report/${testId}/excel` });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Questions')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('are stored by the score job and give the Questions sheet the code answers gave', async () => {
    const attempts: [string, (ids: number[]) => Record<number, { code: string; language?: string }>][] = [
      [
        'python@example.com',
        ([, sum, one]) => ({
          [sum!]: { code: 'def total(numbers):\n    return sum(numbers)\n', language: 'python' },
          [one!]: { code: 'function one() { return 2; }' },
        }),
      ],
      ['starter@example.com', ([, sum]) => ({ [sum!]: { code: `\n${PY_STARTER}  ` } })],
      [
        'javascript@example.com',
        ([, sum, one]) => ({ [sum!]: { code: 'function total(n) { return n.reduce((a, b) => a + b, 0); }', language: 'javascript' }, [one!]: { code: '  ' } }),
      ],
      ['nothing@example.com', () => ({})],
    ];
    const invitationIds: number[] = [];
    for (const [email, answersOf] of attempts) {
      const { token, invitationId } = await registerFor(h, testId, email);
      const api = candidate(h, token);
      const ids = questionIdsOf(await api.client.start());
      for (const [questionId, answer] of Object.entries(answersOf(ids))) expectSuccess(await api.answer(Number(questionId), answer as never));
      expectSuccess(await api.submit());
      invitationIds.push(invitationId);
    }
    await h.drainJobs();

    const stored = await h.store.db.selectFrom('attempt_results').select(['invitation_id', 'coding']).where('invitation_id', 'in', invitationIds).execute();
    expect(stored).toHaveLength(invitationIds.length);
    for (const row of stored) expect(row.coding).not.toBeNull();
    const withFacts = await questionsSheet();

    // As attempts scored by code that stored no facts: the export reads their code answers.
    await h.store.db.updateTable('attempt_results').set({ coding: null }).where('invitation_id', 'in', invitationIds).execute();
    expect(await questionsSheet()).toEqual(withFacts);

    const headings = withFacts[0]!.map(String);
    const byId = new Map(withFacts.slice(1).map((row) => [row[0], Object.fromEntries(headings.map((heading, index) => [heading, row[index]]))]));
    expect(byId.get(invitationIds[0])).toMatchObject({
      'Q2 language': 'Python',
      'Q2 hidden tests passed': '2/2',
      'Q3 language': 'JavaScript',
      'Q3 hidden tests passed': '0/1',
    });
    expect(byId.get(invitationIds[1])).toMatchObject({ 'Q2 language': 'Python', 'Q3 language': 'JavaScript' });
    expect(byId.get(invitationIds[1])?.['Q2 hidden tests passed'] ?? null).toBeNull();
    expect(byId.get(invitationIds[2])).toMatchObject({ 'Q2 language': 'JavaScript', 'Q2 hidden tests passed': '2/2' });
    expect(byId.get(invitationIds[2])?.['Q3 hidden tests passed'] ?? null).toBeNull();
  });
});
