/** The answer to a take-test token that opens no invitation nor open preview (404.7). */
export const UNKNOWN_TOKEN_MESSAGE = 'This test link is not valid. Check the URL in your invitation.';

/** The assistant and authorship follow-ups read and write the attempt's own records: a preview has none (decision 1494). */
export const NOT_IN_A_PREVIEW_MESSAGE = 'This is a preview: the AI assistant and follow-up questions are not offered in it.';
