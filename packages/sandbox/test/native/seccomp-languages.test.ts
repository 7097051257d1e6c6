import type { LanguageId } from '@assay/domain/languages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Sandbox } from '../../src/index.js';
import { cLanguage } from '../../src/native/languages/c.js';
import { cppLanguage } from '../../src/native/languages/cpp.js';
import { type TestContext, testContext } from './c-family-context.js';

/**
 * The seccomp filter (issue 59, 10f; decision 1060) in every native language: a candidate's stdin/stdout program
 * makes refused calls the way its language can — ptrace on the jail's init (PTRACE_PEEKDATA, which the kernel
 * would answer ESRCH) and unshare(0) (which the kernel would allow) — and prints how they ended. The program was
 * compiled in the jail under the same filter (javac and mcs in their warm servers, Go's compile and link, rustc,
 * gcc and clang), so each run also shows the toolchain works under it. PHP has no ptrace, Java no system call at all:
 * PHP unshares through pcntl, the JVM reads its own seccomp mode.
 */
const BOTH = 'ptrace EPERM\nunshare EPERM\n';

const PROBES: Readonly<Partial<Record<LanguageId, { readonly code: string; readonly expected: string }>>> = {
  c: {
    code: `#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
static const char *said(long result) { return result == -1 && errno == EPERM ? "EPERM" : "not refused"; }
int main(void) {
    printf("ptrace %s\\n", said(syscall(SYS_ptrace, 2, 1, 0, 0)));
    printf("unshare %s\\n", said(syscall(SYS_unshare, 0)));
    return 0;
}
`,
    expected: BOTH,
  },
  cpp: {
    code: `#include <cerrno>
#include <iostream>
#include <sys/syscall.h>
#include <unistd.h>
static const char* said(long result) { return result == -1 && errno == EPERM ? "EPERM" : "not refused"; }
int main() {
    std::cout << "ptrace " << said(syscall(SYS_ptrace, 2, 1, 0, 0)) << "\\n";
    std::cout << "unshare " << said(syscall(SYS_unshare, 0)) << "\\n";
}
`,
    expected: BOTH,
  },
  go: {
    code: `package main

import (
	"fmt"
	"syscall"
)

func said(errno syscall.Errno) string {
	if errno == syscall.EPERM {
		return "EPERM"
	}
	return "not refused"
}

func main() {
	_, _, errno := syscall.Syscall6(syscall.SYS_PTRACE, 2, 1, 0, 0, 0, 0)
	fmt.Println("ptrace", said(errno))
	_, _, errno = syscall.Syscall(syscall.SYS_UNSHARE, 0, 0, 0)
	fmt.Println("unshare", said(errno))
}
`,
    expected: BOTH,
  },
  rust: {
    code: `extern "C" {
    fn syscall(number: i64, ...) -> i64;
}

fn said(result: i64) -> &'static str {
    if result == -1 && std::io::Error::last_os_error().raw_os_error() == Some(1) { "EPERM" } else { "not refused" }
}

fn main() {
    println!("ptrace {}", said(unsafe { syscall(101, 2i64, 1i64, 0i64, 0i64) }));
    println!("unshare {}", said(unsafe { syscall(272, 0i64) }));
}
`,
    expected: BOTH,
  },
  ruby: {
    code: `def said(*call)
  syscall(*call)
  'not refused'
rescue Errno::EPERM
  'EPERM'
rescue SystemCallError
  'not refused'
end
puts "ptrace #{said(101, 2, 1, 0, 0)}"
puts "unshare #{said(272, 0)}"
`,
    expected: BOTH,
  },
  csharp: {
    code: `using System;
using System.Runtime.InteropServices;

class Solution {
    [DllImport("libc", SetLastError = true)]
    static extern long syscall(long number, long a, long b, long c, long d);

    static string Said(long result) => result == -1 && Marshal.GetLastWin32Error() == 1 ? "EPERM" : "not refused";

    static void Main() {
        Console.WriteLine("ptrace " + Said(syscall(101, 2, 1, 0, 0)));
        Console.WriteLine("unshare " + Said(syscall(272, 0, 0, 0, 0)));
    }
}
`,
    expected: BOTH,
  },
  php: {
    code: `<?php
$done = @pcntl_unshare(0);
echo 'unshare ', !$done && pcntl_get_last_error() === 1 ? 'EPERM' : 'not refused', "\\n";
`,
    expected: 'unshare EPERM\n',
  },
  java: {
    code: `import java.nio.file.*;

class Solution {
    public static void main(String[] args) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status")))
            if (line.startsWith("Seccomp:")) System.out.println("mode " + line.substring(8).trim());
    }
}
`,
    expected: 'mode 2\n',
  },
};

const sandbox = new Sandbox({ workers: 1, nativeWorkers: 1 });
let context: TestContext;

// C and C++'s shared runtime is built ahead, under its own limits: the first run's limits are not this test's subject.
beforeAll(async () => {
  context = testContext();
  await cLanguage.warm?.(context);
  await cppLanguage.warm?.(context);
}, 240_000);

afterAll(async () => {
  await sandbox.close();
  await context.dispose();
});

for (const [language, probe] of Object.entries(PROBES)) {
  it(`${language}: a candidate's program is refused the filtered calls with EPERM`, { timeout: 120_000 }, async () => {
    const outcome = await sandbox.run({
      language: language as LanguageId,
      form: 'stdio',
      code: probe.code,
      cases: [{ input: '', expectedOutput: probe.expected }],
    });
    expect(outcome.results[0], JSON.stringify(outcome).slice(0, 800)).toMatchObject({ passed: true, actual: probe.expected });
  });
}

it('covers every native language', () => {
  expect(Object.keys(PROBES).sort()).toEqual(['c', 'cpp', 'csharp', 'go', 'java', 'php', 'ruby', 'rust']);
});
