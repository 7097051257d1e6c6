import type { Signature } from '@assay/domain/languages';
import { goType } from '@assay/domain/languages';
import { goLiteral } from './go-literals.js';
import { caseArguments, typeOf } from './gorust-values.js';

/**
 * The generated main.go compiled beside the candidate's solution.go (same package main). Every name it declares
 * starts with `assay` and its imports are aliased, so it cannot collide with the candidate's own package-level
 * names. Each case runs in its own call: a panic is recovered, reported with the message and the first frame in
 * solution.go, and the next case goes on. Results are JSON lines on fd 3 (harness-protocol.ts); values are encoded by
 * a small reflect-based writer so a nil slice reads as [] and a rune as a one-character string.
 */
export function goHarness(functionName: string, signature: Signature, argsJson: readonly string[]): string {
  const params = signature.params.map((param) => typeOf(param.type));
  const returns = goType(typeOf(signature.returns));
  const calls = argsJson.map((json, index) => {
    const args = caseArguments(json, params.length).map((value, at) => goLiteral(value, params[at] as NonNullable<(typeof params)[number]>));
    return `\tassayCase(${index}, func() any { var assayValue ${returns} = ${functionName}(${args.join(', ')}); return assayValue })`;
  });
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
)

var assayResults = assay_os.NewFile(3, "results")

// Cases before this one ran in an earlier process of the same run (which crashed): argv[2].
var assayFirst, _ = assay_strconv.Atoi(assay_os.Args[2])

func main() {
\tassay_debug.SetMaxStack(64 << 20)
${calls.join('\n')}
}

func assayCase(index int, call func() any) {
	if index < assayFirst {
		return
	}
\tassay_fmt.Fprintf(assay_os.Stdout, "%s%d\\n", assay_os.Args[1], index)
\tassay_fmt.Fprintf(assay_os.Stderr, "%s%d\\n", assay_os.Args[1], index)
\tdefer func() {
\t\tif recovered := recover(); recovered != nil {
\t\t\tline, trace := assayFrames()
\t\t\tvar out assay_strings.Builder
\t\t\tout.WriteString("{\\"case\\":" + assay_strconv.Itoa(index) + ",\\"error\\":")
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
\tvar out assay_strings.Builder
\tout.WriteString("{\\"case\\":" + assay_strconv.Itoa(index) + ",\\"value\\":")
\tassayEncode(&out, assay_reflect.ValueOf(value))
\tout.WriteString("}\\n")
\tassayResults.WriteString(out.String())
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
