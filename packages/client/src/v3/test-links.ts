import { V3TestLink, V3TestLinkList } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

const linksOf = (testId: number) => `/v3/tests/${segment(testId)}/testlinks`;

/** A test's links in iMocha v3's shape (dates UTC with `Z`). */
export class V3TestLinks {
  constructor(private readonly transport: Transport) {}

  list(testId: number, options?: CallOptions): Promise<V3TestLink[]> {
    return this.transport.bare({ method: 'GET', path: linksOf(testId), credential: 'apiKey' }, V3TestLinkList, options).then((list) => list.testLinks);
  }

  get(testId: number, testLinkId: number, options?: CallOptions): Promise<V3TestLink> {
    return this.transport.bare({ method: 'GET', path: `${linksOf(testId)}/${segment(testLinkId)}`, credential: 'apiKey' }, V3TestLink, options);
  }
}
