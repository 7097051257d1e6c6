import type { CShape, Signature, ValueType } from '@assay/domain/languages';
import { cScalarType, cShapeOf, cSignatureRefusal, parseValueType } from '@assay/domain/languages';
import { ArgumentTypeError, cppLiteral, cppQualifiedType, scalarLiteral } from './c-family-literals.js';

/**
 * The generated translation unit of a function question (main.c / main.cpp): it includes the candidate's file, so
 * the compiler names solution.c(pp):line:column, then defines one function per case that builds the arguments as
 * typed literals, calls the candidate's function and prints the result as JSON with the runtime's helpers
 * (c-family-runtime.ts, linked). A question whose signature C cannot express throws SignatureNotSupported.
 */
export class SignatureNotSupported extends Error {}

const typeOf = (text: string): ValueType => {
  const type = parseValueType(text);
  if (type === undefined) throw new SignatureNotSupported(`${text} is not a type of the signature vocabulary`);
  return type;
};

const RUNTIME_DECLARATIONS = `void assay_put_raw(const char *text);
void assay_put_int(long long value);
void assay_put_double(double value);
void assay_put_bool(int value);
void assay_put_string(const char *text, size_t n);
void assay_put_cstring(const char *text);
void assay_put_char(char value);
void assay_begin(void);
void assay_end(void);`;

/** Builds a C value of a shape as static arrays; answers the argument expressions (the value, then its lengths). */
function cArgument(shape: CShape, value: unknown, name: string, where: string, lines: string[]): string[] {
  const scalar = cScalarType(shape.scalar);
  const element = (item: unknown, at: string, into: string): string => {
    if (shape.scalar !== 'string') return scalarLiteral(shape.scalar, item, at);
    lines.push(`  static char ${into}[] = ${scalarLiteral('string', item, at)};`);
    return into;
  };
  if (shape.depth === 0) return [element(value, where, `${name}_s`)];
  if (!Array.isArray(value)) throw new ArgumentTypeError(`${where} is not a list`);
  if (shape.depth === 1) {
    const items = value.map((item, i) => element(item, `${where}[${i}]`, `${name}_${i}`));
    lines.push(`  static ${scalar} ${name}[${Math.max(1, items.length)}] = {${items.join(', ') || '0'}};`);
    return [name, String(items.length)];
  }
  const rows = value.map((row, r) => {
    if (!Array.isArray(row)) throw new ArgumentTypeError(`${where}[${r}] is not a list`);
    const items = row.map((item, i) => element(item, `${where}[${r}][${i}]`, `${name}_${r}_${i}`));
    lines.push(`  static ${scalar} ${name}_${r}[${Math.max(1, items.length)}] = {${items.join(', ') || '0'}};`);
    return { name: `${name}_${r}`, length: items.length };
  });
  lines.push(`  static ${scalar}* ${name}[${Math.max(1, rows.length)}] = {${rows.map((row) => row.name).join(', ') || '0'}};`);
  lines.push(`  static int ${name}_cols[${Math.max(1, rows.length)}] = {${rows.map((row) => row.length).join(', ') || '0'}};`);
  return [name, String(rows.length), `${name}_cols`];
}

const C_PUT: Readonly<Record<CShape['scalar'], (value: string) => string>> = {
  int: (v) => `assay_put_int(${v})`,
  long: (v) => `assay_put_int(${v})`,
  double: (v) => `assay_put_double(${v})`,
  bool: (v) => `assay_put_bool(${v})`,
  char: (v) => `assay_put_char(${v})`,
  string: (v) => `assay_put_cstring(${v})`,
};

/** Prints a C result of a shape as JSON. */
function cPrint(shape: CShape): string[] {
  const put = C_PUT[shape.scalar];
  if (shape.depth === 0) return [`  ${put('result')};`];
  const row = (array: string, size: string, index: string) =>
    `for (int ${index} = 0; ${index} < ${size}; ${index}++) { if (${index}) assay_put_raw(","); ${put(`${array}[${index}]`)}; }`;
  if (shape.depth === 1) return ['  assay_put_raw("[");', `  if (result) ${row('result', 'result_size', 'i')}`, '  assay_put_raw("]");'];
  return [
    '  assay_put_raw("[");',
    '  for (int r = 0; result && r < result_size; r++) {',
    '    if (r) assay_put_raw(",");',
    '    assay_put_raw("[");',
    `    if (result[r] && result_cols) ${row('result[r]', 'result_cols[r]', 'i')}`,
    '    assay_put_raw("]");',
    '  }',
    '  assay_put_raw("]");',
  ];
}

function argumentsOf(argsJson: string, index: number, count: number): unknown[] {
  const args = JSON.parse(argsJson) as unknown;
  if (!Array.isArray(args) || args.length !== count) throw new ArgumentTypeError(`case ${index + 1} does not give ${count} arguments`);
  return args;
}

