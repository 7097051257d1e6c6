import type { LanguageProfile } from '../profile.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { csharpTypeText, parsedSignature } from './jvm-types.js';

const CSHARP_RESERVED: ReadonlySet<string> = new Set(
  'abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while'.split(
    ' ',
  ),
);

/**
 * C# (Mono). A function question's answer is a `public static` method of `public class Solution` in Solution.cs,
 * named exactly as the question authored it (decision 711).
 */
export const csharpProfile: LanguageProfile = {
  id: 'csharp',
  name: 'C#',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'Solution.cs',
  editorMode: 'csharp',
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
