/**
 * The page's first import. The client decodes answers with the domain's zod schemas, and zod probes
 * `new Function` as each object schema is built; the page's CSP (`script-src 'self'`) refuses it and the
 * browser reports a violation even though zod catches the throw. Jitless zod never probes. It has to be set
 * before any schema module runs, so it is a module of its own, imported first.
 */
import { config } from 'zod';

config({ jitless: true });
