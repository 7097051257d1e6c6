import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const USABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's x-request-id is kept when it is sane; otherwise we mint one. Every answer echoes it (response-headers.ts). */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && USABLE_ID.test(value) ? value : randomUUID();
};
