import { moveInvitation, resolveTestLinkSettings, TestDefinition } from '@assay/domain';
import { openScratchStore, type ScratchBackend, type Store } from '@assay/store';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** One single-choice question of 2 marks, 10 minutes: scoring it needs no sandbox. */
export const singleChoiceTest = TestDefinition.parse({
  testName: 'Jobs',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick', marks: 2, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});

/**
 * A real store (a SQLite file, or a PostgreSQL schema of its own) with one org and one test, and the moves the
 * jobs follow, made as the server makes them: the domain's machine decides, the store applies (and queues jobs).
 */
export const openWorld = async (backend: ScratchBackend, pgUrl: string) => {
  const { store, dispose } = await openScratchStore(backend, pgUrl);
  const orgId = (await store.orgs.create({ name: 'Acme Hiring', email: 'org@example.com', timeZoneId: 1000 }, 1)).id;
  const testId = (await store.tests.importDefinition(orgId, singleChoiceTest, `jobs-${backend}`, 1)).testId;
  let registered = 0;

  const move = async (invitationId: number, event: Parameters<typeof moveInvitation>[1], at: number) => {
    const applied = await store.invitations.applyMove(orgId, invitationId, (current) => moveInvitation(current, event), at);
    if (!applied || applied.move.err) throw new Error(`move ${event.type} refused: ${JSON.stringify(applied?.move.err)}`);
  };

  return {
    store: store as Store,
    orgId,
    dispose,
    /** A candidate registered on the test (through a link when given), with a callback URL or none. */
    register: async (options: { callbackUrl?: string | null; testLinkId?: number | null } = {}) => {
      const n = ++registered;
      const registration = {
        orgId,
        testId,
        testLinkId: options.testLinkId ?? null,
        emailKey: `c${n}@example.com`,
        email: `c${n}@example.com`,
        fullName: `Candidate ${n}`,
        callbackUrl: options.callbackUrl ?? null,
        redirectUrl: null,
      };
      return (await store.invitations.register(registration, () => `token-${backend}-${n}-${Date.now()}`, 1)).invitation.id;
    },
    /** A link of the test whose completions are mailed to `stakeholder`. */
    linkMailing: async (stakeholder: string) => {
      const settings = resolveTestLinkSettings(
        { testLinkName: 'Mailed', accessTime: 0, emailToStakeholder: stakeholder },
        { timeZoneId: 1000, email: 'org@example.com' },
      );
      if (settings.err) throw new Error(settings.err.message);
      return (await store.testLinks.create(orgId, testId, settings.val, `key-${backend}-${Date.now()}`, 1)).testLinkId;
    },
    start: (invitationId: number, at: number) => move(invitationId, { type: 'start', at, durationMinutes: singleChoiceTest.sections[0]!.duration }, at),
    submit: (invitationId: number, at: number) => move(invitationId, { type: 'submit', at }, at),
    status: async (invitationId: number) => (await store.invitations.find(orgId, invitationId))!.status,
  };
};

export type World = Awaited<ReturnType<typeof openWorld>>;

/** The settings the server and apps/worker pass the jobs, for a receiver on loopback. */
export const workerSettings = (outboxDir: string, smtpUrl?: string) => ({
  publicUrl: 'https://assay.test',
  allowPrivateCallbacks: true,
  smtpUrl,
  outboxDir,
  mailFrom: 'Assay <noreply@assay.test>',
});
