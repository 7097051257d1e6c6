import type { Signature } from '@assay/domain/languages';
import { rustType } from '@assay/domain/languages';
import { caseArguments, typeOf } from './gorust-values.js';
import { rustLiteral } from './rust-literals.js';

/**
 * The harness's fixed part, compiled once per process into an rlib (decision 732: compiling it with every run tripled
 * rustc's CPU time): a panic hook that keeps the message and location, a case runner under `catch_unwind` that
 * writes JSON lines on fd 3 (harness-protocol.ts), and a small JSON writer over the vocabulary's types.
 */
export const RUST_RUNTIME = `#![allow(dead_code)]
use std::io::Write;
use std::os::unix::io::FromRawFd;

static ASSAY_FIRST: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static ASSAY_PANIC: std::sync::Mutex<Option<(String, u32, u32)>> = std::sync::Mutex::new(None);

/// Takes the results channel and the marker, and keeps each panic's message and location for the case.
pub fn assay_start() -> (std::fs::File, String) {
    let marker = std::env::args().nth(1).unwrap_or_default();
    let results = unsafe { std::fs::File::from_raw_fd(3) };
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
    let line = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call())) {
        Ok(json) => format!("{{\\"case\\":{},\\"value\\":{}}}\\n", index, json),
        Err(_) => {
            let (message, line, column) = ASSAY_PANIC.lock().ok().and_then(|mut slot| slot.take()).unwrap_or((String::from("panic"), 0, 0));
            let mut text = String::new();
            AssayJson::json(&format!("panicked: {}", message), &mut text);
            if line > 0 { format!("{{\\"case\\":{},\\"error\\":{},\\"line\\":{},\\"column\\":{},\\"trace\\":\\"solution.rs:{}:{}\\"}}\\n", index, text, line, column, line, column) } else { format!("{{\\"case\\":{},\\"error\\":{}}}\\n", index, text) }
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
 * child module through the prebuilt runtime.
 */
export function rustHarness(functionName: string, signature: Signature, argsJson: readonly string[]): string {
  const params = signature.params.map((param) => typeOf(param.type));
  const returns = rustType(typeOf(signature.returns)).replace('HashMap<', 'std::collections::HashMap<');
  const calls = argsJson.map((json, index) => {
    const args = caseArguments(json, params.length).map((value, at) => rustLiteral(value, params[at] as NonNullable<(typeof params)[number]>));
    return `        assay_case(&mut results, &marker, ${index}, &|| { let value: ${returns} = ${functionName}(${args.join(', ')}); let mut out = String::new(); AssayJson::json(&value, &mut out); out });`;
  });
  return `#![allow(non_snake_case, dead_code, unused_imports, unused_variables, unused_mut)]
include!("solution.rs");

mod assay_harness {
    use super::*;
    use assay_runtime::{assay_case, assay_start, AssayJson};

    pub fn run() {
        let (mut results, marker) = assay_start();
${calls.join('\n')}
    }
}

fn main() {
    assay_harness::run();
}
`;
}
