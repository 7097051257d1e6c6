import fc from 'fast-check';
import { credentialFor, type Credential, type Pass } from './credentials.js';
import { encode, headerText, hostileJsonValue, hostilePayload, hostileSegment, hostileString } from './hostile-values.js';
import { routeName, type FuzzRoute, type OpenApiDocument, type QueryParameter } from './route-catalogue.js';
import { almostValid, conformingValue } from './schema-arbitrary.js';
import { ID_KINDS, type IdKind, type World } from './seeded-world.js';

/** One request as planned: everything but the credential's current value is fixed here. */
export interface RequestPlan {
  readonly method: string;
  /** Path and query exactly as they go on the wire. */
  readonly url: string;
  readonly credential: Credential;
  readonly headers: Record<string, string>;
  readonly payload: string | Buffer | undefined;
}

const MAX_SHOWN = 300;
const shorten = (text: string): string => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)` : text);

/** How a plan reads in a failure message: short, whatever the payload's size. */
export const describePlan = (plan: RequestPlan): string =>
  [
    `${plan.method} ${shorten(plan.url)}`,
    `credential: ${shorten(JSON.stringify(plan.credential))}`,
    `headers: ${shorten(JSON.stringify(plan.headers))}`,
    `payload: ${plan.payload === undefined ? '(none)' : shorten(Buffer.isBuffer(plan.payload) ? `<bytes ${plan.payload.toString('hex')}>` : JSON.stringify(plan.payload))}`,
  ].join('\n  ');

const isIdKind = (name: string): name is IdKind => (ID_KINDS as readonly string[]).includes(name);

/** Values that exist (the org's own, another org's) and ids that exist nowhere, for a parameter of this name. */
export const knownValues = (name: string, world: World): { own: string[]; other: string[] } => {
  const { own, other } = world;
  if (isIdKind(name)) return { own: own.ids[name].map(String), other: [...other.ids[name], ...world.missingIds].map(String) };
  switch (name) {
    case 'token':
      return { own: [...own.freshTokens, ...own.tokens], other: other.tokens };
    case 'accessKey':
      return { own: own.accessKeys, other: other.accessKeys };
    case 'expires':
      return { own: [world.signedReport.expires], other: ['0', '99999999999'] };
    case 'signature':
      return { own: [world.signedReport.signature], other: [world.signedReport.signature.slice(1), 'A'.repeat(43)] };
    case 'page_size':
    case 'page_no':
    case 'limit':
      return { own: ['1', '2', '20'], other: ['0', '100000', '999999999'] };
    case 'from':
    case 'to':
      return {
        own: ['2020-01-01T00:00:00Z', new Date(Date.now() + 86_400_000).toISOString()],
        other: ['2020-01-01T00:00:00+23:59', '9999-12-31T23:59:59.999Z'],
      };
    default:
      return { own: [], other: [] };
  }
};

/** Files and tricks for wildcard tails (`/docs/*`): real names, traversal attempts, garbage. */
const wildcardTail = fc.oneof(
  fc.constantFrom('index.html', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'static/index.html', 'json', 'yaml', ''),
  fc.constantFrom(
    '../package.json',
    '..%2Fpackage.json',
    '%2e%2e/%2e%2e/package.json',
    '....//....//etc/passwd',
    'static/%2e%2e/%2e%2e/%2e%2e/package.json',
    '.env',
  ),
  fc.array(hostileSegment, { minLength: 1, maxLength: 3 }).map((segments) => segments.join('/')),
);

/** The parameter of the pseudo-route that stands for paths no route serves (see `STRAY_PATHS`). */
export const STRAY_PATH_PARAM = 'strayPath';

/** Paths next to real ones: known prefixes with hostile tails, trailing slashes, doubled slashes. */
const strayPath = fc
  .tuple(
    fc.constantFrom(
      'nowhere',
      'v2',
      'v2/org',
      'v2/org/tests/1',
      'v2/org/report',
      'v2/reports',
      'candidate',
      'candidate/v1/links',
      'admin',
      'admin/orgs/1',
      'assets',
      '/',
    ),
    fc.array(hostileSegment, { maxLength: 3 }),
    fc.constantFrom('', '/', '//'),
  )
  .map(([prefix, segments, tail]) => [prefix, ...segments].filter((part) => part !== '').join('/') + tail);

const segmentFor = (name: string, world: World): fc.Arbitrary<string> => {
  if (name === '*') return wildcardTail;
  if (name === STRAY_PATH_PARAM) return strayPath;
  const { own, other } = knownValues(name, world);
  const choices: fc.WeightedArbitrary<string>[] = [{ arbitrary: hostileSegment, weight: 3 }];
  if (own.length > 0) choices.push({ arbitrary: fc.constantFrom(...own).map(encode), weight: 5 });
  if (other.length > 0) choices.push({ arbitrary: fc.constantFrom(...other).map(encode), weight: 2 });
  return fc.oneof(...choices);
};

