import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import type { FrontRateLimit } from '../rate-limits/rate-limits.js';
import type { Front } from './front.js';

/** The two kinds of OpenAPI security scheme Assay's credentials take: a key in a header, or HTTP Basic or Bearer. */
type SecurityScheme =
  | { readonly type: 'apiKey'; readonly in: 'header'; readonly name: string; readonly description?: string }
  | { readonly type: 'http'; readonly scheme: 'basic' | 'bearer'; readonly description?: string };

/** An OpenAPI security scheme a front's routes require: its name in the document and its definition there. */
export interface FrontSecurity {
  readonly name: string;
  readonly scheme: SecurityScheme;
}

/** A shared response of the API document (429, 503): its component name and what it says. */
export interface FrontResponse {
  readonly name: string;
  readonly description: string;
}

/** How the API document describes a front's operations where the routes do not say it themselves. */
export interface FrontDocumentation {
  /** The component schema of its failure body (`#/components/schemas/<name>`). */
  readonly failureSchema: string;
  /** What fastify-swagger's placeholder "Default Response" becomes, per response class. */
  readonly descriptions: { readonly '200': string; readonly '4XX': string; readonly '5XX': string };
  readonly tooManyRequests: FrontResponse;
  readonly unavailable: FrontResponse;
}

/**
 * Everything Assay knows about one front of the API key (decision 1300), read by every table that used to repeat its
 * prefix: the registration (fronts/register-fronts.ts), the rate limits, the API document's security and conventions,
 * and the tests. Every field is required: a front cannot leave out its per-key limit, and nothing outside the list of
 * fronts (fronts/fronts.ts) names its prefix.
 */
export interface FrontDescriptor {
  readonly name: string;
  /** Where its routes are mounted, without a trailing slash: `/v3`. */
  readonly prefix: `/${string}`;
  /** How its failures leave: its body and HTTP status. */
  readonly front: Front;
  /** The scheme its routes take, as documented; its `register` installs the matching credential check. */
  readonly security: FrontSecurity;
  /** The budget each of its routes spends per credential. */
  readonly rateLimit: FrontRateLimit;
  /** Whether its POSTs and PUTs honour `Idempotency-Key` (installed and documented from this one flag). */
  readonly idempotencyKeys: boolean;
  readonly documentation: FrontDocumentation;
  /** Its routes and credential check, registered inside the scope that carries its prefix, failures and limit. */
  readonly register: FastifyPluginAsyncZod<AppContext>;
}
