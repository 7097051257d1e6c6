// @ts-check
/**
 * Source of the script evaluated in a stdio case's QuickJS context after the harness (vm-harness.js) and before the
 * candidate's program (decision 1087). It gives the program what judges give JavaScript for standard input and
 * output, with no host function behind any of it: the case's input is handed in as a string (`setInput`, never
 * spliced into code) and what the program prints stays in the VM, bounded, until the case is over.
 *
 *   console.log / info / debug, print(...), process.stdout.write(text)   → standard output (compared)
 *   console.error / warn / trace, process.stderr.write(text)              → standard error (shown, never compared)
 *   readline()                        the next line of the input (without its line end), null at the end
 *   require('fs').readFileSync(0)     the whole input (also '/dev/stdin'; 'node:fs' too)
 *   require('readline').createInterface({ input: process.stdin }).on('line', f).on('close', g)
 *   process.stdin.on('data', f).on('end', g)                               the input in one piece, then the end
 *   process.exit(code)                                                     ends the program with that exit code
 *
 * Listeners are called as Node would once the program's script has run: the data, then the end; each line, then close.
 */

/**
 * A function of the harness's `show` (how console.log writes a value) answering the stdio harness.
 * @param {number} maxOutputChars
 */
export const stdioHarnessSource = (maxOutputChars) => `((show) => {
  'use strict';
  const apply = Reflect.apply;
  const slice = String.prototype.slice;
  const indexOf = String.prototype.indexOf;
  const push = Array.prototype.push;
  const join = Array.prototype.join;
  const map = Array.prototype.map;
  const freeze = Object.freeze;
  const toText = String;
  const toNumber = Number;
  const MAX_OUTPUT = ${Math.max(0, Math.floor(maxOutputChars))};
  // console.error stays the harness's log (what the case printed besides its answer): standard error.
  const writeError = globalThis.console.error;

  let input = '';
  let read = 0;
  let output = '';
  let outputCut = false;
  let exitCode = 0;
  const exitSignal = freeze({});
  const listeners = { data: [], end: [], line: [], close: [] };

  const write = (text) => {
    if (outputCut) return;
    if (output.length + text.length > MAX_OUTPUT) {
      outputCut = true;
      return;
    }
    output += text;
  };
  const printLine = function () {
    write(apply(join, apply(map, arguments, [(value) => show(value)]), [' ']) + '\\n');
  };
  const readline = function () {
    if (read >= input.length) return null;
    let end = apply(indexOf, input, ['\\n', read]);
    if (end === -1) end = input.length;
    let line = apply(slice, input, [read, end]);
    read = end + 1;
    if (line.length > 0 && line[line.length - 1] === '\\r') line = apply(slice, line, [0, line.length - 1]);
    return line;
  };
  const on = (events, target) =>
    function (event, listener) {
      if (typeof listener === 'function' && events[event] !== undefined) apply(push, events[event], [listener]);
      return target();
    };

  const fs = freeze({
    readFileSync(file) {
      if (file === 0 || file === '/dev/stdin') return input;
      throw new Error("ENOENT: no such file '" + toText(file) + "' (a program here reads only its standard input: readFileSync(0))");
    },
  });
  const readlineModule = freeze({
    createInterface() {
      const lineEvents = { line: listeners.line, close: listeners.close };
      const reader = { on: on(lineEvents, () => reader), close() {}, setPrompt() {}, prompt() {} };
      return freeze(reader);
    },
  });
  const stdinEvents = { data: listeners.data, end: listeners.end };
  const stdin = { on: on(stdinEvents, () => stdin), resume() {}, pause() {}, setEncoding() {}, fd: 0 };
  const process = freeze({
    stdin: freeze(stdin),
    stdout: freeze({ write: (text) => (write(toText(text)), true) }),
    stderr: freeze({ write: (text) => (apply(writeError, undefined, [toText(text)]), true) }),
    exit(code) {
      exitCode = code === undefined ? 0 : toNumber(code) | 0;
      throw exitSignal;
    },
    argv: freeze(['node', 'solution.js']),
    env: freeze({}),
  });
  const require = (name) => {
    if (name === 'fs' || name === 'node:fs') return fs;
    if (name === 'readline' || name === 'node:readline') return readlineModule;
    throw new Error("Cannot find module '" + toText(name) + "' (a program here has fs, for readFileSync(0), and readline)");
  };

  globalThis.console = freeze({ log: printLine, info: printLine, debug: printLine, error: writeError, warn: writeError, trace: writeError });
  globalThis.print = printLine;
  globalThis.readline = readline;
  globalThis.require = require;
  globalThis.process = process;

  const call = (listener, args) => apply(listener, undefined, args);
  /** What Node does once the script has run: stdin's data and end, then readline's lines and close. */
  const finish = () => {
    for (let i = 0; i < listeners.data.length; i += 1) call(listeners.data[i], [input]);
    for (let i = 0; i < listeners.end.length; i += 1) call(listeners.end[i], []);
    if (listeners.line.length > 0 || listeners.close.length > 0) {
      while (read < input.length) {
        const line = readline();
        for (let i = 0; i < listeners.line.length; i += 1) call(listeners.line[i], [line]);
      }
      for (let i = 0; i < listeners.close.length; i += 1) call(listeners.close[i], []);
    }
  };
  /** "s" + exit code + newline + the standard output; past the limit, an error saying so. */
  const result = () => (outputCut ? 'e\\nOutput limit exceeded: the program printed more than ' + MAX_OUTPUT + ' characters' : 's' + exitCode + '\\n' + output);

  return {
    setInput: (text) => {
      input = text;
    },
    finish,
    exited: (thrown) => thrown === exitSignal,
    result,
  };
})`;