/** main.c: the cases of a C function question. */
export function cHarness(functionName: string, signature: Signature, argsJson: readonly string[]): string {
  const refusal = cSignatureRefusal(signature);
  if (refusal !== undefined) throw new SignatureNotSupported(refusal);
  const params = signature.params.map((p) => cShapeOf(typeOf(p.type)) as CShape);
  const returns = cShapeOf(typeOf(signature.returns)) as CShape;
  const out = ['#include <stdbool.h>', '#include <stddef.h>', '#include <stdlib.h>', '#include <string.h>', '#include "solution.c"', RUNTIME_DECLARATIONS];
  argsJson.forEach((json, index) => {
    const args = argumentsOf(json, index, params.length);
    const lines: string[] = [];
    const call = params.flatMap((shape, p) => cArgument(shape, args[p], `a${p}`, `case ${index + 1}'s argument ${p + 1}`, lines));
    const type = `${cScalarType(returns.scalar)}${'*'.repeat(returns.depth)}`;
    if (returns.depth >= 1) lines.push('  int result_size = 0;', '  int* result_cols = NULL;');
    if (returns.depth >= 1) call.push('&result_size');
    if (returns.depth === 2) call.push('&result_cols');
    lines.push(`  ${type} result = ${functionName}(${call.join(', ')});`, '  assay_begin();', ...cPrint(returns), '  assay_end();');
    out.push(`static void assay_case_${index}(void) {`, ...lines, '}');
  });
  out.push(`const int assay_cases = ${argsJson.length};`, 'void assay_case(int index) {', '  switch (index) {');
  argsJson.forEach((_, index) => out.push(`    case ${index}: assay_case_${index}(); break;`));
  out.push('  }', '}', '');
  return out.join('\n');
}

/** The C++ printing helpers: every overload declared before any is defined, so nested lists and maps find each other. */
const CPP_PUT = `extern "C" {
${RUNTIME_DECLARATIONS}
}
namespace assay_json {
inline void put(const std::string &value) { assay_put_string(value.data(), value.size()); }
template <class T> void put(const std::vector<T> &list);
template <class T> void put(const std::map<std::string, T> &map);
template <class T> void put(const T &value) {
  if constexpr (std::is_same_v<T, bool>) assay_put_bool(value);
  else if constexpr (std::is_same_v<T, char>) assay_put_char(value);
  else if constexpr (std::is_integral_v<T>) assay_put_int(static_cast<long long>(value));
  else assay_put_double(static_cast<double>(value));
}
template <class T> void put(const std::vector<T> &list) {
  assay_put_raw("[");
  bool first = true;
  for (const T &item : list) { if (!first) assay_put_raw(","); first = false; put(item); }
  assay_put_raw("]");
}
template <> inline void put(const std::vector<bool> &list) {
  assay_put_raw("[");
  for (std::size_t i = 0; i < list.size(); i++) { if (i) assay_put_raw(","); assay_put_bool(list[i]); }
  assay_put_raw("]");
}
template <class T> void put(const std::map<std::string, T> &map) {
  assay_put_raw("{");
  bool first = true;
  for (const auto &[key, item] : map) { if (!first) assay_put_raw(","); first = false; put(key); assay_put_raw(":"); put(item); }
  assay_put_raw("}");
}
}`;

/** main.cpp: the cases of a C++ function question (the standard headers come from the precompiled header). */
export function cppHarness(functionName: string, signature: Signature, argsJson: readonly string[]): string {
  const params = signature.params.map((p) => typeOf(p.type));
  const returns = typeOf(signature.returns);
  const out = ['#include <map>', '#include <string>', '#include <type_traits>', '#include <vector>', '#include "solution.cpp"', CPP_PUT];
  argsJson.forEach((json, index) => {
    const args = argumentsOf(json, index, params.length);
    const lines = params.map((type, p) => `  ${cppQualifiedType(type)} a${p} = ${cppLiteral(type, args[p], `case ${index + 1}'s argument ${p + 1}`)};`);
    const call = params.map((_, p) => `a${p}`).join(', ');
    lines.push(`  ${cppQualifiedType(returns)} result = ::${functionName}(${call});`, '  assay_begin();', '  assay_json::put(result);', '  assay_end();');
    out.push(`static void assay_case_${index}() {`, ...lines, '}');
  });
  out.push(`extern "C" const int assay_cases = ${argsJson.length};`, 'extern "C" void assay_case(int index) {', '  switch (index) {');
  argsJson.forEach((_, index) => out.push(`    case ${index}: assay_case_${index}(); break;`));
  out.push('  }', '}', '');
  return out.join('\n');
}
