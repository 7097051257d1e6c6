import { askedQuestionNumbers, type SimilarityPage, type SimilarityPageQuery, similarityPageEntries, similarityPageOf } from '@assay/domain';
import { answerPlaceKey, type Store } from '@assay/store';

/**
 * One page of every similarity pair of an invitation's attempt (issue 50 item 6, decision 822), shaped as `/details`
 * lists its pairs, or undefined for an invitation not in the org (the route's 404, as for a missing one). The other
 * answers' code is read for the page's pairs only.
 */
export const similarityPageFor = async (store: Store, orgId: number, invitationId: number, query: SimilarityPageQuery): Promise<SimilarityPage | undefined> => {
  const invitation = await store.invitations.find(orgId, invitationId);
  if (!invitation) return undefined;
  const contentId = (await store.tests.versionOfInvitation(invitationId)) ?? invitation.testId;
  const [pairs, sections, questions] = await Promise.all([
    store.similarity.pairsOf(orgId, invitationId),
    store.tests.sections(contentId),
    store.attempts.questions(contentId),
  ]);
  const { page, pairsCount } = similarityPageOf(pairs, query);
  if (page.length === 0) return { pairs: [], pairsCount };
  const places = page.map((pair) => ({ invitationId: pair.otherInvitationId, questionId: pair.questionId }));
  const [codes, reviews] = await Promise.all([store.similarity.codesOf(orgId, places), store.evidenceReviews.latestOf(invitationId)]);
  const facts = page.map((pair, index) => ({ ...pair, otherCode: codes.get(answerPlaceKey(places[index]!)) ?? null }));
  return { pairs: similarityPageEntries(facts, askedQuestionNumbers(sections, questions, invitation.variantSeed ?? null), reviews), pairsCount };
};
