import { describe, expect, it } from 'vitest';
import { AssayError } from '../src/index.js';
import { ok, refuse, useScriptedServer } from './helpers/scripted-server.js';

const recorded = { decision: 'shortlisted', decisionReason: null, tags: [], meanRating: 4, ratings: 1 };
const comparison = {
  testId: 7,
  sections: ['SQL'],
  skills: [],
  questions: [{ number: 1, questionId: 11, sectionName: 'SQL' }],
  candidates: [4, 9].map((id) => ({
    testInvitationId: id,
    fullName: `C${id}`,
    emailId: `c${id}@example.com`,
    testStatus: 'Completed',
    reportStatus: 'Generated',
    finished: true,
    score: { score: 1, maxScore: 1, percent: 100 },
    timeTakenMinutes: 3,
    integrityLevel: 'none',
    sections: [{ score: 1, maxScore: 1, percent: 100 }],
    skills: [],
    marks: [1],
    recorded,
  })),
};

/** client.reports.compare (issue 61 item 4): the path, the ids as one query value, the domain's codec. */
describe('client.reports.compare', () => {
  const scripted = useScriptedServer();

  it('asks for the ids in order, comma-separated, and decodes the comparison', async () => {
    scripted.server().script(() => ok({ ...comparison, testId: '7' }));
    expect(await scripted.client().reports.compare(7, [4, 9])).toEqual(comparison);
    expect(scripted.server().requests[0]).toMatchObject({ method: 'GET', url: '/v2/org/tests/7/compare?ids=4%2C9' });
  });

  it("throws the server's refusal with its statuscode", async () => {
    scripted.server().script(() => refuse('400.125', 'Compare 2 to 5 candidates; ids names 1.'));
    const error = await scripted
      .client()
      .reports.compare(7, [4])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayError);
    expect(error).toMatchObject({ statuscode: '400.125' });
  });
});
