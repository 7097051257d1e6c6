import type { Signature, ValueType } from '@assay/domain/languages';
import { javaTypeText, parsedSignature } from '@assay/domain/languages';
import type { LiteralSyntax } from './jvm-json.js';
import { escapeCodeUnits, literalOf, parseExactJson } from './jvm-json.js';

export const JAVA_MAIN_FILE = 'AssayMain.java';
export const JAVA_MAIN_CLASS = 'AssayMain';

const JAVA_LITERALS: LiteralSyntax = {
  int: (digits) => (digits === '-2147483648' ? '(-2147483647 - 1)' : digits),
  long: (digits) => (digits === '-9223372036854775808' ? 'Long.MIN_VALUE' : `${digits}L`),
  double: (text) => `${text}d`,
  bool: (value) => String(value),
  string: (value) => `"${escapeCodeUnits(value, '"')}"`,
  char: (value) => `'${escapeCodeUnits(value, "'")}'`,
  list: (type, items) => {
    // Java cannot create an array of a generic type (a list of maps): create the raw array and cast it.
    const text = javaTypeText(type);
    const raw = text.replace(/<.*>/, '');
    const array = `new ${raw}{${items.join(', ')}}`;
    return raw === text ? array : `(${text}) ${array}`;
  },
  map: (type, entries) => `(${javaTypeText(type)}) (Map<?, ?>) AssayRuntime.map(${entries.map(([k, v]) => `${k}, ${v}`).join(', ')})`,
  nullOf: (type: ValueType) => `(${javaTypeText(type)}) null`,
};

/**
 * AssayMain.java for one run: each case is a method calling `Solution.<name>` with its arguments written as typed
 * literals (one method per case keeps each under the JVM's 64 KB method limit for longer inputs). Throws a message
 * naming the case and argument when an authored value does not fit the signature.
 */
export function javaMain(functionName: string, signature: Signature, argsJson: readonly string[]): string {
  const typed = parsedSignature(signature);
  const methods = argsJson.map((json, index) => {
    const args = parseExactJson(json);
    if (args.kind !== 'array' || args.items.length !== typed.params.length) {
      throw new Error(`case ${index + 1}: expected ${typed.params.length} arguments`);
    }
    const literals = typed.params.map((param, at) =>
      literalOf(args.items[at] ?? { kind: 'null' }, param.type, JAVA_LITERALS, `case ${index + 1}: ${param.name}`),
    );
    return `    static Object case${index}() throws Throwable {\n        return Solution.${functionName}(${literals.join(', ')});\n    }\n`;
  });
  const dispatch = argsJson.map((_, index) => `            case ${index}: return case${index}();\n`).join('');
  return `import java.util.*;

@SuppressWarnings({"unchecked", "rawtypes"})
final class ${JAVA_MAIN_CLASS} {
${methods.join('')}
    static Object call(int index) throws Throwable {
        switch (index) {
${dispatch}        }
        return null;
    }

    public static void main(String[] args) throws Exception {
        AssayRuntime.run(args[0], ${argsJson.length}, ${JAVA_MAIN_CLASS}::call);
    }
}
`;
}
