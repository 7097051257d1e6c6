import type { Signature, ValueType } from '@assay/domain/languages';
import { javaTypeText, parsedSignature } from '@assay/domain/languages';
import type { CaseDataRules, CompositeType } from './case-data.js';
import { compositeTypes, typeKey, UTF16_CHAR } from './case-data.js';

export const JAVA_MAIN_FILE = 'AssayMain.java';
export const JAVA_MAIN_CLASS = 'AssayMain';

/** Java's arguments: a char is a UTF-16 unit, a list or a map may be null (decision 1085). */
export const JAVA_CASE_RULES: CaseDataRules = { ...UTF16_CHAR, nullable: true };

const SCALAR_READS = { int: 'in.i32()', long: 'in.i64()', double: 'in.f64()', bool: 'in.bool()', string: 'in.str()', char: 'in.ch()' } as const;

const readOf = (type: ValueType): string => (type.kind === 'scalar' ? SCALAR_READS[type.scalar] : `read_${typeKey(type)}(in)`);

/** `new int[n][]` for an int[][]; a list of a generic type (a map) is made raw and cast, as Java makes no generic arrays. */
function newArray(type: Extract<ValueType, { kind: 'list' }>): string {
  const element = javaTypeText(type.of);
  const raw = element.replace(/<.*>/, '');
  const base = raw.replace(/(\[\])+$/, '');
  const array = `new ${base}[n]${raw.slice(base.length)}`;
  return raw === element ? array : `(${javaTypeText(type)}) ${array}`;
}

/** One reader per list or map type of the signature: the case data (case-data.ts) to the Java value. */
function reader(type: CompositeType): string {
  const text = javaTypeText(type);
  const head = `    static ${text} read_${typeKey(type)}(AssayRuntime.In in) {\n        int n = in.count();\n        if (n < 0) return null;\n`;
  if (type.kind === 'list') {
    return `${head}        ${text} a = ${newArray(type)};\n        for (int i = 0; i < n; i++) a[i] = ${readOf(type.of)};\n        return a;\n    }\n`;
  }
  return `${head}        ${text} m = new LinkedHashMap<>();\n        for (int i = 0; i < n; i++) { String k = in.str(); m.put(k, ${readOf(type.of)}); }\n        return m;\n    }\n`;
}

/**
 * AssayMain.java of a question: it reads each case's arguments from the case data into the signature's types, says
 * when the call starts (each case's time is the call's), and calls `Solution.<name>`. The same small program for
 * cases of any size (decision 1085).
 */
export function javaMain(functionName: string, signature: Signature): string {
  const typed = parsedSignature(signature);
  const readers = compositeTypes(typed.params.map((param) => param.type)).map(reader);
  const args = typed.params.map((param, at) => `        ${javaTypeText(param.type)} a${at} = ${readOf(param.type)};\n`).join('');
  const call = typed.params.map((_, at) => `a${at}`).join(', ');
  return `import java.util.*;

@SuppressWarnings({"unchecked", "rawtypes"})
final class ${JAVA_MAIN_CLASS} {
${readers.join('\n')}
    static Object call(AssayRuntime.In in) throws Throwable {
${args}        AssayRuntime.started();
        return Solution.${functionName}(${call});
    }

    public static void main(String[] args) throws Exception {
        AssayRuntime.run(args[0], new AssayRuntime.Cases() { public Object call(AssayRuntime.In in) throws Throwable { return ${JAVA_MAIN_CLASS}.call(in); } });
    }
}
`;
}
