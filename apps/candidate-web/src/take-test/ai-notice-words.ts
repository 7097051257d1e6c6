import type { AiPolicy, SessionAssistant } from '@assay/domain/ai';
import type { CandidateSession } from '@assay/domain/candidate';

/** What the landing's AI notice says (issue 60 item 1): the policy, what is recorded, whose model; pure. */
export interface AiNoticeWords {
  /** One line per policy that holds: the test's, or each section's when they differ. */
  readonly policy: string[];
  readonly recorded: string[];
  /** Who runs the model, or null when no section offers the assistant. */
  readonly model: string | null;
  /** The candidate must tick the acknowledgment before Start: an assistant is offered somewhere (decision 1181). */
  readonly needsAcknowledgment: boolean;
}

const POLICY_WORDS: Record<AiPolicy, string> = {
  none: 'AI assistants are not allowed: answer on your own, without ChatGPT, Copilot or any other AI tool.',
  guarded: 'You may use the assistant beside each question; it explains and never writes the solution.',
  open: 'You may use the assistant beside each question; it may write code for you.',
};

export const offersAssistant = (policy: AiPolicy): boolean => policy !== 'none';

const policyLines = (assistant: SessionAssistant, session: CandidateSession): string[] => {
  const distinct = new Set(assistant.sections.map((section) => section.aiPolicy));
  if (distinct.size <= 1) return [POLICY_WORDS[assistant.sections[0]?.aiPolicy ?? assistant.testPolicy]];
  return assistant.sections.map((section, index) => {
    const name = session.test.sections.find((shown) => shown.sectionId === section.sectionId)?.sectionName ?? `Section ${index + 1}`;
    return `${name}: ${POLICY_WORDS[section.aiPolicy]}`;
  });
};

/** The follow-ups' lines (decisions 1220, 1227): what comes after a submitted answer, its time, and where it goes. */
export const followUpLines = (assistant: SessionAssistant, orgName: string): string[] => {
  const followUps = assistant.followUps;
  if (!followUps || followUps.count === 0) return [];
  const minutes = followUps.seconds % 60 === 0 ? `${followUps.seconds / 60} minute${followUps.seconds === 60 ? '' : 's'}` : `${followUps.seconds} seconds`;
  const count = followUps.count === 1 ? 'one short question' : `${followUps.count} short questions`;
  return [
    `After you submit a coding or written answer, you are asked ${count} about what you wrote, ${minutes} each, one at a time; pasting is blocked there. This time counts in your test's time.`,
    followUps.byModel
      ? `Your submitted answer is sent to ${orgName}’s own model server to write those questions.`
      : 'Those questions are made from your answer by Assay itself; nothing is sent to an AI model.',
  ];
};

/** Null for a server that does not tell the policy (older than issue 60): the landing says nothing of AI then. */
export const aiNoticeWords = (session: CandidateSession, orgName: string): AiNoticeWords | null => {
  const { assistant } = session;
  if (!assistant) return null;
  const offered =
    assistant.sections.some((section) => offersAssistant(section.aiPolicy)) || (assistant.sections.length === 0 && offersAssistant(assistant.testPolicy));
  const everyTest =
    'As on every test, the page records what is listed under “What is recorded” below: pastes, typing and leaving the window can show answers that came from elsewhere.';
  const followUps = followUpLines(assistant, orgName);
  if (!offered)
    return {
      policy: [...policyLines(assistant, session), ...followUps],
      recorded: [
        assistant.followUps?.byModel
          ? 'Only your submitted answers are sent to an AI model, for the follow-up questions.'
          : 'Nothing you write is sent to an AI model.',
        everyTest,
      ],
      model: null,
      needsAcknowledgment: false,
    };
  const model = assistant.model
    ? `The assistant runs on ${orgName}’s own model server (${assistant.model.name} at ${assistant.model.host}); your messages go there and nowhere else.`
    : `The assistant would run on ${orgName}’s own model server, but none is set up now: the test works without it.`;
  return { policy: [...policyLines(assistant, session), ...followUps], recorded: [assistant.recorded, everyTest], model, needsAcknowledgment: true };
};
