import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument } from '../openapi/finish-document.js';
import type { JsonObject } from '../openapi/json-walk.js';
import { ADMIN_SECURITY, documentRouteOf } from '../openapi/route-transform.js';
import type { FrontDescriptor } from '../fronts/front-descriptor.js';

/** OpenAPI 3.1 generated from the same zod schemas that validate requests, at /openapi.json and /docs. */
export const registerOpenApi = async (app: FastifyInstance, publicUrl: string, fronts: readonly FrontDescriptor[]): Promise<void> => {
  const schemes = [ADMIN_SECURITY, ...fronts.map((front) => front.security)];
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Assay API',
        version: '2.0.0',
        description:
          'The assessment API v2 (tests, test links, registration, invitations, reports, exports) plus Assay extensions. ' +
          'Every JSON response is the envelope { statuscode, description, result }; on failure result is a message string ' +
          '(except the Greenhouse partner API under /partners/greenhouse, which answers in Greenhouse’s own shapes). ' +
          'Status codes: docs/status-codes.md. ' +
          'Every POST of /v2/org and /admin accepts an Idempotency-Key header (1 to 255 printable characters): a repeat within 24 h ' +
          'answers the first successful response with Idempotent-Replayed: true. Rate-limited routes send RateLimit-Limit, ' +
          'RateLimit-Remaining and RateLimit-Reset, and answer 429.1 with Retry-After when a limit is reached.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: publicUrl }],
      tags: [
        { name: 'tests', description: 'Spec 4.1, 4.2 and the test import extension' },
        { name: 'library', description: 'The open library: items and ready tests with their licences, and new tests made from them (docs/library.md)' },
        { name: 'test links', description: 'Spec 4.3 to 4.6' },
        { name: 'registration', description: 'Spec 4.7 and 4.8' },
        { name: 'invitations', description: 'Spec 4.9 and 4.10' },
        { name: 'reports', description: 'Spec 4.11 to 4.14' },
        { name: 'grading', description: 'Grading written answers: the review queue and grades (Assay extension)' },
        { name: 'webhooks', description: 'Completion callbacks: signing secrets, test events, delivery logs, redelivery and reconciliation' },
        { name: 'people', description: "An organization's people and their keys, managed by its admin key (Assay extension)" },
        { name: 'data protection', description: "A candidate's personal data: access (export) (docs/data-protection.md)" },
        { name: 'org', description: 'What candidate pages say about the organization: its display name and contact' },
        {
          name: 'greenhouse',
          description:
            'The Greenhouse Assessment Partner API under /partners/greenhouse (Greenhouse’s own shapes, no envelope; failures are { status, statuscode, errors }), and connecting an org (docs/greenhouse.md)',
        },
        {
          name: 'reminders',
          description:
            'Reminder emails before an invitation’s window closes, the stakeholder’s note when it expires unstarted, an invitation’s own expiry (docs/reminders.md)',
        },
        { name: 'candidate', description: 'The candidate JSON API behind the take-test page; the token in the path is the credential' },
        { name: 'reference', description: 'Lookup tables' },
        {
          name: 'v3',
          description:
            "iMocha v3's paths under /v3 on the same tests, links, invitations, reports and callbacks: `x-api-key`, plain HTTP statuses, failures as `{ statusCode, message, errors }` (docs/v3.md; docs/architecture.md, Fronts)",
        },
        { name: 'admin', description: 'Operator API, enabled by ASSAY_ADMIN_TOKEN' },
        { name: 'operations', description: 'Health and readiness' },
      ],
      components: {
        securitySchemes: Object.fromEntries(schemes.map(({ name, scheme }) => [name, scheme])),
      },
    },
    transform: documentRouteOf(fronts),
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as JsonObject, fronts),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The reference page gets a CSP too (the UI's own script and style hashes). Without the upgrade
    // directive: a plain-http start on localhost would otherwise fetch its own assets over https and fail.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
