// @ts-check
/**
 * Source of the script evaluated inside each fresh QuickJS context BEFORE the candidate's code.
 *
 * Why it lives in the VM: the candidate can redefine any global or prototype, so the harness captures the
 * intrinsics it needs (JSON.parse/stringify, Reflect.apply, String#slice) while they are still pristine.
 * Everything it hands back to the host is a primitive string with a one-letter tag, and every string is
 * length-checked inside the VM, so a hostile value (toJSON, getters, a 30 MB message) cannot make the host
 * copy or parse more than the configured limit.
 *
 * It also defines `console`, written in JavaScript: what the code logs is kept in the VM (at most `maxLogChars`
 * characters) and read once the case is over. No host function is ever exposed.
 */

/** Longest error text reported back; longer messages are clipped inside the VM. */
export const MAX_ERROR_CHARS = 1000;

/** @param {ArrayLike<number>} seed @param {number} index an unsigned 32-bit word of the seed (0 if missing) */
const word = (seed, index) => (seed[index] ?? 0) >>> 0;

/**
 * @param {number} maxLogChars
 * @param {ArrayLike<number>} seed four 32-bit words of the host's entropy, drawn for this case
 */
export const harnessSource = (maxLogChars, seed) => `(() => {
  'use strict';
  // Math.random from the host's entropy (decision 987): QuickJS seeds its own from the clock when a context is made,
  // so two candidates' contexts made in the same instant drew the same numbers. sfc32, 53 bits a draw, like V8's.
  {
    let a = ${word(seed, 0)}, b = ${word(seed, 1)}, c = ${word(seed, 2)}, d = ${word(seed, 3)};
    const next = () => {
      a |= 0; b |= 0; c |= 0; d |= 0;
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return t >>> 0;
    };
    for (let warm = 0; warm < 12; warm += 1) next();
    const random = function random() {
      return (next() * 2097152 + (next() >>> 11)) / 9007199254740992;
    };
    Object.defineProperty(Math, 'random', { value: random, writable: true, configurable: true, enumerable: false });
  }
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const apply = Reflect.apply;
  const slice = String.prototype.slice;
  const exec = RegExp.prototype.exec;
  const join = Array.prototype.join;
  const map = Array.prototype.map;
  const toText = String;
  const MAX_ERROR = ${MAX_ERROR_CHARS};
  const MAX_LOG = ${Math.max(0, Math.floor(maxLogChars))};
  const WHERE = /solution\\.js:(\\d+):(\\d+)/;

  let log = '';
  let logCut = false;
  const show = (value) => {
    if (typeof value === 'string') return value;
    if (typeof value === 'function') return '[Function ' + (typeof value.name === 'string' && value.name !== '' ? value.name : '(anonymous)') + ']';
    if (value === null || typeof value !== 'object') return toText(value);
    try {
      const json = stringify(value);
      return json === undefined ? toText(value) : json;
    } catch (_) {
      return toText(value);
    }
  };
  const write = function () {
    if (logCut) return;
    let line;
    try {
      line = apply(join, apply(map, arguments, [(value) => show(value)]), [' ']) + '\\n';
    } catch (_) {
      line = '[unprintable]\\n';
    }
    if (log.length + line.length > MAX_LOG) {
      log += apply(slice, line, [0, MAX_LOG - log.length]);
      logCut = true;
      return;
    }
    log += line;
  };
  globalThis.console = Object.freeze({ log: write, info: write, warn: write, error: write, debug: write, trace: write });

  const clip = (text) => (text.length > MAX_ERROR ? apply(slice, text, [0, MAX_ERROR]) + '...' : text);

  const describe = (thrown) => {
    try {
      if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
        const name = thrown.name;
        const message = thrown.message;
        if (typeof name === 'string' && typeof message === 'string') {
          return clip(message === '' ? name : name + ': ' + message);
        }
      }
      return clip('Uncaught ' + toText(thrown));
    } catch (_) {
      return 'Uncaught exception (it could not be converted to text)';
    }
  };

  /** "line:column" of the innermost frame in the candidate's script, or "" (QuickJS stacks read "at f (solution.js:3:13)"). */
  const where = (thrown) => {
    try {
      if (thrown === null || typeof thrown !== 'object') return '';
      const stack = thrown.stack;
      if (typeof stack !== 'string') return '';
      const found = apply(exec, WHERE, [apply(slice, stack, [0, 10000])]);
      return found ? found[1] + ':' + found[2] : '';
    } catch (_) {
      return '';
    }
  };

  /** An error for the host: "e" + position + newline + message. */
  const failure = (thrown, prefix) => 'e' + where(thrown) + '\\n' + prefix + describe(thrown);

  const call = (fn, argsJson, maxLength) => {
    let value;
    try {
      value = apply(fn, undefined, parse(argsJson));
    } catch (thrown) {
      return failure(thrown, '');
    }
    let json;
    try {
      json = stringify(value);
    } catch (thrown) {
      return failure(thrown, 'The return value is not JSON-serializable: ');
    }
    if (json === undefined) return 'u';
    // UTF-16 length never exceeds the UTF-8 byte length, so this can only refuse values that are too large.
    if (json.length > maxLength) return 'o';
    return 'v' + json;
  };

  /** What the case logged: "c" when some was cut, "k" when all was kept, then the text. */
  const takeLog = () => (logCut ? 'c' : 'k') + log;

  // show also formats what a stdio program prints (vm-stdio.js).
  return { call, failure, takeLog, show };
})()`;
