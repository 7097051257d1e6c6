import type { LanguageProfile } from '../profile.js';
import { C_LIKE_IDENTIFIER } from './identifiers.js';
import { javaTypeText, parsedSignature } from './jvm-types.js';
import { cFamily } from '../highlight-grammars.js';
import { cLikeReading } from '../token-reading.js';

const JAVA_RESERVED: ReadonlySet<string> = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null var record yield sealed permits _'.split(
    ' ',
  ),
);

const JAVA_GRAMMAR = cFamily(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for if implements import instanceof int interface long native new null package private protected public record return short static super switch synchronized this throw throws transient true false try var void volatile while yield String',
  ['"""', '"', "'"],
  ['"""'],
);

/**
 * Java 17. A function question's answer is a `public static` method of `class Solution` in Solution.java (decision
 * 711): the harness calls `Solution.name(…)` without making an instance, as Codility and most judges' Java do.
 */
export const javaProfile: LanguageProfile<'java'> = {
  id: 'java',
  name: 'Java',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'Solution.java',
  editor: { kind: 'legacy', module: 'clike', parser: 'java' },
  valueSyntax: 'json',
  grammar: JAVA_GRAMMAR,
  tokens: cLikeReading(JAVA_RESERVED),
  indent: '    ',
  identifier: C_LIKE_IDENTIFIER,
  reserved: JAVA_RESERVED,
  stub: (functionName, signature) => {
    const typed = signature === undefined ? undefined : parsedSignature(signature);
    const returns = typed === undefined ? 'void' : javaTypeText(typed.returns);
    const params = (typed?.params ?? []).map((p) => `${javaTypeText(p.type)} ${p.name}`).join(', ');
    return `import java.util.*;\n\nclass Solution {\n    public static ${returns} ${functionName}(${params}) {\n        \n    }\n}\n`;
  },
  stdioStub: () =>
    'import java.io.*;\nimport java.util.*;\n\nclass Solution {\n    public static void main(String[] args) throws IOException {\n        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));\n        String line = in.readLine();\n        System.out.println(line);\n    }\n}\n',
};
