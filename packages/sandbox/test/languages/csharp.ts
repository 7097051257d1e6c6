import type { LanguageFixture } from './fixture.js';

export const csharpFixture: LanguageFixture = {
  language: 'csharp',
  correct: `using System;
using System.Linq;

public class Solution
{
    public static int[] topScores(int[] scores, int k)
    {
        return scores.OrderByDescending(s => s).Take(k).ToArray();
    }
}
`,
  wrong: `using System;
using System.Linq;

public class Solution
{
    public static int[] topScores(int[] scores, int k)
    {
        return scores.OrderBy(s => s).Take(k).ToArray();
    }
}
`,
  compileError: {
    code: `public class Solution
{
    public static int[] topScores(int[] scores, int k)
    {
        int[] top = new int[count];
        return top;
    }
}
`,
    line: 5,
  },
  runtimeError: {
    code: `public class Solution
{
    public static int[] topScores(int[] scores, int k)
    {
        int[] none = null;
        return new int[] { none[k] };
    }
}
`,
    line: 6,
  },
  stdioCorrect: `using System;
using System.Linq;

public class Solution
{
    public static void Main()
    {
        int k = int.Parse(Console.ReadLine().Split(' ')[1]);
        var scores = Console.ReadLine().Split(' ').Select(int.Parse);
        Console.WriteLine(string.Join(" ", scores.OrderByDescending(s => s).Take(k)));
    }
}
`,
  native: {
    pause: 'public class Solution\n{\n    public static int pause(int ms)\n    {\n        System.Threading.Thread.Sleep(ms);\n        return ms;\n    }\n}\n',
    stdioPause:
      'using System;\n\npublic class Solution\n{\n    public static void Main()\n    {\n        int ms = int.Parse(Console.ReadLine().Trim());\n        System.Threading.Thread.Sleep(ms);\n        Console.WriteLine(ms);\n    }\n}\n',
    measure:
      'public class Solution\n{\n    public static long[] measure(int[] values, string text)\n    {\n        long sum = 0;\n        foreach (int v in values) sum += v;\n        return new long[] { values.Length, sum, text.Length };\n    }\n}\n',
  },
};
