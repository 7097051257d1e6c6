import { V3TestDetails, V3TestList, type V3TestListQuery } from '@assay/domain/schemas';
import type { CallOptions } from '../core/options.js';
import { segment } from '../core/path.js';
import type { Transport } from '../core/transport.js';

/** `GET /v3/tests` paging: pageNo from 1, pageSize 1–100 (default 20). */
export type V3ListTestsQuery = { readonly [K in keyof V3TestListQuery]?: number };

/** The organization's tests in iMocha v3's shapes. */
export class V3Tests {
  constructor(private readonly transport: Transport) {}

  list(query: V3ListTestsQuery = {}, options?: CallOptions): Promise<V3TestList> {
    return this.transport.bare({ method: 'GET', path: '/v3/tests', query, credential: 'apiKey' }, V3TestList, options);
  }

  get(testId: number, options?: CallOptions): Promise<V3TestDetails> {
    return this.transport.bare({ method: 'GET', path: `/v3/tests/${segment(testId)}`, credential: 'apiKey' }, V3TestDetails, options);
  }
}
