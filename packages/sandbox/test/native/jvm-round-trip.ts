import type { Signature } from '@assay/domain/languages';
import { csharpTypeText, javaTypeText, parseValueType } from '@assay/domain/languages';

/**
 * Every type of the signature vocabulary, with values at its edges, passed to an `echo` that returns its argument:
 * what comes back must be the authored JSON.
 */
export const ROUND_TRIPS: readonly { readonly type: string; readonly values: readonly unknown[] }[] = [
  { type: 'int', values: [2147483647, -2147483648, 0] },
  { type: 'long', values: [1099511627777, -5000000000] },
  { type: 'double', values: [0.1, -2.5e-7, 1e21, 3] },
  { type: 'bool', values: [true, false] },
  { type: 'string', values: ['héllo "quoted" \\ back\nslash\ttab 😀 ✓ \u0001', ''] },
  { type: 'char', values: ['é', '"', "'", '\\', '\n'] },
  { type: 'int[]', values: [[1, -2, 3], []] },
  { type: 'int[][]', values: [[[1, 2], [], [3]]] },
  { type: 'string[]', values: [['a', 'ü', '']] },
  { type: 'double[]', values: [[1.5, -0.25]] },
  { type: 'bool[]', values: [[true, false]] },
  { type: 'map<string,int>', values: [{ a: 1, 'b c': -2 }, {}] },
  { type: 'map<string,long[]>', values: [{ x: [1099511627777, 2] }] },
  { type: 'map<string,int>[]', values: [[{ a: 1 }, {}]] },
];

export const echoSignature = (type: string): Signature => ({ params: [{ name: 'v', type }], returns: type });

const parsed = (type: string) => parseValueType(type) ?? { kind: 'scalar' as const, scalar: 'int' as const };

export const javaEcho = (type: string): string =>
  `import java.util.*;\n\nclass Solution {\n    public static ${javaTypeText(parsed(type))} echo(${javaTypeText(parsed(type))} v) {\n        return v;\n    }\n}\n`;

export const csharpEcho = (type: string): string =>
  `using System.Collections.Generic;\n\npublic class Solution\n{\n    public static ${csharpTypeText(parsed(type))} echo(${csharpTypeText(parsed(type))} v)\n    {\n        return v;\n    }\n}\n`;
