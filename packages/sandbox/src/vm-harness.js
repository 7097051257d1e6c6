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
 * It also defines a pure-JavaScript no-op `console` so that logging solutions do not fail. No host function
 * is ever exposed: output is dropped by construction.
 */

/** Longest error text reported back; longer messages are clipped inside the VM. */
export const MAX_ERROR_CHARS = 1000;

export const HARNESS_SOURCE = `(() => {
  'use strict';
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const apply = Reflect.apply;
  const slice = String.prototype.slice;
  const toText = String;
  const MAX_ERROR = ${MAX_ERROR_CHARS};

  const noop = function () {};
  globalThis.console = Object.freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop });

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

  const call = (fn, argsJson, maxLength) => {
    let value;
    try {
      value = apply(fn, undefined, parse(argsJson));
    } catch (thrown) {
      return 'e' + describe(thrown);
    }
    let json;
    try {
      json = stringify(value);
    } catch (thrown) {
      return 'e' + 'The return value is not JSON-serializable: ' + describe(thrown);
    }
    if (json === undefined) return 'u';
    // UTF-16 length never exceeds the UTF-8 byte length, so this can only refuse values that are too large.
    if (json.length > maxLength) return 'o';
    return 'v' + json;
  };

  return { call, describe };
})()`;
