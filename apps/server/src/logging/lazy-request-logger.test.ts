import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyRequestLogger } from './lazy-request-logger.js';

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
};

/** Fastify's own pino logger, as the app gets it. */
const pinoAt = (level: string, stream: Writable) => Fastify({ logger: { level, stream } }).log;

describe('a lazy request logger', () => {
  it('makes no child for lines below the level, and binds the request id to the lines it writes', () => {
    const { lines, stream } = capture();
    const parent = pinoAt('warn', stream);
    let children = 0;
    const counting = Object.assign(Object.create(parent) as typeof parent, {
      child: (...args: Parameters<typeof parent.child>) => {
        children += 1;
        return parent.child(...args);
      },
    });
    const logger = new LazyRequestLogger(counting, { reqId: 'req-1' });
    logger.info({ detail: 1 }, 'quiet');
    logger.debug('quieter');
    expect(children).toBe(0);
    expect(logger.level).toBe('warn');

    logger.warn({ detail: 2 }, 'heard');
    logger.error('also heard');
    expect(children).toBe(1);
    expect(lines.map(({ reqId, msg, detail }) => ({ reqId, msg, detail }))).toEqual([
      { reqId: 'req-1', msg: 'heard', detail: 2 },
      { reqId: 'req-1', msg: 'also heard', detail: undefined },
    ]);
  });

  it('follows a level change, and hands out grandchildren bound to both', () => {
    const { lines, stream } = capture();
    const logger = new LazyRequestLogger(pinoAt('warn', stream), { reqId: 'req-2' });
    logger.level = 'info';
    logger.info('now heard');
    logger.child({ step: 'scoring' }).info('nested');
    expect(lines.map(({ reqId, step, msg }) => ({ reqId, step, msg }))).toEqual([
      { reqId: 'req-2', step: undefined, msg: 'now heard' },
      { reqId: 'req-2', step: 'scoring', msg: 'nested' },
    ]);
  });
});
