import type { LanguageProfile } from '../profile.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { csharpTypeText, parsedSignature } from './jvm-types.js';
import { cFamily } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const CSHARP_RESERVED: ReadonlySet<string> = new Set(
  'abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while'.split(
    ' ',
  ),
);

const CSHARP_GRAMMAR = cFamily(
  'abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach get goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed set short sizeof static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using var virtual void volatile while yield',
  ['"""', '"', "'"],
  ['"""'],
);

/**
 * C# (Mono). A function question's answer is a `public static` method of `public class Solution` in Solution.cs,
 * named exactly as the question authored it (decision 711).
 */
export const csharpProfile: LanguageProfile<'csharp'> = {
  id: 'csharp',
  name: 'C#',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'Solution.cs',
  editor: { kind: 'legacy', module: 'clike', parser: 'csharp' },
  valueSyntax: 'json',
  grammar: CSHARP_GRAMMAR,
  tokens: cLikeReading(CSHARP_RESERVED),
  indent: '    ',
  identifier: C_LIKE_IDENTIFIER,
  reserved: CSHARP_RESERVED,
  stub: (functionName, signature) => {
    const typed = signature === undefined ? undefined : parsedSignature(signature);
    const returns = typed === undefined ? 'void' : csharpTypeText(typed.returns);
    const params = (typed?.params ?? []).map((p) => `${csharpTypeText(p.type)} ${p.name}`).join(', ');
    return `using System;\nusing System.Collections.Generic;\nusing System.Linq;\n\npublic class Solution\n{\n    public static ${returns} ${functionName}(${params})\n    {\n        \n    }\n}\n`;
  },
  stdioStub: () =>
    'using System;\nusing System.Linq;\n\npublic class Solution\n{\n    public static void Main()\n    {\n        string line = Console.ReadLine();\n        Console.WriteLine(line);\n    }\n}\n',
};