/** A raw query component: usually encoded, sometimes broken percent-encoding straight on the wire. */
const queryText = (value: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: value.map(encode), weight: 4 },
    { arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', '+', '&', '=', '[]', '%FF%FE'), weight: 1 },
  );

const queryValue = (openapi: OpenApiDocument, parameter: QueryParameter, world: World): fc.Arbitrary<string> => {
  const { own, other } = knownValues(parameter.name, world);
  const choices: fc.WeightedArbitrary<string>[] = [
    { arbitrary: conformingValue(openapi, parameter.schema).map(String), weight: 2 },
    { arbitrary: hostileString, weight: 2 },
  ];
  if (own.length > 0) choices.push({ arbitrary: fc.constantFrom(...own), weight: 4 });
  if (other.length > 0) choices.push({ arbitrary: fc.constantFrom(...other), weight: 1 });
  return fc.oneof(...choices);
};

/** Declared parameters (absent, once, or repeated, which parsers turn into arrays) plus stray and reserved names. */
const queryFor = (route: FuzzRoute, openapi: OpenApiDocument, world: World): fc.Arbitrary<string> => {
  const declared = route.query.map((parameter) =>
    fc.oneof(
      { arbitrary: fc.constant<string[]>([]), weight: parameter.required ? 1 : 2 },
      { arbitrary: queryText(queryValue(openapi, parameter, world)).map((value) => [`${parameter.name}=${value}`]), weight: 6 },
      {
        arbitrary: fc
          .array(queryText(queryValue(openapi, parameter, world)), { minLength: 2, maxLength: 3 })
          .map((values) => values.map((value) => `${parameter.name}=${value}`)),
        weight: 1,
      },
      { arbitrary: fc.constant([parameter.name]), weight: 1 },
    ),
  );
  const strayName = fc.oneof(
    fc.constantFrom('__proto__', 'constructor[prototype][admin]', '__proto__[admin]', 'a[b][c]', 'testId[]', ''),
    hostileString.map(encode),
  );
  const stray = fc.array(
    fc.tuple(strayName, queryText(hostileString)).map(([name, value]) => `${name}=${value}`),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...declared), stray, fc.boolean()).map(([parts, extra, extraFirst]) => {
    const all = extraFirst ? [...extra, ...parts.flat()] : [...parts.flat(), ...extra];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
};

/** The route's schema gives shaped and almost-valid bodies; every route also gets bodies no schema expects. */
const payloadFor = (route: FuzzRoute, openapi: OpenApiDocument, world: World): fc.Arbitrary<string | Buffer | undefined> => {
  const json = (value: fc.Arbitrary<unknown>) => value.map((body) => JSON.stringify(body) ?? 'null');
  if (!route.body) {
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: json(hostileJsonValue), weight: 1 },
      { arbitrary: hostilePayload, weight: 1 },
    );
  }
  const examples = world.acceptedBodies.get(routeName(route)) ?? [];
  const shaped = examples.length > 0 ? fc.oneof(conformingValue(openapi, route.body), fc.constantFrom(...examples)) : conformingValue(openapi, route.body);
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: json(shaped), weight: 3 },
    { arbitrary: json(almostValid(openapi, route.body, examples)), weight: 5 },
    { arbitrary: json(hostileJsonValue), weight: 1 },
    { arbitrary: hostilePayload, weight: 1 },
  );
};

const JSON_TYPE = 'application/json;charset=utf-8';
const contentType = fc.oneof(
  { arbitrary: fc.constant(JSON_TYPE), weight: 24 },
  {
    arbitrary: fc.constantFrom(
      'application/json',
      'APPLICATION/JSON; CHARSET=UTF-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16le',
      'application/json;charset="utf-8"',
      'application/json; charset=utf-8; charset=ascii',
      'application/json, text/plain',
      'application/jsonx',
      'application/json;;',
      'application/vnd.api+json',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/octet-stream',
      'application/xml',
      '*/*',
      ';',
      '',
      'application/',
      '/json',
    ),
    weight: 4,
  },
  { arbitrary: headerText(), weight: 1 },
);

