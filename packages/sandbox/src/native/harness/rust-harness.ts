import type { Signature, ValueType } from '@assay/domain/languages';
import { parsedSignature, rustType } from '@assay/domain/languages';
import type { CaseDataRules } from './case-data.js';
import { CASES_FILE, CODE_POINT_CHAR } from './case-data.js';

/** Rust's arguments: a char is a code point, no list or map is null (owned values, decision 731). */
export const RUST_CASE_RULES: CaseDataRules = { ...CODE_POINT_CHAR, nullable: false };

/**
 * The harness's fixed part, compiled once per process into a shared library (decisions 732, 1408; compiling it with every run tripled
 * rustc's CPU time): a panic hook that keeps the message and location, a case runner under `catch_unwind` that
 * times each call and writes JSON lines to the results file, $ASSAY_RESULTS (harness-protocol.ts), the reader of the case data (case-data.ts),
 * and a small JSON writer over the vocabulary's types.
 */
export const RUST_RUNTIME = `#![allow(dead_code)]
use std::io::Write;

static ASSAY_FIRST: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
thread_local! {
    static ASSAY_STARTED: std::cell::Cell<std::time::Instant> = std::cell::Cell::new(std::time::Instant::now());
}

/// The candidate's call begins: reading its arguments is not its time.
pub fn assay_started() { ASSAY_STARTED.with(|started| started.set(std::time::Instant::now())); }

/// One case's arguments in the case data (case-data.ts): a number a line, a string its length then its bytes.
pub struct AssayIn<'a> { data: &'a [u8], at: usize }
impl<'a> AssayIn<'a> {
    fn token(&mut self) -> &'a str {
        let start = self.at;
        while self.data[self.at] != b'\\n' { self.at += 1; }
        self.at += 1;
        std::str::from_utf8(&self.data[start..self.at - 1]).unwrap_or("0")
    }
    pub fn number(&mut self) -> i64 { self.token().parse().unwrap_or(0) }
    pub fn float(&mut self) -> f64 { self.token().parse().unwrap_or(0.0) }
    pub fn string(&mut self) -> String {
        let n = self.number() as usize;
        let text = String::from_utf8_lossy(&self.data[self.at..self.at + n]).into_owned();
        self.at += n;
        text
    }
}

/// A value of the vocabulary read from the case data.
pub trait AssayRead: Sized { fn read(input: &mut AssayIn) -> Self; }
impl AssayRead for i32 { fn read(input: &mut AssayIn) -> Self { input.number() as i32 } }
impl AssayRead for i64 { fn read(input: &mut AssayIn) -> Self { input.number() } }
impl AssayRead for f64 { fn read(input: &mut AssayIn) -> Self { input.float() } }
impl AssayRead for bool { fn read(input: &mut AssayIn) -> Self { input.number() != 0 } }
impl AssayRead for char { fn read(input: &mut AssayIn) -> Self { char::from_u32(input.number() as u32).unwrap_or('\\u{fffd}') } }
impl AssayRead for String { fn read(input: &mut AssayIn) -> Self { input.string() } }
impl<T: AssayRead> AssayRead for Vec<T> {
    fn read(input: &mut AssayIn) -> Self { let n = input.number(); (0..n).map(|_| T::read(input)).collect() }
}
impl<T: AssayRead> AssayRead for std::collections::HashMap<String, T> {
    fn read(input: &mut AssayIn) -> Self {
        let n = input.number();
        let mut map = std::collections::HashMap::new();
        for _ in 0..n { let key = input.string(); let value = T::read(input); map.insert(key, value); }
        map
    }
}

/// The run's case data, and where each case begins.
pub struct AssayCases { data: Vec<u8>, offsets: Vec<usize> }
impl AssayCases {
    pub fn load() -> AssayCases {
        let data = std::fs::read("${CASES_FILE}").expect("the case data");
        let mut offsets = Vec::new();
        {
            let mut header = AssayIn { data: &data, at: 0 };
            for _ in 0..header.number() { let length = header.number() as usize; offsets.push(header.at); header.at += length; }
        }
        AssayCases { data, offsets }
    }
    pub fn count(&self) -> usize { self.offsets.len() }
    pub fn at(&self, index: usize) -> AssayIn<'_> { AssayIn { data: &self.data, at: self.offsets[index] } }
}
static ASSAY_PANIC: std::sync::Mutex<Option<(String, u32, u32)>> = std::sync::Mutex::new(None);

/// Opens the results file, takes the marker, and keeps each panic's message and location for the case.
pub fn assay_start() -> (std::fs::File, String) {
    let marker = std::env::args().nth(1).unwrap_or_default();
    let results = std::fs::OpenOptions::new().append(true).open(std::env::var_os("ASSAY_RESULTS").unwrap_or_default()).expect("the results file");
    ASSAY_FIRST.store(std::env::args().nth(2).and_then(|first| first.parse().ok()).unwrap_or(0), std::sync::atomic::Ordering::Relaxed);
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload.downcast_ref::<&str>().map(|text| text.to_string()).or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_else(|| String::from("Box<dyn Any>"));
        let (line, column) = info.location().filter(|at| at.file() == "solution.rs").map(|at| (at.line(), at.column())).unwrap_or((0, 0));
        if let Ok(mut slot) = ASSAY_PANIC.lock() { *slot = Some((message, line, column)); }
    }));
    (results, marker)
}

pub fn assay_case(results: &mut std::fs::File, marker: &str, index: usize, call: &dyn Fn() -> String) {
    if index < ASSAY_FIRST.load(std::sync::atomic::Ordering::Relaxed) { return; }
    let _ = std::io::stdout().flush();
    print!("{}{}\\n", marker, index);
    let _ = std::io::stdout().flush();
    eprint!("{}{}\\n", marker, index);
    assay_started();
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call()));
    let took = ASSAY_STARTED.with(|started| started.get().elapsed().as_secs_f64() * 1000.0);
    let line = match outcome {
        Ok(json) => format!("{{\\"case\\":{},\\"timeMs\\":{:.3},\\"value\\":{}}}\\n", index, took, json),
        Err(_) => {
            let (message, line, column) = ASSAY_PANIC.lock().ok().and_then(|mut slot| slot.take()).unwrap_or((String::from("panic"), 0, 0));
            let mut text = String::new();
            AssayJson::json(&format!("panicked: {}", message), &mut text);
            if line > 0 { format!("{{\\"case\\":{},\\"timeMs\\":{:.3},\\"error\\":{},\\"line\\":{},\\"column\\":{},\\"trace\\":\\"solution.rs:{}:{}\\"}}\\n", index, took, text, line, column, line, column) } else { format!("{{\\"case\\":{},\\"timeMs\\":{:.3},\\"error\\":{}}}\\n", index, took, text) }
        }
    };
    let _ = std::io::stdout().flush();
    let _ = results.write_all(line.as_bytes());
}

pub trait AssayJson { fn json(&self, out: &mut String); }
impl AssayJson for i32 { fn json(&self, out: &mut String) { out.push_str(&self.to_string()); } }
impl AssayJson for i64 { fn json(&self, out: &mut String) { out.push_str(&self.to_string()); } }
impl AssayJson for bool { fn json(&self, out: &mut String) { out.push_str(if *self { "true" } else { "false" }); } }
impl AssayJson for f64 {
    fn json(&self, out: &mut String) { if self.is_finite() { out.push_str(&format!("{:?}", self)); } else { out.push_str("null"); } }
}
impl AssayJson for char { fn json(&self, out: &mut String) { self.to_string().json(out); } }
impl AssayJson for String {
    fn json(&self, out: &mut String) {
        out.push('"');
        for c in self.chars() {
            match c {
                '"' => out.push_str("\\\\\\""),
                '\\\\' => out.push_str("\\\\\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
    }
}
impl<T: AssayJson> AssayJson for Vec<T> {
    fn json(&self, out: &mut String) {
        out.push('[');
        for (i, item) in self.iter().enumerate() { if i > 0 { out.push(','); } item.json(out); }
        out.push(']');
    }
}
impl<T: AssayJson> AssayJson for std::collections::HashMap<String, T> {
    fn json(&self, out: &mut String) {
        let mut keys: Vec<&String> = self.keys().collect();
        keys.sort();
        out.push('{');
        for (i, key) in keys.into_iter().enumerate() { if i > 0 { out.push(','); } key.json(out); out.push(':'); self[key].json(out); }
        out.push('}');
    }
}
`;

