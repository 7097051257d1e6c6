import { runCases } from '../harness/gorust-cases.js';
import { compileError, harnessCompileLine, runStdioCases, writeFiles } from '../harness/gorust-steps.js';
import { RUBY_HARNESS, rubySyntaxError } from '../harness/ruby-harness.js';
import type { NativeLanguage, NativeToolchain } from '../native-language.js';

/** Ruby 3.1 from Debian, started without RubyGems (decision 733): one jailed process runs every case. */
const RUBY = '/usr/bin/ruby';

/** What ruby needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const RUBY_TOOLCHAIN: NativeToolchain = { commands: ['/usr/bin/ruby'], debianPackages: ['ruby'], etc: [] };

export const rubyLanguage: NativeLanguage<'ruby'> = {
  id: 'ruby',
  toolchain: RUBY_TOOLCHAIN,
  async execute(input, context) {
    const dir = await context.scratchDir();
    if (input.form === 'stdio') {
      await writeFiles(dir, { 'solution.rb': input.code });
      return runStdioCases(context, dir, [RUBY, '--disable-gems', 'solution.rb'], input.inputs, {
        syntaxError: (result) => (result.exitCode === 0 ? undefined : rubySyntaxError(result.stderr)),
      });
    }
    await writeFiles(dir, { 'solution.rb': input.code, 'harness.rb': RUBY_HARNESS, 'cases.json': `[${input.argsJson.join(',')}]` });
    const ran = await runCases(context, input.argsJson.length, (marker, first, limits) => ({
      argv: [RUBY, '--disable-gems', 'harness.rb', marker, input.functionName, String(first)],
      dir,
      limits,
      signal: context.signal,
    }));
    const syntax = harnessCompileLine(ran.firstRun.results);
    if (syntax !== undefined) return compileError(syntax);
    return { kind: 'ran', cases: ran.cases };
  },
};