/** Headers besides the credential: content types and charsets that lie, and request headers the app reads. */
const headersFor: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.option(contentType, { freq: 10, nil: undefined }),
    fc.record(
      {
        accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*', 'application/pdf', ''), headerText()),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', 'identity;q=0', '*', 'x-garbage'),
        'idempotency-key': fc.oneof(fc.uuid(), headerText(), fc.constantFrom('', ' ', 'k'.repeat(300), 'same-key', 'same-key, same-key')),
        'x-request-id': fc.oneof(headerText(), fc.constant('r'.repeat(200))),
        'x-forwarded-for': fc.oneof(headerText(), fc.constantFrom('1.2.3.4', '::1', 'unknown', '1.2.3.4, 5.6.7.8')),
        'content-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-garbage'),
        'if-none-match': fc.oneof(headerText(), fc.constant('*')),
        range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=abc', 'bytes=0-0,1-1,2-2'),
        origin: fc.constantFrom('https://evil.example', 'null'),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([type, extra]) => (type === undefined ? extra : { 'content-type': type, ...extra }));

const ANY_METHOD = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');

/** A value the route accepts for each part of the request (as far as the seeded world and the schema tell). */
const benignParts = (route: FuzzRoute, openapi: OpenApiDocument, world: World) => {
  const examples = world.acceptedBodies.get(routeName(route)) ?? [];
  const ownValue = (name: string, fallback: fc.Arbitrary<string>) => {
    const { own } = knownValues(name, world);
    return own.length > 0 ? fc.constantFrom(...own) : fallback;
  };
  return {
    method: fc.constant(route.method),
    values: fc.tuple(
      ...route.params.map((name) =>
        name === '*'
          ? fc.constantFrom('index.html', 'swagger-ui.css')
          : name === STRAY_PATH_PARAM
            ? strayPath
            : ownValue(name, fc.constantFrom('1', '2')).map(encode),
      ),
    ),
    query: fc
      .tuple(
        ...route.query.map((parameter) => {
          const value = ownValue(parameter.name, conformingValue(openapi, parameter.schema).map(String)).map((text) => `${parameter.name}=${encode(text)}`);
          return parameter.required ? value : fc.option(value, { nil: undefined });
        }),
      )
      .map((parts) => (parts.some(Boolean) ? `?${parts.filter(Boolean).join('&')}` : '')),
    headers: fc.constant<Record<string, string>>({ 'content-type': JSON_TYPE }),
    payload: route.body
      ? (examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), conformingValue(openapi, route.body)) : conformingValue(openapi, route.body)).map(
          (body) => JSON.stringify(body),
        )
      : fc.constant(undefined),
  };
};

type Part = 'method' | 'values' | 'query' | 'headers' | 'payload';
const PARTS: Part[] = ['method', 'values', 'query', 'headers', 'payload'];

/**
 * Hostile requests aimed at one route: a third with every part hostile (path parameters, query, headers,
 * body, now and then the method), most with exactly one part hostile and the rest what the route accepts
 * (so the hostile part is what the deepest check sees), and some accepted as far as can be told. The
 * credential is the pass's: the route's own kind, or anything else.
 */
export const requestArbitrary = (route: FuzzRoute, pass: Pass, openapi: OpenApiDocument, world: World): fc.Arbitrary<RequestPlan> => {
  const hostile = {
    method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 9 }, { arbitrary: ANY_METHOD, weight: 1 }),
    values: fc.tuple(...route.params.map((name) => segmentFor(name, world))),
    query: queryFor(route, openapi, world),
    headers: headersFor,
    payload: payloadFor(route, openapi, world),
  };
  const benign = benignParts(route, openapi, world);
  const credential = credentialFor(route.auth, pass);
  const withHostile = (parts: Part[]) =>
    fc.record({
      method: parts.includes('method') ? hostile.method : benign.method,
      values: parts.includes('values') ? hostile.values : benign.values,
      query: parts.includes('query') ? hostile.query : benign.query,
      headers: parts.includes('headers') ? hostile.headers : benign.headers,
      payload: parts.includes('payload') ? hostile.payload : benign.payload,
      credential,
    });
  return fc
    .oneof({ arbitrary: withHostile(PARTS), weight: 6 }, ...PARTS.map((part) => ({ arbitrary: withHostile([part]), weight: part === 'method' ? 1 : 2 })), {
      arbitrary: withHostile([]),
      weight: 2,
    })
    .map(({ method, values, query, credential: chosen, headers, payload }) => {
      let index = 0;
      const path = route.url.replace(/:[^/]+|\*/g, () => values[index++] ?? '');
      const plan: RequestPlan = { method, url: `${path}${query}`, credential: chosen, headers, payload };
      // fast-check prints counterexamples through this: a 3 MB payload must not flood the report.
      return Object.assign(plan, { [fc.toStringMethod]: () => describePlan(plan) });
    });
};
