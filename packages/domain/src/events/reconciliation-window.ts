import { ok, refuse, type Result } from '../result.js';

/** The instants a reconciliation query covers: `from` inclusive, `to` exclusive, both epoch milliseconds. */
export interface ReconciliationWindow {
  readonly from: number;
  readonly to: number;
}

/**
 * The window `GET /v2/events` asks about, from its already validated ISO date-times. Without `to` the window ends
 * now, this millisecond included: an event of the same instant as the request would otherwise be left out of a
 * window that claims to reach the present. A window that ends before it starts is refused (400.4).
 */
export const reconciliationWindow = (query: { readonly from: string; readonly to?: string | undefined }, now: number): Result<ReconciliationWindow> => {
  const from = Date.parse(query.from);
  const to = query.to === undefined ? now + 1 : Date.parse(query.to);
  return to <= from ? refuse('invalid-query', 'to must be after from') : ok({ from, to });
};
