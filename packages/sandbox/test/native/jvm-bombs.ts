/**
 * A compile-time bomb for Java and C#: overloads taking two lambdas, nested, make overload resolution try every
 * combination (2^depth speculative attributions; the text doubles too, ~32 KB for Java at depth 11). javac and mcs
 * both run past any sane compile limit on it.
 */
export function javaOverloadBomb(depth: number): string {
  let inner = '0';
  for (let i = 0; i < depth; i++) inner = `f(x -> ${inner}, y -> ${inner})`;
  return `class Solution {
    interface A { int a(int x); }
    interface B { int b(String x); }
    static int f(A a, A b) { return 0; }
    static int f(B a, B b) { return 0; }
    public static int[] topScores(int[] scores, int k) { int bomb = ${inner}; return scores; }
}
`;
}

export function csharpOverloadBomb(depth: number): string {
  let inner = '0';
  for (let i = 0; i < depth; i++) inner = `F(x${i} => ${inner}, y${i} => ${inner})`;
  return `using System;
public class Solution
{
    public static int F(Func<int, int> a, Func<int, int> b) { return 0; }
    public static int F(Func<string, int> a, Func<string, int> b) { return 0; }
    public static int[] topScores(int[] scores, int k) { int bomb = ${inner}; return scores; }
}
`;
}
