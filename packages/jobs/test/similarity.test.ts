import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { moveInvitation, TestDefinition, type Answer } from '@assay/domain';
import { openScratchStore, type Store } from '@assay/store';
import { recordSimilarity } from '../src/handlers/similarity-step.js';

const corpus = (name: string) => readFileSync(new URL(`../../domain/test/fixtures/similarity/intervals/${name}`, import.meta.url), 'utf8');
const definition = TestDefinition.parse({
  testName: 'Similarity',
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Merge the intervals.',
          marks: 5,
          languages: ['python', 'javascript'],
          functionName: 'merge',
          starterCode: { python: 'def merge(intervals):\n    pass\n', javascript: 'function merge(intervals) {\n}\n' },
          hiddenTests: [
            {
              args: [
                [
                  [1, 3],
                  [2, 4],
                ],
              ],
              expected: [[1, 4]],
            },
          ],
        },
      ],
    },
  ],
});

/** Two orgs with the same test; candidates answer in Python (an honest answer, a copy, another honest one). */
describe.each(['sqlite', 'postgres'] as const)('similarity kept by the score job on %s (issue 34)', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  const now = () => 1_000_000;
  const orgs: { orgId: number; testId: number }[] = [];
  let registered = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
    for (const name of ['Acme', 'Other']) {
      const orgId = (await store.orgs.create({ name, email: `${name}@example.com`, timeZoneId: 1000 }, 1)).id;
      orgs.push({ orgId, testId: (await store.tests.importDefinition(orgId, definition, `similarity-${backend}-${name}`, 1)).testId });
    }
  });
  afterAll(async () => dispose());

  /** A candidate of `org` who answered `code` in Python and submitted; similarity recorded as the score job does it. */
  const submitted = async (org: { orgId: number; testId: number }, code: string) => {
    const n = ++registered;
    const { invitation } = await store.invitations.register(
      {
        orgId: org.orgId,
        testId: org.testId,
        testLinkId: null,
        emailKey: `s${n}@example.com`,
        email: `s${n}@example.com`,
        fullName: `Candidate ${n}`,
        callbackUrl: null,
        redirectUrl: null,
      },
      () => `sim-${backend}-${n}-${Date.now()}`,
      1,
    );
    for (const event of [
      { type: 'start', at: 2_000, durationMinutes: 30 },
      { type: 'submit', at: 3_000 },
    ] as const) {
      await store.invitations.applyMove(org.orgId, invitation.id, (current) => moveInvitation(current, event), event.at);
    }
    const records = await store.attempts.questions(org.testId);
    const questions = records.map(({ id, sectionId, definition: body }) => ({ questionId: id, sectionId, definition: body }));
    const answer: Answer = { code, language: 'python' };
    await store.attempts.saveAnswer(invitation.id, questions[0]!.questionId, answer, 2_500);
    await recordSimilarity(store, { orgId: org.orgId, invitationId: invitation.id, questions, answers: new Map([[questions[0]!.questionId, answer]]) }, now);
    return invitation.id;
  };

  it('pairs a disguised copy with its original, from both sides, and not two honest answers nor another org', async () => {
    const [acme, other] = orgs as [(typeof orgs)[0], (typeof orgs)[0]];
    const original = await submitted(acme, corpus('honest-c.py'));
    const honest = await submitted(acme, corpus('honest-a.py'));
    const elsewhere = await submitted(other, corpus('honest-c.py'));
    const copy = await submitted(acme, corpus('copy-of-honest-c.py'));

    const ofCopy = await store.similarity.pairsOf(acme.orgId, copy);
    expect(ofCopy).toHaveLength(1);
    expect(ofCopy[0]).toMatchObject({ otherInvitationId: original, otherCandidateName: 'Candidate 1' });
    expect(ofCopy[0]!.score).toBeGreaterThanOrEqual(0.5);
    expect(ofCopy[0]!.regions.length).toBeGreaterThan(0);
    // From the original's side the same pair, its lines on the left.
    const ofOriginal = await store.similarity.pairsOf(acme.orgId, original);
    expect(ofOriginal.map((pair) => pair.otherInvitationId)).toEqual([copy]);
    expect(ofOriginal[0]!.regions).toEqual(ofCopy[0]!.regions.map(({ left, right }) => ({ left: right, right: left })));
    expect(await store.similarity.pairsOf(acme.orgId, honest)).toEqual([]);
    // The other org's identical answer is never compared, and its org cannot read Acme's pairs.
    expect(await store.similarity.pairsOf(other.orgId, elsewhere)).toEqual([]);
    expect(await store.similarity.pairsOf(other.orgId, copy)).toEqual([]);
  });

  it('scoring an answer again finds the same pair once, and a reset clears the attempt from every pair', async () => {
    const [acme] = orgs as [(typeof orgs)[0]];
    const first = await submitted(acme, corpus('honest-b.py'));
    const second = await submitted(acme, corpus('honest-b.py').replaceAll('result', 'merged_list'));
    const records = await store.attempts.questions(acme.testId);
    const questions = records.map(({ id, sectionId, definition: body }) => ({ questionId: id, sectionId, definition: body }));
    const answers = new Map((await store.attempts.answers(second)).map((entry) => [entry.questionId, entry.answer]));
    await recordSimilarity(store, { orgId: acme.orgId, invitationId: second, questions, answers }, now);
    expect((await store.similarity.pairsOf(acme.orgId, second)).map((pair) => [pair.otherInvitationId, pair.score])).toEqual([[first, 1]]);

    await store.invitations.applyMove(acme.orgId, second, (current) => moveInvitation(current, { type: 'reset' }), 5_000);
    expect(await store.similarity.pairsOf(acme.orgId, first)).toEqual([]);
    const kept = await store.db.selectFrom('answer_fingerprints').select('invitation_id').where('invitation_id', '=', second).execute();
    expect(kept).toEqual([]);
  });
});