/**
 * The generated main.rs: it `include!`s the candidate's solution.rs at the crate root (so diagnostics and panic
 * locations name solution.rs, and a private `fn` is callable), allows camelCase names, and calls every case from a
 * child module through the prebuilt runtime, each case's arguments read from the case data (decision 1085).
 */
export function rustHarness(functionName: string, signature: Signature): string {
  const typed = parsedSignature(signature);
  const spelled = (type: ValueType) => rustType(type).replaceAll('HashMap<', 'std::collections::HashMap<');
  const args = typed.params.map((param, at) => `let a${at}: ${spelled(param.type)} = AssayRead::read(&mut input); `).join('');
  const call = typed.params.map((_, at) => `a${at}`).join(', ');
  return `#![allow(non_snake_case, dead_code, unused_imports, unused_variables, unused_mut)]
include!("solution.rs");

mod assay_harness {
    use super::*;
    use assay_runtime::{assay_case, assay_start, assay_started, AssayCases, AssayJson, AssayRead};

    pub fn run() {
        let (mut results, marker) = assay_start();
        let cases = AssayCases::load();
        for index in 0..cases.count() {
            assay_case(&mut results, &marker, index, &|| { let mut input = cases.at(index); ${args}assay_started(); let value: ${spelled(typed.returns)} = ${functionName}(${call}); let mut out = String::new(); AssayJson::json(&value, &mut out); out });
        }
    }
}

fn main() {
    assay_harness::run();
}
`;
}
