import type * as Undici from 'undici';

let loading: Promise<typeof Undici> | undefined;

/**
 * undici, loaded at the first delivery rather than at import: a server or worker that delivers nothing keeps the
 * ~20 MB and 0.1 s of start it costs (issue 10's idle memory and start time).
 */
export const loadUndici = (): Promise<typeof Undici> => (loading ??= import('undici'));
