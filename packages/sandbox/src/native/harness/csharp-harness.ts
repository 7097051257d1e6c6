import type { Signature, ValueType } from '@assay/domain/languages';
import { csharpTypeText, parsedSignature } from '@assay/domain/languages';
import type { CaseDataRules, CompositeType } from './case-data.js';
import { compositeTypes, typeKey, UTF16_CHAR } from './case-data.js';

export const CSHARP_HARNESS_FILE = 'Harness.cs';
export const CSHARP_HARNESS_CLASS = 'AssayHarness';

/** C#'s arguments: a char is a UTF-16 unit, a list or a map may be null (decision 1085). */
export const CSHARP_CASE_RULES: CaseDataRules = { ...UTF16_CHAR, nullable: true };

const SCALAR_READS = {
  int: 'input.I32()',
  long: 'input.I64()',
  double: 'input.F64()',
  bool: 'input.Bool()',
  string: 'input.Str()',
  char: 'input.Ch()',
} as const;

const readOf = (type: ValueType): string => (type.kind === 'scalar' ? SCALAR_READS[type.scalar] : `Read_${typeKey(type)}(input)`);

/** `new int[n][]` for an int[][] (jagged). */
function newArray(type: Extract<ValueType, { kind: 'list' }>): string {
  const element = csharpTypeText(type.of);
  const base = element.replace(/(\[\])+$/, '');
  return `new ${base}[n]${element.slice(base.length)}`;
}

/** One reader per list or map type of the signature: the case data (case-data.ts) to the C# value. */
function reader(type: CompositeType): string {
  const text = csharpTypeText(type);
  const head = `    static ${text} Read_${typeKey(type)}(AssayRuntime.In input)\n    {\n        int n = input.Count();\n        if (n < 0) return null;\n`;
  if (type.kind === 'list') {
    return `${head}        var a = ${newArray(type)};\n        for (int i = 0; i < n; i++) a[i] = ${readOf(type.of)};\n        return a;\n    }\n`;
  }
  return `${head}        var m = new ${text}();\n        for (int i = 0; i < n; i++) { string k = input.Str(); m[k] = ${readOf(type.of)}; }\n        return m;\n    }\n`;
}

/**
 * Harness.cs of a question: it reads each case's arguments from the case data into the signature's types, says when
 * the call starts, and calls `Solution.<name>` (decision 1085: the same small program for cases of any size).
 */
export function csharpHarness(functionName: string, signature: Signature): string {
  const typed = parsedSignature(signature);
  const readers = compositeTypes(typed.params.map((param) => param.type)).map(reader);
  const args = typed.params.map((param, at) => `        ${csharpTypeText(param.type)} a${at} = ${readOf(param.type)};\n`).join('');
  const call = typed.params.map((_, at) => `a${at}`).join(', ');
  return `using System;
using System.Collections.Generic;

static class ${CSHARP_HARNESS_CLASS}
{
${readers.join('\n')}
    static object Call(AssayRuntime.In input)
    {
${args}        AssayRuntime.Started();
        return Solution.${functionName}(${call});
    }

    static void Main(string[] args)
    {
        AssayRuntime.Run(args[0], Call);
    }
}
`;
}
