import fc from 'fast-check';
import { ADMIN_TOKEN } from '../../helpers/test-app.js';
import { headerText, longString } from './hostile-values.js';
import type { RouteAuth } from './route-catalogue.js';
import type { World } from './seeded-world.js';

/**
 * Credentials as the fuzzer plans them. Real keys are named, not copied: a fuzzed admin call may rotate
 * them, and the request must carry whichever key is current when it is sent.
 */
export type Credential =
  | { kind: 'none' }
  | { kind: 'ownKey' | 'otherKey' | 'revokedKey'; header?: 'x-api-key' | 'X-API-KEY' }
  | { kind: 'adminToken'; scheme: string }
  /** An org key as the HTTP Basic user name, empty password (Greenhouse's partner API). */
  | { kind: 'basicKey'; key: 'own' | 'other' | 'revoked' }
  | { kind: 'raw'; headers: Record<string, string> };

/** Whether the credential is one the route accepts (the authenticated pass) or not (the other pass). */
export type Pass = 'authenticated' | 'unauthenticated';

const garbageApiKey = fc.oneof(
  headerText(),
  longString.map((text) => text.replace(/[^\x20-\x7e]/g, 'a')),
  fc.constantFrom('', ' ', 'assay_', `assay_${'A'.repeat(43)}`, 'null', 'undefined', 'Bearer x', '*', '%00'),
  fc.string({ unit: 'binary-ascii', minLength: 16, maxLength: 200 }).map((text) => text.replace(/[\r\n\0]/g, '')),
);

const garbageAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer',
    'Basic YWRtaW46YWRtaW4=',
    `Basic ${ADMIN_TOKEN}`,
    `Bearer  ${ADMIN_TOKEN}`,
    `Bearer ${ADMIN_TOKEN}x`,
    `Token ${ADMIN_TOKEN}`,
  ),
  fc.constantFrom(`Bearer ${ADMIN_TOKEN.slice(0, -1)}`, `Bearer ${ADMIN_TOKEN.toUpperCase()}`, `Bearer ${ADMIN_TOKEN}, Bearer ${ADMIN_TOKEN}`),
  headerText().map((text) => `Bearer ${text}`),
  headerText(),
);

/** Two copies of a header arrive joined with ", ", as Node's HTTP parser joins repeated custom headers. */
const duplicated = (value: fc.Arbitrary<string>) => fc.tuple(value, value).map(([first, second]) => `${first}, ${second}`);

const wrongCredential: fc.Arbitrary<Credential> = fc.oneof(
  fc.constant<Credential>({ kind: 'none' }),
  fc.constant<Credential>({ kind: 'revokedKey' }),
  garbageApiKey.map((value): Credential => ({ kind: 'raw', headers: { 'x-api-key': value } })),
  duplicated(garbageApiKey).map((value): Credential => ({ kind: 'raw', headers: { 'x-api-key': value } })),
  garbageAuthorization.map((value): Credential => ({ kind: 'raw', headers: { authorization: value } })),
  fc.constant<Credential>({ kind: 'raw', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
);

/** The credentials of a pass over a route: its own kind in the authenticated pass, anything else in the other. */
export const credentialFor = (auth: RouteAuth, pass: Pass): fc.Arbitrary<Credential> => {
  if (pass === 'unauthenticated') {
    // A key of the org API on an admin route (and the admin token on the org API) is as wrong as garbage.
    // So is a key in x-api-key on Greenhouse's partner API, or a revoked key as its Basic user name.
    if (auth === 'greenhouse') return fc.oneof(wrongCredential, fc.constantFrom<Credential>({ kind: 'ownKey' }, { kind: 'basicKey', key: 'revoked' }));
    return auth === 'admin' ? fc.oneof(wrongCredential, fc.constant<Credential>({ kind: 'ownKey' })) : wrongCredential;
  }
  switch (auth) {
    case 'apiKey':
      return fc.oneof(
        { arbitrary: fc.constant<Credential>({ kind: 'ownKey' }), weight: 6 },
        { arbitrary: fc.constant<Credential>({ kind: 'ownKey', header: 'X-API-KEY' }), weight: 1 },
        { arbitrary: fc.constant<Credential>({ kind: 'otherKey' }), weight: 1 },
      );
    case 'greenhouse':
      return fc.oneof(
        { arbitrary: fc.constant<Credential>({ kind: 'basicKey', key: 'own' }), weight: 6 },
        { arbitrary: fc.constant<Credential>({ kind: 'basicKey', key: 'other' }), weight: 1 },
      );
    case 'admin':
      return fc.constantFrom<Credential>({ kind: 'adminToken', scheme: 'Bearer' }, { kind: 'adminToken', scheme: 'bearer' });
    case 'none':
      return fc.oneof({ arbitrary: fc.constant<Credential>({ kind: 'none' }), weight: 3 }, { arbitrary: wrongCredential, weight: 1 });
  }
};

/** The headers a credential becomes, with the keys as they are now. */
export const credentialHeaders = (credential: Credential, world: World): Record<string, string> => {
  switch (credential.kind) {
    case 'none':
      return {};
    case 'ownKey':
      return { [credential.header ?? 'x-api-key']: world.own.apiKey };
    case 'otherKey':
      return { [credential.header ?? 'x-api-key']: world.other.apiKey };
    case 'revokedKey':
      return { 'x-api-key': world.revokedKey };
    case 'adminToken':
      return { authorization: `${credential.scheme} ${ADMIN_TOKEN}` };
    case 'basicKey': {
      const key = credential.key === 'own' ? world.own.apiKey : credential.key === 'other' ? world.other.apiKey : world.revokedKey;
      return { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
    }
    case 'raw':
      return credential.headers;
  }
};
