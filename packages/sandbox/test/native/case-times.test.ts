import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import type { NativeLanguageId } from '../../src/native/native-language.js';

/**
 * Every native language reports each case's time, in both forms (decision 1085): the function form's is the
 * candidate's call alone, measured by the harness (a case that sleeps 300 ms reports at least that); the stdio
 * form's is the case's process.
 */
const signature = { params: [{ name: 'ms', type: 'int' }], returns: 'int' };
const cases = [
  { args: [300], expected: 300 },
  { args: [0], expected: 0 },
];

/** pause(ms): sleeps ms milliseconds and returns ms. */
const PAUSE: Readonly<Record<NativeLanguageId, string>> = {
  java: 'class Solution {\n    public static int pause(int ms) throws Exception {\n        Thread.sleep(ms);\n        return ms;\n    }\n}\n',
  c: '#include <time.h>\n\nint pause(int ms) {\n    clock_t end = clock() + (clock_t)ms * CLOCKS_PER_SEC / 1000;\n    while (clock() < end) {\n    }\n    return ms;\n}\n',
  cpp: '#include <chrono>\n#include <thread>\n\nint pause(int ms) {\n    std::this_thread::sleep_for(std::chrono::milliseconds(ms));\n    return ms;\n}\n',
  csharp: 'public class Solution\n{\n    public static int pause(int ms)\n    {\n        System.Threading.Thread.Sleep(ms);\n        return ms;\n    }\n}\n',
  go: 'import "time"\n\nfunc pause(ms int) int {\n\ttime.Sleep(time.Duration(ms) * time.Millisecond)\n\treturn ms\n}\n',
  rust: 'pub fn pause(ms: i32) -> i32 {\n    std::thread::sleep(std::time::Duration::from_millis(ms as u64));\n    ms\n}\n',
  ruby: 'def pause(ms)\n  sleep(ms / 1000.0)\n  ms\nend\n',
  php: '<?php\nfunction pause($ms) {\n    usleep($ms * 1000);\n    return $ms;\n}\n',
};

/** A stdio program that sleeps the milliseconds it reads and prints them. */
const STDIO_PAUSE: Readonly<Record<NativeLanguageId, string>> = {
  java: 'import java.util.*;\n\nclass Solution {\n    public static void main(String[] args) throws Exception {\n        int ms = new Scanner(System.in).nextInt();\n        Thread.sleep(ms);\n        System.out.println(ms);\n    }\n}\n',
  c: '#define _POSIX_C_SOURCE 200809L\n#include <stdio.h>\n#include <time.h>\n\nint main(void) {\n    int ms = 0;\n    if (scanf("%d", &ms) != 1) return 1;\n    struct timespec wait = { ms / 1000, (ms % 1000) * 1000000L };\n    nanosleep(&wait, NULL);\n    printf("%d\\n", ms);\n    return 0;\n}\n',
  cpp: '#include <chrono>\n#include <iostream>\n#include <thread>\n\nint main() {\n    int ms = 0;\n    std::cin >> ms;\n    std::this_thread::sleep_for(std::chrono::milliseconds(ms));\n    std::cout << ms << "\\n";\n}\n',
  csharp:
    'using System;\n\npublic class Solution\n{\n    public static void Main()\n    {\n        int ms = int.Parse(Console.ReadLine().Trim());\n        System.Threading.Thread.Sleep(ms);\n        Console.WriteLine(ms);\n    }\n}\n',
  go: 'package main\n\nimport (\n\t"fmt"\n\t"time"\n)\n\nfunc main() {\n\tvar ms int\n\tfmt.Scan(&ms)\n\ttime.Sleep(time.Duration(ms) * time.Millisecond)\n\tfmt.Println(ms)\n}\n',
  rust: 'use std::io::Read;\n\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    let ms: u64 = input.trim().parse().unwrap();\n    std::thread::sleep(std::time::Duration::from_millis(ms));\n    println!("{}", ms);\n}\n',
  ruby: 'ms = gets.to_i\nsleep(ms / 1000.0)\nputs ms\n',
  php: '<?php\n$ms = (int) trim(fgets(STDIN));\nusleep($ms * 1000);\necho $ms, "\\n";\n',
};

// Generous limits and warmed toolchains: a cold compiler's start on a loaded host is not what this measures.
const sandbox = new Sandbox({ workers: 1, nativeWorkers: 2, limits: { cpuMsPerCase: 20_000 }, prewarm: Object.keys(PAUSE) as NativeLanguageId[] });
sandbox.warmUp('candidate');
afterAll(() => sandbox.close());

describe.each(Object.keys(PAUSE) as NativeLanguageId[])('%s', (language) => {
  it('reports each case’s time: the call’s in a function run, the process’s in a stdio run', { timeout: 180_000 }, async () => {
    expect(sandbox.languages()[language]).toEqual({ available: true });
    const called = await sandbox.run({ language, code: PAUSE[language], functionName: 'pause', signature, cases });
    expect(
      called.results.map((result) => result.passed),
      JSON.stringify(called.results),
    ).toEqual([true, true]);
    const [slow, quick] = called.results.map((result) => result.timeMs);
    expect(slow).toBeGreaterThanOrEqual(290);
    expect(quick).toBeGreaterThanOrEqual(0);
    const printed = await sandbox.run({
      form: 'stdio',
      language,
      code: STDIO_PAUSE[language],
      cases: [
        { input: '300\n', expectedOutput: '300\n' },
        { input: '0\n', expectedOutput: '0\n' },
      ],
    });
    expect(
      printed.results.map((result) => result.passed),
      JSON.stringify(printed.results),
    ).toEqual([true, true]);
    expect(printed.results[0]?.timeMs).toBeGreaterThanOrEqual(300);
    expect(printed.results[1]?.timeMs).toBeGreaterThanOrEqual(0);
  });
});
