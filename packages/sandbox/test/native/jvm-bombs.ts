/** The parameter types of the Java bomb's overloads: one functional interface and one overload of `f` per type. */
const JAVA_BOMB_TYPES = ['int', 'String', 'long', 'double', 'char', 'boolean', 'Integer', 'Long', 'Object', 'Short', 'Byte', 'Float'];

/**
 * A compile-time bomb for Java: twelve overloads of `f`, each taking two lambdas, nested `depth` deep. javac attributes
 * every lambda body speculatively against every overload, and the text doubles with each level, so its time grows
 * with overloads × text: depth 12 is ~54 KB (inside the 100,000 characters an answer may have) and costs a cold
 * javac ~12 s of CPU here. (Two overloads were not enough: the warm compiler, on a quiet machine, finished depth 11
 * under a 4 s limit, so the test depended on the machine's load.) Every lambda names its parameter after its depth,
 * so the source is valid apart from the ambiguity javac reports at the end.
 */
export function javaOverloadBomb(depth: number): string {
  let inner = '0';
  for (let i = 0; i < depth; i++) inner = `f(v${i}->${inner},v${i}->${inner})`;
  const overloads = JAVA_BOMB_TYPES.map((type, j) => `    interface I${j} { int a(${type} x); }\n    static int f(I${j} a, I${j} b) { return 0; }`).join('\n');
  return `class Solution {
${overloads}
    public static int[] topScores(int[] scores, int k) { int bomb = ${inner}; return scores; }
}
`;
}

/**
 * A compile-time bomb for C#: overloads taking two lambdas, nested, make mcs's overload resolution try every
 * combination (2^depth bindings of each lambda).
 */
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
