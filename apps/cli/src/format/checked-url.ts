import { UnreadableAnswerError } from '../errors.js';

declare const checked: unique symbol;

/**
 * An http(s) URL of printable ASCII without spaces, as every URL Assay hands out is (take-test URLs, public
 * link pages): safe to print bare for `URL=$(assay invite …)` and the only kind of text the UI copies to the
 * clipboard. Made only by `checkUrl`, so the compiler sees that a copied URL was checked.
 */
export type CheckedUrl = string & { readonly [checked]: true };

const PRINTABLE_ASCII = /^[\x21-\x7E]+$/;

export const checkUrl = (text: string): CheckedUrl | undefined => {
  if (!PRINTABLE_ASCII.test(text) || !URL.canParse(text)) return undefined;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:' ? (text as CheckedUrl) : undefined;
};

/** The URL of a server's answer, or an unreadable answer (exit code 1): never printed or copied unchecked. */
export const answeredUrl = (text: string, what: string): CheckedUrl => {
  const url = checkUrl(text);
  if (url === undefined) throw new UnreadableAnswerError(`The server answered a ${what} that is not a plain http(s) URL; it is not shown.`);
  return url;
};
