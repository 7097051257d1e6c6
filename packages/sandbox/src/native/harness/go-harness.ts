import type { Signature, ValueType } from '@assay/domain/languages';
import { goType, parsedSignature } from '@assay/domain/languages';
import type { CaseDataRules, CompositeType } from './case-data.js';
import { CASES_FILE, CODE_POINT_CHAR, compositeTypes, typeKey } from './case-data.js';

/** Go's arguments: a char is a rune (a code point), no list or map is null. */
export const GO_CASE_RULES: CaseDataRules = { ...CODE_POINT_CHAR, nullable: false };

const SCALAR_READS = {
  int: 'int(in.number())',
  long: 'in.number()',
  double: 'in.float()',
  bool: '(in.number() != 0)',
  string: 'in.str()',
  char: 'rune(in.number())',
} as const;

const readOf = (type: ValueType): string => (type.kind === 'scalar' ? SCALAR_READS[type.scalar] : `assayRead_${typeKey(type)}(in)`);

/** One reader per list or map type of the signature: the case data (case-data.ts) to the Go value. */
function reader(type: CompositeType): string {
  const text = goType(type);
  const head = `func assayRead_${typeKey(type)}(in *assayIn) ${text} {\n\tn := int(in.number())\n`;
  if (type.kind === 'list') return `${head}\titems := make(${text}, n)\n\tfor i := range items {\n\t\titems[i] = ${readOf(type.of)}\n\t}\n\treturn items\n}\n`;
  return `${head}\titems := make(${text}, n)\n\tfor i := 0; i < n; i++ {\n\t\tkey := in.str()\n\t\titems[key] = ${readOf(type.of)}\n\t}\n\treturn items\n}\n`;
}

/**
 * The generated main.go compiled beside the candidate's solution.go (same package main). Every name it declares
 * starts with `assay` and its imports are aliased, so it cannot collide with the candidate's own package-level
 * names. It reads each case's arguments from the case data (case-data.ts, decision 1085) and runs each case in its
 * own call: a panic is recovered, reported with the message and the first frame in solution.go, and the next case
 * goes on; each call's time goes into its result line. Results are JSON lines in the results file, $ASSAY_RESULTS (harness-protocol.ts); values
 * are encoded by a small reflect-based writer so a nil slice reads as [] and a rune as a one-character string.
 */
