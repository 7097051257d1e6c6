import type { LanguageFixture } from './fixture.js';

export const phpFixture: LanguageFixture = {
  language: 'php',
  correct: '<?php\nfunction topScores($scores, $k) {\n    rsort($scores);\n    return array_slice($scores, 0, $k);\n}\n',
  wrong: '<?php\nfunction topScores($scores, $k) {\n    sort($scores);\n    return array_slice($scores, 0, $k);\n}\n',
  compileError: { code: '<?php\nfunction topScores($scores, $k) {\n    return $scores +;\n}\n', line: 3 },
  runtimeError: { code: '<?php\nfunction topScores($scores, $k) {\n    return $scores[99];\n}\n', line: 3 },
  stdioCorrect:
    "<?php\n[$n, $k] = array_map('intval', explode(' ', trim(fgets(STDIN))));\n$scores = array_map('intval', explode(' ', trim(fgets(STDIN))));\nrsort($scores);\necho implode(' ', array_slice($scores, 0, $k)), \"\\n\";\n",
  native: {
    pause: '<?php\nfunction pause($ms) {\n    usleep($ms * 1000);\n    return $ms;\n}\n',
    stdioPause: '<?php\n$ms = (int) trim(fgets(STDIN));\nusleep($ms * 1000);\necho $ms, "\\n";\n',
    measure: '<?php\nfunction measure($values, $text) {\n    return [count($values), array_sum($values), strlen($text)];\n}\n',
  },
};
