import type { FastifyInstance } from 'fastify';
import { refusal } from '../refusal-error.js';

const NUL = '\u0000';

/** True when a string, or an object key, anywhere in `value` holds U+0000; iterative, so no input overflows the stack. */
export const holdsNul = (value: unknown): boolean => {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
    } else if (current !== null && typeof current === 'object') {
      // Own enumerable keys, as Object.entries gives them, without an array of pairs for every request's params.
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (key.includes(NUL)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
};

/**
 * U+0000 is refused in path and query parameters (400.13) and in bodies (400.2), before anything is looked
 * up or stored: PostgreSQL cannot hold it in text (a 500 there) while SQLite stores it, and no field has a
 * use for it. One answer on both backends (decision 105).
 */
export const refuseNulCharacters = (app: FastifyInstance): void => {
  // A callback hook: no promise per request (Fastify answers what it throws like a rejection).
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query)) {
      throw refusal('malformed-url', 'The URL holds a NUL character (%00): no path or query parameter accepts one.');
    }
    if (holdsNul(request.body)) throw refusal('invalid-field', 'The request body holds a NUL character (\\u0000): no field accepts one.');
    done();
  });
};
