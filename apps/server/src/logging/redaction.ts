import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/** Query keys whose values are credentials (signed report URLs), compared decoded and in lower case. */
const SECRET_QUERY_KEYS: ReadonlySet<string> = new Set(['signature', 'token']);

/** Query keys whose values are a person's words: the invitation list's search (`q`: names, addresses; decision 1007). */
const PERSONAL_QUERY_KEYS: ReadonlySet<string> = new Set(['q']);

/** An email address wherever it turns up in a URL (decoded): a person, not a route. */
const ADDRESS_SHAPED = /[^\s/?&=@]+@[^\s/?&=@]+\.[^\s/?&=@]+/;

/**
 * What a credential looks like wherever it turns up: take-test tokens and report signatures are runs of 43 URL-safe
 * base64 characters (256 bits). Ids (at most 19 digits), link access keys (22) and file names hold no such run.
 */
const SECRET_SHAPED = /[A-Za-z0-9_-]{32}/;

/** How many rounds of percent-decoding a name gets: `%2574` reads `%74`, then `t`. The router decodes once. */
const DECODING_ROUNDS = 4;

/** Percent-decoded until it no longer changes; escapes that are not UTF-8 decode byte by byte, broken ones stay. */
const decoded = (text: string): string => {
  let current = text;
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
};

/** The path's words as the router could read them (decoded, case-folded, empty ones dropped), each with its raw segment. */
const pathWords = (segments: readonly string[]): { word: string; segment: number }[] =>
  segments.flatMap((raw, segment) =>
    decoded(raw)
      .toLowerCase()
      .split(/[/\\]/)
      .filter(Boolean)
      .map((word) => ({ word, segment })),
  );

/**
 * The raw segments that hold a credential: the one after `t` (the take-test page) or `shared` (a report share), the one after `candidate/v1`
 * (the candidate API, except its public `links`), and any that is shaped like a credential — however the path is
 * spelled: percent-encoded, in another case, with doubled or encoded slashes.
 */
const secretSegments = (segments: readonly string[]): Set<number> => {
  const words = pathWords(segments);
  const secret = new Set<number>();
  words.forEach(({ word, segment }, index) => {
    if (SECRET_SHAPED.test(word) || ADDRESS_SHAPED.test(word)) secret.add(segment);
    const next = words[index + 1];
    if (word === 't' && next) secret.add(next.segment);
    // A report share's token (decision 1434), even cut short or mistyped: it may be most of a working one.
    if (word === 'shared' && next) secret.add(next.segment);
    const third = words[index + 2];
    if (word === 'candidate' && next?.word === 'v1' && third && third.word !== 'links') secret.add(third.segment);
  });
  return secret;
};

/**
 * A query pair as logged: the value of a credential key or of a person's words (decoded, any case), or a value shaped
 * like a credential or an address, is replaced; so is a key shaped like a credential.
 */
const redactedPair = (pair: string): string => {
  const split = pair.indexOf('=');
  const rawKey = split < 0 ? pair : pair.slice(0, split);
  const key = decoded(rawKey.replaceAll('+', ' ')).trim().toLowerCase();
  const value = split < 0 ? '' : decoded(pair.slice(split + 1).replaceAll('+', ' '));
  if (SECRET_SHAPED.test(key)) return REDACTED;
  const hidden = SECRET_QUERY_KEYS.has(key) || PERSONAL_QUERY_KEYS.has(key) || SECRET_SHAPED.test(value) || ADDRESS_SHAPED.test(value);
  return hidden ? `${rawKey}=${REDACTED}` : pair;
};

/**
 * A URL as it may appear in logs: take-test tokens, report-URL signatures, search words and addresses replaced, judged
 * on the URL as the router and the query parser read it (decoded), not on its raw spelling; a fragment is dropped.
 */
export const redactUrl = (url: string): string => {
  const pathEnd = url.search(/[?#]/);
  const path = pathEnd < 0 ? url : url.slice(0, pathEnd);
  const rest = pathEnd < 0 ? '' : url.slice(pathEnd);
  const segments = path.split('/');
  const secret = secretSegments(segments);
  const loggedPath = segments.map((segment, index) => (secret.has(index) ? REDACTED : segment)).join('/');
  const query = rest.startsWith('?') ? rest.slice(1).split('#')[0]! : undefined;
  const loggedQuery = query === undefined ? '' : `?${query.split('&').map(redactedPair).join('&')}`;
  return `${loggedPath}${loggedQuery}${rest.includes('#') ? '#' : ''}`;
};

/** Fastify's request log line, with the URL redacted: a token in a log is a way into someone's test. */
export const redactedRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

type LoggerOption = FastifyServerOptions['logger'];

/** The app's logger settings with the redacting request serializer in place (false stays off). */
export const withRedaction = (logger: LoggerOption): LoggerOption => {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: redactedRequest } };
};
