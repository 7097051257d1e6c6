import type { RefusalKind } from '@assay/domain';
import { PLAIN_HTTP_STATUS_OF_REFUSAL } from '../plain-http-status-of-refusal.js';

/**
 * v3's plain HTTP status of each refusal kind (decisions 888 and 954): the plain table (the class v2's statuscode has
 * always had), but where iMocha documents another status.
 */
export const V3_STATUS_OF_REFUSAL: Readonly<Record<RefusalKind, number>> = {
  ...PLAIN_HTTP_STATUS_OF_REFUSAL,
  // iMocha answers an address it holds nothing of with 400, not 404 (decision 888).
  'no-records-for-email': 400,
};

export const v3HttpStatusOf = (kind: RefusalKind): number => V3_STATUS_OF_REFUSAL[kind];
