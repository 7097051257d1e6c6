import type { LanguageFixture } from './fixture.js';

// Without `package main`: the module puts it in front of line 1 (the stub leaves it out).
export const goFixture: LanguageFixture = {
  language: 'go',
  correct:
    'import "sort"\n\nfunc topScores(scores []int, k int) []int {\n\tsorted := append([]int(nil), scores...)\n\tsort.Sort(sort.Reverse(sort.IntSlice(sorted)))\n\treturn sorted[:k]\n}\n',
  wrong:
    'import "sort"\n\nfunc topScores(scores []int, k int) []int {\n\tsorted := append([]int(nil), scores...)\n\tsort.Ints(sorted)\n\treturn sorted[:k]\n}\n',
  compileError: { code: 'func topScores(scores []int, k int) []int {\n\treturn k\n}\n', line: 2 },
  runtimeError: { code: 'func topScores(scores []int, k int) []int {\n\treturn scores[k+10:]\n}\n', line: 2 },
  stdioCorrect:
    'package main\n\nimport (\n\t"bufio"\n\t"fmt"\n\t"os"\n\t"sort"\n\t"strings"\n)\n\nfunc main() {\n\tin := bufio.NewReader(os.Stdin)\n\tvar n, k int\n\tfmt.Fscan(in, &n, &k)\n\tscores := make([]int, n)\n\tfor i := range scores {\n\t\tfmt.Fscan(in, &scores[i])\n\t}\n\tsort.Sort(sort.Reverse(sort.IntSlice(scores)))\n\tparts := make([]string, k)\n\tfor i := range parts {\n\t\tparts[i] = fmt.Sprint(scores[i])\n\t}\n\tfmt.Println(strings.Join(parts, " "))\n}\n',
  native: {
    pause: 'import "time"\n\nfunc pause(ms int) int {\n\ttime.Sleep(time.Duration(ms) * time.Millisecond)\n\treturn ms\n}\n',
    stdioPause:
      'package main\n\nimport (\n\t"fmt"\n\t"time"\n)\n\nfunc main() {\n\tvar ms int\n\tfmt.Scan(&ms)\n\ttime.Sleep(time.Duration(ms) * time.Millisecond)\n\tfmt.Println(ms)\n}\n',
    measure:
      'func measure(values []int, text string) []int64 {\n\tvar sum int64\n\tfor _, v := range values {\n\t\tsum += int64(v)\n\t}\n\treturn []int64{int64(len(values)), sum, int64(len(text))}\n}\n',
  },
};
