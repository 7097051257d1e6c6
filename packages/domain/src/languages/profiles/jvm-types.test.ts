import { describe, expect, it } from 'vitest';
import { parseValueType } from '../value-type.js';
import { csharpProfile } from './csharp.js';
import { javaProfile } from './java.js';
import { csharpTypeText, javaTypeText } from './jvm-types.js';

const SIGNATURE = {
  params: [
    { name: 'scores', type: 'int[]' },
    { name: 'k', type: 'int' },
  ],
  returns: 'int[]',
};

describe('Java and C# type text and stubs', () => {
  it.each([
    ['int', 'int', 'int'],
    ['long', 'long', 'long'],
    ['double', 'double', 'double'],
    ['bool', 'boolean', 'bool'],
    ['string', 'String', 'string'],
    ['char', 'char', 'char'],
    ['int[][]', 'int[][]', 'int[][]'],
    ['map<string,bool>', 'Map<String, Boolean>', 'Dictionary<string, bool>'],
    ['map<string,long[]>', 'Map<String, long[]>', 'Dictionary<string, long[]>'],
    ['map<string,map<string,char>>', 'Map<String, Map<String, Character>>', 'Dictionary<string, Dictionary<string, char>>'],
  ])('%s is %s in Java and %s in C#', (text, java, csharp) => {
    const type = parseValueType(text);
    expect(type && javaTypeText(type)).toBe(java);
    expect(type && csharpTypeText(type)).toBe(csharp);
  });

  it('the Java stub is a public static method of class Solution, named as authored', () => {
    expect(javaProfile.stub('topScores', SIGNATURE)).toBe(
      'import java.util.*;\n\nclass Solution {\n    public static int[] topScores(int[] scores, int k) {\n        \n    }\n}\n',
    );
  });

  it('the C# stub is a public static method of public class Solution, named as authored', () => {
    expect(csharpProfile.stub('topScores', SIGNATURE)).toBe(
      'using System;\nusing System.Collections.Generic;\nusing System.Linq;\n\npublic class Solution\n{\n    public static int[] topScores(int[] scores, int k)\n    {\n        \n    }\n}\n',
    );
  });

  it('reserved words cannot name a function', () => {
    expect(javaProfile.reserved.has('class')).toBe(true);
    expect(csharpProfile.reserved.has('namespace')).toBe(true);
    expect(javaProfile.reserved.has('topScores')).toBe(false);
  });
});
