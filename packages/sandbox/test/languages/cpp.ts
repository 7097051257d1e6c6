import type { LanguageFixture } from './fixture.js';

export const cppFixture: LanguageFixture = {
  language: 'cpp',
  correct:
    '#include <algorithm>\n#include <vector>\nusing namespace std;\n\nvector<int> topScores(vector<int> scores, int k) {\n    sort(scores.begin(), scores.end(), greater<int>());\n    scores.resize(k);\n    return scores;\n}\n',
  wrong:
    '#include <algorithm>\n#include <vector>\nusing namespace std;\n\nvector<int> topScores(vector<int> scores, int k) {\n    sort(scores.begin(), scores.end());\n    scores.resize(k);\n    return scores;\n}\n',
  compileError: { code: '#include <vector>\nusing namespace std;\nvector<int> topScores(vector<int> scores, int k) {\n    return scores\n}\n', line: 4 },
  runtimeError: {
    code: '#include <vector>\nusing namespace std;\nvector<int> topScores(vector<int> scores, int k) {\n    return {scores.at(k + 100)};\n}\n',
    line: 4,
  },
  stdioCorrect:
    '#include <algorithm>\n#include <iostream>\n#include <vector>\nusing namespace std;\n\nint main() {\n    int n, k;\n    cin >> n >> k;\n    vector<int> s(n);\n    for (int& x : s) cin >> x;\n    sort(s.rbegin(), s.rend());\n    for (int i = 0; i < k; i++) cout << s[i] << (i + 1 < k ? " " : "\\n");\n}\n',
  native: {
    pause: '#include <chrono>\n#include <thread>\n\nint pause(int ms) {\n    std::this_thread::sleep_for(std::chrono::milliseconds(ms));\n    return ms;\n}\n',
    stdioPause:
      '#include <chrono>\n#include <iostream>\n#include <thread>\n\nint main() {\n    int ms = 0;\n    std::cin >> ms;\n    std::this_thread::sleep_for(std::chrono::milliseconds(ms));\n    std::cout << ms << "\\n";\n}\n',
    measure:
      '#include <string>\n#include <vector>\nusing namespace std;\n\nvector<long long> measure(vector<int> values, string text) {\n    long long sum = 0;\n    for (int v : values) sum += v;\n    return { (long long) values.size(), sum, (long long) text.size() };\n}\n',
  },
};
