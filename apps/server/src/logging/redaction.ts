import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Paths whose next segment is a credential: the take-test page and the candidate API (not its public links). */
const TOKEN_SEGMENT = /^(\/(?:t|candidate\/v1)\/)(?!links(?:[/?#]|$))[^/?#]+/;
/** Query parameters that are credentials (signed report URLs). */
const SECRET_PARAMS = /([?&](?:signature|token)=)[^&#]*/gi;

/** A URL as it may appear in logs: take-test tokens and report-URL signatures replaced. */
export const redactUrl = (url: string): string => url.replace(TOKEN_SEGMENT, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');

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