export function goHarness(functionName: string, signature: Signature): string {
  const typed = parsedSignature(signature);
  const readers = compositeTypes(typed.params.map((param) => param.type)).map(reader);
  const args = typed.params.map((param, at) => `\t\t\tassayArg${at} := ${readOf(param.type)}\n`).join('');
  const call = typed.params.map((_, at) => `assayArg${at}`).join(', ');
  return `package main

import (
\tassay_fmt "fmt"
\tassay_math "math"
\tassay_os "os"
\tassay_reflect "reflect"
\tassay_runtime "runtime"
\tassay_debug "runtime/debug"
\tassay_sort "sort"
\tassay_strconv "strconv"
\tassay_strings "strings"
\tassay_time "time"
)

var assayResults, _ = assay_os.OpenFile(assay_os.Getenv("ASSAY_RESULTS"), assay_os.O_WRONLY|assay_os.O_APPEND, 0)

// Cases before this one ran in an earlier process of the same run (which crashed): argv[2].
var assayFirst, _ = assay_strconv.Atoi(assay_os.Args[2])

// When the candidate's call began: reading its arguments is not its time.
var assayStart assay_time.Time

// One case's arguments in the case data: a number a line, a string its length then its bytes.
type assayIn struct {
\tdata []byte
\tat   int
}

func (in *assayIn) token() string {
\tstart := in.at
\tfor in.data[in.at] != '\\n' {
\t\tin.at++
\t}
\tin.at++
\treturn string(in.data[start : in.at-1])
}

func (in *assayIn) number() int64 {
\tn, _ := assay_strconv.ParseInt(in.token(), 10, 64)
\treturn n
}

func (in *assayIn) float() float64 {
\tf, _ := assay_strconv.ParseFloat(in.token(), 64)
\treturn f
}

func (in *assayIn) str() string {
\tn := int(in.number())
\ttext := string(in.data[in.at : in.at+n])
\tin.at += n
\treturn text
}

${readers.join('\n')}
func main() {
\tassay_debug.SetMaxStack(64 << 20)
\tdata, err := assay_os.ReadFile("${CASES_FILE}")
\tif err != nil {
\t\tpanic(err)
\t}
\theader := &assayIn{data: data}
\tcount := int(header.number())
\tfor index := 0; index < count; index++ {
\t\tlength := int(header.number())
\t\tin := &assayIn{data: data, at: header.at}
\t\theader.at += length
\t\tassayCase(index, func() any {
${args}\t\t\tassayStart = assay_time.Now()
\t\t\tvar assayValue ${goType(typed.returns)} = ${functionName}(${call})
\t\t\treturn assayValue
\t\t})
\t}
}

func assayCase(index int, call func() any) {
	if index < assayFirst {
		return
	}
\tassayStart = assay_time.Now()
\tassay_fmt.Fprintf(assay_os.Stdout, "%s%d\\n", assay_os.Args[1], index)
\tassay_fmt.Fprintf(assay_os.Stderr, "%s%d\\n", assay_os.Args[1], index)
\tdefer func() {
\t\tif recovered := recover(); recovered != nil {
\t\t\tline, trace := assayFrames()
\t\t\tvar out assay_strings.Builder
\t\t\tout.WriteString("{\\"case\\":" + assay_strconv.Itoa(index) + ",\\"timeMs\\":" + assayTook() + ",\\"error\\":")
\t\t\tassayString(&out, "panic: "+assay_fmt.Sprint(recovered))
\t\t\tif line > 0 {
\t\t\t\tout.WriteString(",\\"line\\":" + assay_strconv.Itoa(line) + ",\\"trace\\":")
\t\t\t\tassayString(&out, trace)
\t\t\t}
\t\t\tout.WriteString("}\\n")
\t\t\tassayResults.WriteString(out.String())
\t\t}
\t}()
\tvalue := call()
\ttook := assayTook()
\tvar out assay_strings.Builder
\tout.WriteString("{\\"case\\":" + assay_strconv.Itoa(index) + ",\\"timeMs\\":" + took + ",\\"value\\":")
\tassayEncode(&out, assay_reflect.ValueOf(value))
\tout.WriteString("}\\n")
\tassayResults.WriteString(out.String())
}

// How long the candidate's call has taken, in milliseconds.
func assayTook() string {
\treturn assay_strconv.FormatFloat(float64(assay_time.Since(assayStart).Nanoseconds())/1e6, 'f', 3, 64)
}

// The candidate's frames of the panicking stack (the deferred call runs on top of it), innermost first.
func assayFrames() (int, string) {
\tpcs := make([]uintptr, 64)
\tframes := assay_runtime.CallersFrames(pcs[:assay_runtime.Callers(1, pcs)])
\tline, trace := 0, ""
\tfor {
\t\tframe, more := frames.Next()
\t\tif frame.File == "solution.go" {
\t\t\tif line == 0 {
\t\t\t\tline = frame.Line
\t\t\t}
\t\t\ttrace += assay_strings.TrimPrefix(frame.Function, "main.") + "(solution.go:" + assay_strconv.Itoa(frame.Line) + ")\\n"
\t\t}
\t\tif !more {
\t\t\treturn line, assay_strings.TrimSuffix(trace, "\\n")
\t\t}
\t}
}

func assayString(out *assay_strings.Builder, text string) {
\tout.WriteByte('"')
\tfor _, r := range text {
\t\tswitch {
\t\tcase r == '"' || r == '\\\\':
\t\t\tout.WriteByte('\\\\')
\t\t\tout.WriteRune(r)
\t\tcase r < 0x20:
\t\t\tout.WriteString(assay_fmt.Sprintf("\\\\u%04x", r))
\t\tdefault:
\t\t\tout.WriteRune(r)
\t\t}
\t}
\tout.WriteByte('"')
}

func assayEncode(out *assay_strings.Builder, value assay_reflect.Value) {
\tswitch value.Kind() {
\tcase assay_reflect.Int, assay_reflect.Int64:
\t\tout.WriteString(assay_strconv.FormatInt(value.Int(), 10))
\tcase assay_reflect.Int32:
\t\tassayString(out, string(rune(value.Int())))
\tcase assay_reflect.Float64:
\t\tif f := value.Float(); assay_math.IsNaN(f) || assay_math.IsInf(f, 0) {
\t\t\tout.WriteString("null")
\t\t} else {
\t\t\tout.WriteString(assay_strconv.FormatFloat(f, 'g', -1, 64))
\t\t}
\tcase assay_reflect.Bool:
\t\tout.WriteString(assay_strconv.FormatBool(value.Bool()))
\tcase assay_reflect.String:
\t\tassayString(out, value.String())
\tcase assay_reflect.Slice, assay_reflect.Array:
\t\tout.WriteByte('[')
\t\tfor i := 0; i < value.Len(); i++ {
\t\t\tif i > 0 {
\t\t\t\tout.WriteByte(',')
\t\t\t}
\t\t\tassayEncode(out, value.Index(i))
\t\t}
\t\tout.WriteByte(']')
\tcase assay_reflect.Map:
\t\tkeys := value.MapKeys()
\t\tassay_sort.Slice(keys, func(a, b int) bool { return keys[a].String() < keys[b].String() })
\t\tout.WriteByte('{')
\t\tfor i, key := range keys {
\t\t\tif i > 0 {
\t\t\t\tout.WriteByte(',')
\t\t\t}
\t\t\tassayString(out, key.String())
\t\t\tout.WriteByte(':')
\t\t\tassayEncode(out, value.MapIndex(key))
\t\t}
\t\tout.WriteByte('}')
\tcase assay_reflect.Interface, assay_reflect.Pointer:
\t\tif value.IsNil() {
\t\t\tout.WriteString("null")
\t\t} else {
\t\t\tassayEncode(out, value.Elem())
\t\t}
\tdefault:
\t\tout.WriteString("null")
\t}
}
`;
}
