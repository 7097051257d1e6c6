import { MAX_CODE_ANSWER_LENGTH } from '@assay/domain/candidate';

/**
 * The line by the editor about the code's size (decision 667): the limit said before it is reached, and in
 * words once the code is over it (the server refuses to save it then). Pure.
 */
export function codeLimitLine(length: number, max = MAX_CODE_ANSWER_LENGTH): { over: boolean; text: string } {
  const limit = max.toLocaleString('en');
  if (length <= max) return { over: false, text: `Your code can be up to ${limit} characters.` };
  return {
    over: true,
    text: `Your code has ${length.toLocaleString('en')} characters, over the limit of ${limit}: it cannot be saved until you shorten it by ${(length - max).toLocaleString('en')}.`,
  };
}
