import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { refusal } from '../refusal-error.js';
import { baselineHeaders } from './response-headers.js';
import type { RefusalKind } from '@assay/domain';
import { fail, httpStatusOf } from '@assay/domain/v2';
import { v2StatusOfRefusal } from '../fronts/v2/status-of-refusal.js';

/** What Node's HTTP parser refused, by its error code; anything else it refuses is `malformed-request` with a general message. */
const PARSER_FAILURES: Readonly<Record<string, [RefusalKind, string]>> = {
  HPE_HEADER_OVERFLOW: ['headers-too-large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['request-timeout', 'The request did not arrive in time.'],
  HPE_INVALID_URL: ['malformed-url', 'The URL is not valid: control characters and spaces must be percent-encoded.'],
  HPE_INVALID_METHOD: ['malformed-request', 'The request method is not an HTTP method.'],
  HPE_INVALID_VERSION: ['malformed-request', 'The request must be HTTP/1.0 or HTTP/1.1.'],
  HPE_INVALID_CONSTANT: ['malformed-request', 'The request line is not "METHOD /path HTTP/1.1" (a space in the path must be percent-encoded).'],
  HPE_INVALID_CONTENT_LENGTH: ['malformed-request', 'The Content-Length header is not valid.'],
  HPE_UNEXPECTED_CONTENT_LENGTH: ['malformed-request', 'Send either Content-Length or Transfer-Encoding: chunked, not both.'],
  HPE_INVALID_TRANSFER_ENCODING: ['malformed-request', 'Send either Content-Length or Transfer-Encoding: chunked, not both.'],
  HPE_INVALID_CHUNK_SIZE: ['malformed-request', 'The chunked body is not valid.'],
  HPE_INVALID_HEADER_TOKEN: ['malformed-request', 'A header name or value holds a character HTTP does not allow.'],
};

const GENERAL: [RefusalKind, string] = ['malformed-request', 'The request is not valid HTTP/1.1.'];

/**
 * The whole answer, as bytes for the socket: status line, the headers every answer carries, the v2 envelope. No route
 * was chosen, so no front: v2's, the root's.
 */
export const rawFailure = (kind: RefusalKind, message: string, requestId: string = randomUUID()): string => {
  const code = v2StatusOfRefusal(kind);
  const status = httpStatusOf(code);
  const body = JSON.stringify(fail(code, message));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...baselineHeaders(requestId),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
};

/** The socket's current response, when Node is writing one (`_httpMessage` is how Node's own handler tells). */
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses never becomes a request, so no hook sees it; it
 * answers the envelope here, on the socket, and the connection closes (what follows on it cannot be trusted). Only
 * the error code is logged: the raw packet Node attaches would put tokens and keys into the log.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: HttpSocket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [kind, message] = PARSER_FAILURES[error.code] ?? GENERAL;
  // At debug: anyone can send these, one a connection; at info a flood of them would be a flood of lines.
  this.log.debug({ code: error.code }, 'malformed request refused');
  // Half an answer is on its way already (a body that broke after its headers were read): nothing can follow it.
  if (socket.writable && !socket._httpMessage?.headersSent) socket.end(rawFailure(kind, message));
  socket.destroySoon();
}

/**
 * Two requests Node would answer (or drop) itself, before Fastify sees them: CONNECT (Node closes the connection
 * without a word when nobody listens for it) answers 405.1 on the socket; an `Expect` other than `100-continue`
 * (Node answers a bare 417) is ignored, as RFC 9110 allows, and the request is served like any other.
 */
export const answerWhatNodeWould = (app: FastifyInstance): void => {
  app.server.on('connect', (_request: unknown, socket: Socket) => {
    app.log.debug('CONNECT refused');
    if (socket.writable) socket.end(rawFailure('method-not-allowed', 'CONNECT is not answered here: Assay is not a proxy.'));
    socket.destroySoon();
  });
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
};

/**
 * Node answers an HTTP/1.1 request without Host with its own bare 400 unless told not to (`requireHostHeader:
 * false`, see app.ts); it is refused here instead, with the envelope, and the connection closes as Node's would.
 */
export const requireHostHeader = (app: FastifyInstance): void => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host) return done();
    reply.header('connection', 'close');
    throw refusal('malformed-request', 'An HTTP/1.1 request needs a Host header.');
  });
};
