import type { ValueType } from '@assay/domain/languages';
import { goType } from '@assay/domain/languages';
import { checkedList, checkedMap, checkedScalar, escapeString } from './gorust-values.js';

const goString = (text: string): string =>
  `"${escapeString(text, (codePoint) => (codePoint >= 0xd800 && codePoint <= 0xdfff ? '\\uFFFD' : `\\u${codePoint.toString(16).padStart(4, '0')}`))}"`;

/** A JSON value as a Go expression of the given type: `[]int{5, 1}`, `map[string]int64{"a": 3000000000}`, `rune(233)`. */
export function goLiteral(value: unknown, type: ValueType): string {
  switch (type.kind) {
    case 'scalar': {
      const scalar = checkedScalar(value, type.scalar);
      if (type.scalar === 'char') return `rune(${scalar})`;
      if (type.scalar === 'string') return goString(scalar as string);
      if (type.scalar === 'double') return `float64(${String(scalar)})`;
      if (type.scalar === 'long') return `int64(${String(scalar)})`;
      return String(scalar);
    }
    case 'list':
      return `${goType(type)}{${checkedList(value)
        .map((item) => goLiteral(item, type.of))
        .join(', ')}}`;
    case 'map':
      return `${goType(type)}{${checkedMap(value)
        .map(([key, item]) => `${goString(key)}: ${goLiteral(item, type.of)}`)
        .join(', ')}}`;
  }
}
