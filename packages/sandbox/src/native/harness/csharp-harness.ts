import type { Signature, ValueType } from '@assay/domain/languages';
import { csharpTypeText, parsedSignature } from '@assay/domain/languages';
import type { LiteralSyntax } from './jvm-json.js';
import { escapeCodeUnits, literalOf, parseExactJson } from './jvm-json.js';

export const CSHARP_HARNESS_FILE = 'Harness.cs';
export const CSHARP_HARNESS_CLASS = 'AssayHarness';

const CSHARP_LITERALS: LiteralSyntax = {
  int: (digits) => digits,
  long: (digits) => (digits === '-9223372036854775808' ? 'long.MinValue' : `${digits}L`),
  double: (text) => `${text}d`,
  bool: (value) => String(value),
  string: (value) => `"${escapeCodeUnits(value, '"')}"`,
  char: (value) => `'${escapeCodeUnits(value, "'")}'`,
  list: (type, items) => `new ${csharpTypeText(type)} {${items.join(', ')}}`,
  map: (type, entries) => `new ${csharpTypeText(type)} {${entries.map(([k, v]) => `{${k}, ${v}}`).join(', ')}}`,
  nullOf: (type: ValueType) => `(${csharpTypeText(type)}) null`,
};

/**
 * Harness.cs for one run: each case is a method calling `Solution.<name>` with its arguments written as typed
 * literals. Throws a message naming the case and argument when an authored value does not fit the signature.
 */
export function csharpHarness(functionName: string, signature: Signature, argsJson: readonly string[]): string {
  const typed = parsedSignature(signature);
  const methods = argsJson.map((json, index) => {
    const args = parseExactJson(json);
    if (args.kind !== 'array' || args.items.length !== typed.params.length) {
      throw new Error(`case ${index + 1}: expected ${typed.params.length} arguments`);
    }
    const literals = typed.params.map((param, at) =>
      literalOf(args.items[at] ?? { kind: 'null' }, param.type, CSHARP_LITERALS, `case ${index + 1}: ${param.name}`),
    );
    return `    static object Case${index}()\n    {\n        return Solution.${functionName}(${literals.join(', ')});\n    }\n\n`;
  });
  const dispatch = argsJson.map((_, index) => `            case ${index}: return Case${index}();\n`).join('');
  return `using System;
using System.Collections.Generic;

static class ${CSHARP_HARNESS_CLASS}
{
${methods.join('')}    static object Call(int index)
    {
        switch (index)
        {
${dispatch}        }
        return null;
    }

    static void Main(string[] args)
    {
        AssayRuntime.Run(args[0], ${argsJson.length}, Call);
    }
}
`;
}
