import type { RefusalKind } from '@assay/domain';
import { PLAIN_HTTP_STATUS_OF_REFUSAL } from '../plain-http-status-of-refusal.js';

/**
 * Greenhouse's HTTP status of each refusal kind (decisions 452 and 954): Greenhouse's docs name 400, 401 and 404, and
 * every kind answers the class v2's statuscode has, as it always has — the plain table, unchanged.
 */
export const GREENHOUSE_STATUS_OF_REFUSAL: Readonly<Record<RefusalKind, number>> = PLAIN_HTTP_STATUS_OF_REFUSAL;

export const greenhouseHttpStatusOf = (kind: RefusalKind): number => GREENHOUSE_STATUS_OF_REFUSAL[kind];
