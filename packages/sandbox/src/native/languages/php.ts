import { runCases } from '../harness/gorust-cases.js';
import { compileError, harnessCompileLine, runStdioCases, writeFiles } from '../harness/gorust-steps.js';
import { PHP_HARNESS, phpFatalError } from '../harness/php-harness.js';
import type { JailLimits } from '../jail-spec.js';
import type { NativeLanguage, NativeToolchain } from '../native-language.js';

/**
 * PHP 8.2 from Debian, started with no php.ini (`-n`, decision 733): no extension beyond the built-in ones and
 * mbstring (decision 1083: `mb_strlen` and the other multibyte string functions answers use), errors logged to stderr
 * (never mixed into stdout), PHP's own memory limit a little under the jail's so that running out says so in PHP's words.
 */
const PHP = '/usr/bin/php';

const phpArgv = (limits: JailLimits): string[] => [
  PHP,
  '-n',
  '-d',
  'extension=mbstring',
  '-d',
  'display_errors=0',
  '-d',
  'log_errors=1',
  '-d',
  'error_reporting=-1',
  '-d',
  `memory_limit=${Math.max(16, Math.floor((limits.memoryBytes * 0.8) / 2 ** 20))}M`,
];

/** What the run printed on stderr before its first case: where a fatal error of the candidate's file shows. */
const beforeFirstCase = (stderr: string, marker: string): string => stderr.split(marker)[0] ?? '';

/** What php needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
// Debian 12's php8.2-mbstring (the directory is PHP 8.2's module API): without it `-d extension=mbstring` warns on every run.
const PHP_TOOLCHAIN: NativeToolchain = {
  commands: ['/usr/bin/php', '/usr/lib/php/20220829/mbstring.so'],
  debianPackages: ['php-cli', 'php-mbstring'],
  etc: ['/etc/php'],
};

export const phpLanguage: NativeLanguage<'php'> = {
  id: 'php',
  toolchain: PHP_TOOLCHAIN,
  async execute(input, context) {
    const dir = await context.scratchDir();
    if (input.form === 'stdio') {
      await writeFiles(dir, { 'solution.php': input.code });
      return runStdioCases(context, dir, [...phpArgv(context.runLimits), 'solution.php'], input.inputs, {
        syntaxError: (result) => (/PHP Parse error/.test(result.stderr) ? phpFatalError(result.stderr) : undefined),
      });
    }
    await writeFiles(dir, { 'solution.php': input.code, 'harness.php': PHP_HARNESS, 'cases.json': `[${input.argsJson.join(',')}]` });
    const returns = input.signature?.returns.replace(/\s+/g, '').startsWith('map<') ? 'map' : 'value';
    let marker = '';
    const ran = await runCases(context, input.argsJson.length, (runMarker, first, limits) => {
      marker = runMarker;
      return { argv: [...phpArgv(limits), 'harness.php', marker, input.functionName, returns, String(first)], dir, limits, signal: context.signal };
    });
    const { results, stderr } = ran.firstRun;
    const loading = beforeFirstCase(stderr, marker);
    const syntax = harnessCompileLine(results) ?? (results.trim() === '' ? phpFatalError(loading) : undefined);
    if (syntax !== undefined) return compileError(syntax, loading || syntax.message);
    return { kind: 'ran', cases: ran.cases };
  },
};
