import type { LanguageFixture } from './fixture.js';

export const rustFixture: LanguageFixture = {
  language: 'rust',
  correct:
    'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    let mut sorted = scores.clone();\n    sorted.sort_by(|a, b| b.cmp(a));\n    sorted.truncate(k as usize);\n    sorted\n}\n',
  wrong:
    'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    let mut sorted = scores.clone();\n    sorted.sort();\n    sorted.truncate(k as usize);\n    sorted\n}\n',
  compileError: { code: 'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    let label: String = k;\n    scores\n}\n', line: 2 },
  runtimeError: {
    code: 'pub fn topScores(scores: Vec<i32>, k: i32) -> Vec<i32> {\n    let far = scores[scores.len() + k as usize];\n    vec![far]\n}\n',
    line: 2,
  },
  stdioCorrect:
    'use std::io::Read;\n\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    let numbers: Vec<i64> = input.split_whitespace().map(|word| word.parse().unwrap()).collect();\n    let (n, k) = (numbers[0] as usize, numbers[1] as usize);\n    let mut scores = numbers[2..2 + n].to_vec();\n    scores.sort_by(|a, b| b.cmp(a));\n    let parts: Vec<String> = scores[..k].iter().map(|score| score.to_string()).collect();\n    println!("{}", parts.join(" "));\n}\n',
  native: {
    pause: 'pub fn pause(ms: i32) -> i32 {\n    std::thread::sleep(std::time::Duration::from_millis(ms as u64));\n    ms\n}\n',
    stdioPause:
      'use std::io::Read;\n\nfn main() {\n    let mut input = String::new();\n    std::io::stdin().read_to_string(&mut input).unwrap();\n    let ms: u64 = input.trim().parse().unwrap();\n    std::thread::sleep(std::time::Duration::from_millis(ms));\n    println!("{}", ms);\n}\n',
    measure:
      'pub fn measure(values: Vec<i32>, text: String) -> Vec<i64> {\n    let sum: i64 = values.iter().map(|&v| v as i64).sum();\n    vec![values.len() as i64, sum, text.len() as i64]\n}\n',
  },
};
