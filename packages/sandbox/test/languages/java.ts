import type { LanguageFixture } from './fixture.js';

export const javaFixture: LanguageFixture = {
  language: 'java',
  correct: `import java.util.*;

class Solution {
    public static int[] topScores(int[] scores, int k) {
        int[] sorted = scores.clone();
        Arrays.sort(sorted);
        int[] top = new int[k];
        for (int i = 0; i < k; i++) top[i] = sorted[sorted.length - 1 - i];
        return top;
    }
}
`,
  wrong: `import java.util.*;

class Solution {
    public static int[] topScores(int[] scores, int k) {
        int[] sorted = scores.clone();
        Arrays.sort(sorted);
        return Arrays.copyOf(sorted, k);
    }
}
`,
  compileError: {
    code: `class Solution {
    public static int[] topScores(int[] scores, int k) {
        int[] top = new int[k]
        return top;
    }
}
`,
    line: 3,
  },
  runtimeError: {
    code: `class Solution {
    public static int[] topScores(int[] scores, int k) {
        int[] none = null;
        return new int[] { none[k] };
    }
}
`,
    line: 4,
  },
  stdioCorrect: `import java.util.*;

class Solution {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt(), k = in.nextInt();
        Integer[] scores = new Integer[n];
        for (int i = 0; i < n; i++) scores[i] = in.nextInt();
        Arrays.sort(scores, Collections.reverseOrder());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < k; i++) out.append(i > 0 ? " " : "").append(scores[i]);
        System.out.println(out);
    }
}
`,
  native: {
    pause: 'class Solution {\n    public static int pause(int ms) throws Exception {\n        Thread.sleep(ms);\n        return ms;\n    }\n}\n',
    stdioPause:
      'import java.util.*;\n\nclass Solution {\n    public static void main(String[] args) throws Exception {\n        int ms = new Scanner(System.in).nextInt();\n        Thread.sleep(ms);\n        System.out.println(ms);\n    }\n}\n',
    measure:
      'class Solution {\n    public static long[] measure(int[] values, String text) {\n        long sum = 0;\n        for (int v : values) sum += v;\n        return new long[] { values.length, sum, text.length() };\n    }\n}\n',
  },
};
