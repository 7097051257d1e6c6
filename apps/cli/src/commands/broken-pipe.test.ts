import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { abortedOnWriteError, exitQuietlyOnBrokenPipe } from './broken-pipe.js';

const failure = (code: string) => Object.assign(new Error(`write ${code}`), { code });

describe('a broken pipe (`assay … | head -1`)', () => {
  it('exits 0 on EPIPE, on stdout or stderr', () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const exits: number[] = [];
    exitQuietlyOnBrokenPipe([stdout, stderr], (code) => exits.push(code));
    stdout.emit('error', failure('EPIPE'));
    stderr.emit('error', failure('EPIPE'));
    expect(exits).toEqual([0, 0]);
  });

  it('leaves any other stream error to surface', () => {
    const stdout = new PassThrough();
    const exits: number[] = [];
    exitQuietlyOnBrokenPipe([stdout], (code) => exits.push(code));
    expect(() => stdout.emit('error', failure('EIO'))).toThrow('write EIO');
    expect(exits).toEqual([]);
  });

  it('tells a follow loop that its reader went away', () => {
    const stdout = new PassThrough();
    const gone = abortedOnWriteError(stdout);
    expect(gone.signal.aborted).toBe(false);
    stdout.emit('error', failure('EPIPE'));
    expect(gone.signal.aborted).toBe(true);
    gone.dispose();
  });
});
