import { createHash } from 'node:crypto';
import { normalizeEmail } from '@assay/domain';

/**
 * Whom a kept answer of a keyed request names (decision 1004), recorded beside the sealed answer (which only its client
 * can open) so that an erasure drops the answers that name the erased person and keeps the org's others for their
 * 24 h: `i:<id>` for every invitation id in it, `e:<digest>` for every address. The digest is of the address in the
 * org's scope, cut to 96 bits: it confirms an address only to whoever already knows it, and goes with the answer.
 */
export const invitationSubject = (invitationId: number): string => `i:${invitationId}`;

export const addressSubject = (scope: string, email: string): string =>
  `e:${createHash('sha256')
    .update(`${scope}\n${normalizeEmail(email)}`, 'utf8')
    .digest('hex')
    .slice(0, 24)}`;

/** A key that holds invitation ids, in every front's spelling: `testInvitationId`, `testinvitationId`, `testInvitationIds`, `previousTestInvitationId`. */
const INVITATION_KEY = /invitationids?$/i;
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

const asId = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * The subjects of an answer's JSON body (as serialized for the client): invitation ids under keys that name them, and
 * every address in any string. Null when the body is not JSON: whom it names is unknown, and any erasure of the org
 * drops it, as before migration 049.
 */
export const keptAnswerSubjects = (scope: string, body: string): string[] | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const subjects = new Set<string>();
  const visit = (value: unknown, key: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [inner, item] of Object.entries(value)) visit(item, inner);
    } else if (typeof value === 'string') {
      for (const [address] of value.matchAll(ADDRESS)) subjects.add(addressSubject(scope, address));
    }
    const id = key !== undefined && INVITATION_KEY.test(key) ? asId(value) : undefined;
    if (id !== undefined) subjects.add(invitationSubject(id));
  };
  visit(parsed, undefined);
  return [...subjects];
};
