import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_URL_KEY_SETTING, candidateOfUnsubscribeToken, newReportUrlKey } from '@assay/delivery';
import type { AppContext } from '../context.js';
import { sendFailure } from '../plugins/error-envelope.js';
import { UNSUBSCRIBE_PAGE_HEADERS, renderUnsubscribePage, type UnsubscribePage } from '../candidate-page/unsubscribe-page.js';

/** A form's bytes, taken and ignored: RFC 8058's one-click body says nothing the signed URL does not. */
const ignoreBody = (_request: unknown, _body: unknown, done: (error: null, body: undefined) => void) => done(null, undefined);

/**
 * A reminder's unsubscribe link (issue 33 item 3; decisions 519, 520): `GET /unsubscribe/{token}` asks, changing
 * nothing (link scanners open links); `POST` unsubscribes — the page's button, or a mail client's one-click
 * `List-Unsubscribe-Post`. No API key: the signed token is the credential. A token this service did not sign is 404.15.
 */
export const unsubscribeRoutes: FastifyPluginAsync<AppContext> = async (app, { store, now }) => {
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'buffer' }, ignoreBody);

  const candidateOf = async (token: string) => {
    const key = await store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
    const candidateId = candidateOfUnsubscribeToken(key, token);
    const candidate = candidateId === undefined ? undefined : await store.reminders.candidate(candidateId);
    return candidate && candidateId !== undefined ? { candidateId, ...candidate } : undefined;
  };
  // A browser reads the page; anything else (a mail client's one-click POST, a script) a bad token as the envelope.
  const answer = (request: FastifyRequest, reply: FastifyReply, page: UnsubscribePage) => {
    if (page.kind === 'invalid' && !String(request.headers.accept ?? '').includes('text/html')) {
      return sendFailure(
        reply,
        'unsubscribe-link-not-found',
        'This unsubscribe link was not issued by this service: open the link from the reminder email again.',
      );
    }
    return reply
      .code(page.kind === 'invalid' ? 404 : 200)
      .headers(UNSUBSCRIBE_PAGE_HEADERS)
      .send(renderUnsubscribePage(page));
  };

  app.get<{ Params: { token: string } }>('/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params;
    const candidate = await candidateOf(token);
    if (!candidate) return answer(request, reply, { kind: 'invalid' });
    const names = { testName: candidate.testName, orgName: candidate.orgName };
    return answer(request, reply, candidate.unsubscribed ? { kind: 'done', ...names } : { kind: 'confirm', token, ...names });
  });

  app.post<{ Params: { token: string } }>('/unsubscribe/:token', { schema: { hide: true } }, async (request, reply) => {
    const candidate = await candidateOf(request.params.token);
    if (!candidate) return answer(request, reply, { kind: 'invalid' });
    await store.reminders.unsubscribe(candidate.candidateId, now());
    return answer(request, reply, { kind: 'done', testName: candidate.testName, orgName: candidate.orgName });
  });
};
