import { LinkRegistration, TestLink, TestLinkList, type RegisterCandidateInput, type TestLinkInput } from '@assay/domain/schemas';
import type { z } from 'zod';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/** Create and update bodies (4.3, 4.4): accessTime 0|1|2, dates `YYYY-MM-DDTHH:MM:SS` in UTC for 1 and 2. */
export type TestLinkBody = z.input<typeof TestLinkInput>;

/** A candidate to register: emailId and fullName, optionally callbackURL and redirectURL. */
export type CandidateInput = z.input<typeof RegisterCandidateInput>;

const linksOf = (testId: number) => `/v2/org/tests/${segment(testId)}/testlinks`;

/** Test links of a test (4.3–4.6) and registration through a link (4.8). */
export class TestLinks {
  constructor(private readonly transport: Transport) {}

  list(testId: number, options?: CallOptions): Promise<TestLink[]> {
    return this.transport.json({ method: 'GET', path: linksOf(testId), credential: 'apiKey' }, TestLinkList, options).then((list) => list.testLinks);
  }

  get(testId: number, testLinkId: number, options?: CallOptions): Promise<TestLink> {
    return this.transport.json({ method: 'GET', path: `${linksOf(testId)}/${segment(testLinkId)}`, credential: 'apiKey' }, TestLink, options);
  }

  create(testId: number, body: TestLinkBody, options?: CallOptions): Promise<TestLink> {
    return this.transport.json({ method: 'POST', path: linksOf(testId), body, credential: 'apiKey', acceptsIdempotencyKey: true }, TestLink, options);
  }

  /** Fields left out keep their stored values. */
  update(testId: number, testLinkId: number, body: TestLinkBody, options?: CallOptions): Promise<TestLink> {
    return this.transport.json(
      { method: 'POST', path: `${linksOf(testId)}/${segment(testLinkId)}`, body, credential: 'apiKey', acceptsIdempotencyKey: true },
      TestLink,
      options,
    );
  }

  /** Registers a candidate through the link: the invitation, its take-test URL and the link's validity in words. */
  register(testId: number, testLinkId: number, candidate: CandidateInput, options?: CallOptions): Promise<LinkRegistration> {
    return this.transport.json(
      { method: 'POST', path: `${linksOf(testId)}/${segment(testLinkId)}/register`, body: candidate, credential: 'apiKey', acceptsIdempotencyKey: true },
      LinkRegistration,
      options,
    );
  }
}
