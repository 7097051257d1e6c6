import { describe, expect, it } from 'vitest';
import { typescriptProfile } from './typescript.js';

describe('the TypeScript stub', () => {
  it('types every parameter and the return value from the signature', () => {
    const signature = {
      params: [
        { name: 'scores', type: 'int[]' },
        { name: 'k', type: 'long' },
        { name: 'names', type: 'map<string,string[]>' },
        { name: 'grid', type: 'char[][]' },
        { name: 'on', type: 'bool' },
      ],
      returns: 'double[]',
    };
    expect(typescriptProfile.stub('topScores', signature)).toBe(
      'function topScores(scores: number[], k: number, names: Record<string, string[]>, grid: string[][], on: boolean): number[] {\n  \n}\n',
    );
  });

  it('has no types to give without a signature', () => {
    expect(typescriptProfile.stub('f', undefined)).toBe('function f() {\n  \n}\n');
  });
});
