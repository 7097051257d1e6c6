import type { CandidateInput } from '@assay/client';
import { candidate, questionIdsOf, registerFor } from './candidate.js';
import { expectSuccess } from './expectations.js';
import type { Harness } from './test-app.js';

export { writtenTest } from '@assay/testing';

/** Registers, answers (the choice right) and submits; the worker scores it. Answers left out are not given. */
export const submitWritten = async (
  h: Harness,
  testId: number,
  emailId: string,
  answers: { short?: string; essay?: string },
  extra: Partial<CandidateInput> = {},
) => {
  const registered = await registerFor(h, testId, emailId, extra);
  const api = candidate(h, registered.token);
  const [choice, short, essay] = questionIdsOf(await api.client.start()) as [number, number, number];
  expectSuccess(await api.answer(choice, { optionIds: [1] }));
  if (answers.short !== undefined) expectSuccess(await api.answer(short, { text: answers.short }));
  if (answers.essay !== undefined) expectSuccess(await api.answer(essay, { text: answers.essay }));
  expectSuccess(await api.submit());
  return { invitationId: registered.invitationId, token: registered.token, choice, short, essay };
};
