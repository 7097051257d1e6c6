import type { CShape, Signature, ValueType } from '@assay/domain/languages';
import { cScalarType, cShapeOf, cSignatureRefusal, parseValueType } from '@assay/domain/languages';
import type { CaseDataRules } from './case-data.js';
import { BYTE_CHAR } from './case-data.js';
import { cppQualifiedType } from './c-family-types.js';

/**
 * The generated translation unit of a function question (main.c / main.cpp): it includes the candidate's file, so
 * the compiler names solution.c(pp):line:column, then reads the arguments of the case the runtime stands at from the
 * case data (case-data.ts, decision 1085), calls the candidate's function and prints the result as JSON with the
 * runtime's helpers (c-family-runtime.ts, linked). A question whose signature C cannot express throws
 * SignatureNotSupported.
 */
export class SignatureNotSupported extends Error {}

/** C and C++ arguments: a char is one byte (ASCII), no list or map is null. */
export const C_FAMILY_CASE_RULES: CaseDataRules = { ...BYTE_CHAR, nullable: false };

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
void assay_started(void);
void assay_begin(void);
void assay_end(void);
long long assay_read_int(void);
double assay_read_double(void);
char *assay_read_string(size_t *length);`;

const C_READ: Readonly<Record<CShape['scalar'], string>> = {
  int: '(int)assay_read_int()',
  long: 'assay_read_int()',
  double: 'assay_read_double()',
  bool: '(assay_read_int() != 0)',
  char: '(char)assay_read_int()',
  string: 'assay_read_string(NULL)',
};

/** The readers of C lists: a pointer and its length, and a list of lists with each row's length (decision 721). */
function cReaders(scalar: CShape['scalar']): string {
  const type = cScalarType(scalar);
  return `static ${type}* assay_list_${scalar}(int *size) {
  int n = (int)assay_read_int();
  ${type}* items = malloc(sizeof(${type}) * (n > 0 ? n : 1));
  for (int i = 0; i < n; i++) items[i] = ${C_READ[scalar]};
  *size = n;
  return items;
}
static ${type}** assay_rows_${scalar}(int *size, int **columns) {
  int n = (int)assay_read_int();
  ${type}** rows = malloc(sizeof(${type}*) * (n > 0 ? n : 1));
  int* lengths = malloc(sizeof(int) * (n > 0 ? n : 1));
  for (int r = 0; r < n; r++) rows[r] = assay_list_${scalar}(&lengths[r]);
  *size = n;
  *columns = lengths;
  return rows;
}`;
}

/** Declares one argument (the value, then its lengths) and reads it; answers the expressions the call passes. */
function cArgument(shape: CShape, name: string, lines: string[]): string[] {
  const scalar = cScalarType(shape.scalar);
  if (shape.depth === 0) {
    lines.push(`  ${scalar} ${name} = ${C_READ[shape.scalar]};`);
    return [name];
  }
  if (shape.depth === 1) {
    lines.push(`  int ${name}_size = 0;`, `  ${scalar}* ${name} = assay_list_${shape.scalar}(&${name}_size);`);
    return [name, `${name}_size`];
  }
  lines.push(`  int ${name}_size = 0;`, `  int* ${name}_cols = NULL;`, `  ${scalar}** ${name} = assay_rows_${shape.scalar}(&${name}_size, &${name}_cols);`);
  return [name, `${name}_size`, `${name}_cols`];
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

/** main.c: the call of a C function question, on the arguments of the case the runtime stands at. */
export function cHarness(functionName: string, signature: Signature): string {
  const refusal = cSignatureRefusal(signature);
  if (refusal !== undefined) throw new SignatureNotSupported(refusal);
  const params = signature.params.map((p) => cShapeOf(typeOf(p.type)) as CShape);
  const returns = cShapeOf(typeOf(signature.returns)) as CShape;
  const lists = [...new Set(params.filter((shape) => shape.depth > 0).map((shape) => shape.scalar))];
  const lines: string[] = [];
  const call = params.flatMap((shape, p) => cArgument(shape, `a${p}`, lines));
  const type = `${cScalarType(returns.scalar)}${'*'.repeat(returns.depth)}`;
  if (returns.depth >= 1) lines.push('  int result_size = 0;', '  int* result_cols = NULL;');
  if (returns.depth >= 1) call.push('&result_size');
  if (returns.depth === 2) call.push('&result_cols');
  lines.push('  assay_started();', `  ${type} result = ${functionName}(${call.join(', ')});`, '  assay_begin();', ...cPrint(returns), '  assay_end();');
  return [
    '#include <stdbool.h>',
    '#include <stddef.h>',
    '#include <stdlib.h>',
    '#include <string.h>',
    '#include "solution.c"',
    RUNTIME_DECLARATIONS,
    ...lists.map(cReaders),
    'void assay_case(void) {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

/** The C++ printing and reading helpers: every overload declared before any is defined, so nested lists and maps find each other. */
const CPP_HELPERS = `extern "C" {
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
inline void get(std::string &value) { std::size_t n = 0; char *text = assay_read_string(&n); value.assign(text, n); std::free(text); }
template <class T> void get(std::vector<T> &list);
template <class T> void get(std::map<std::string, T> &map);
template <class T> void get(T &value) {
  if constexpr (std::is_same_v<T, bool>) value = assay_read_int() != 0;
  else if constexpr (std::is_same_v<T, double>) value = assay_read_double();
  else value = static_cast<T>(assay_read_int());
}
template <class T> void get(std::vector<T> &list) {
  list.resize(static_cast<std::size_t>(assay_read_int()));
  for (T &item : list) get(item);
}
template <> inline void get(std::vector<bool> &list) {
  list.resize(static_cast<std::size_t>(assay_read_int()));
  for (std::size_t i = 0; i < list.size(); i++) list[i] = assay_read_int() != 0;
}
template <class T> void get(std::map<std::string, T> &map) {
  for (long long n = assay_read_int(); n > 0; n--) { std::string key; get(key); get(map[key]); }
}
}`;

/** The adapter the candidate's unit defines and the prebuilt harness calls (decision 1401). */
const CPP_CALL = 'assay_call';

/** The question's function as the adapter declares it: parameters a0, a1… of the signature's types. */
function cppCallDeclaration(signature: Signature): string {
  const params = signature.params.map((p, at) => `${cppQualifiedType(typeOf(p.type))} a${at}`);
  return `${cppQualifiedType(typeOf(signature.returns))} ${CPP_CALL}(${params.join(', ')})`;
}

/** What the adapter and the harness object both include (the precompiled header answers them). */
const CPP_STANDARD_INCLUDES = ['#include <cstdlib>', '#include <map>', '#include <string>', '#include <type_traits>', '#include <vector>'];

/**
 * main.cpp of a C++ function question, the one unit a run compiles (decision 1401): the candidate's file, then the
 * adapter that calls their function as the question's types would, so an overload the language allows (a `const
 * vector<int>&` parameter, a convertible return) works as before and a mismatch is said at the call. The standard
 * headers come from the precompiled header.
 */
export function cppHarness(functionName: string, signature: Signature): string {
  const call = signature.params.map((_, at) => `a${at}`).join(', ');
  return [...CPP_STANDARD_INCLUDES, '#include "solution.cpp"', `${cppCallDeclaration(signature)} { return ::${functionName}(${call}); }`, ''].join('\n');
}

/**
 * The rest of the harness, the same for every answer to a question: it reads each case's arguments, calls the
 * adapter and prints the result. Compiled once per signature into an object every run links (decision 1401).
 */
export function cppHarnessObjectSource(signature: Signature): string {
  const params = signature.params.map((p) => typeOf(p.type));
  const returns = typeOf(signature.returns);
  const lines = params.map((type, p) => `  ${cppQualifiedType(type)} a${p}; assay_json::get(a${p});`);
  const call = params.map((_, p) => `a${p}`).join(', ');
  lines.push(
    '  assay_started();',
    `  ${cppQualifiedType(returns)} result = ${CPP_CALL}(${call});`,
    '  assay_begin();',
    '  assay_json::put(result);',
    '  assay_end();',
  );
  return [...CPP_STANDARD_INCLUDES, `${cppCallDeclaration(signature)};`, CPP_HELPERS, 'extern "C" void assay_case(void) {', ...lines, '}', ''].join('\n');
}
