import type { Signature } from '../value-type.js';
import type { ScalarType, ValueType } from '../value-type.js';
import { parseValueType } from '../value-type.js';

/**
 * C has no vectors, strings or maps, so a typed signature becomes C the way LeetCode writes it (decision 721):
 * a list is a pointer and its length (`int* scores, int scoresSize`), a list of lists adds the length of each row
 * (`int** grid, int gridSize, int* gridColSize`), strings are `char*`, and a list returned is a pointer the function
 * allocates (`malloc`) with its length written to `*returnSize` (and each row's to `*returnColumnSizes`). Maps and
 * lists nested deeper than two have no C form: such a question cannot accept C (cSignatureRefusal says why).
 */
const C_SCALARS: Readonly<Record<ScalarType, string>> = {
  int: 'int',
  long: 'long long',
  double: 'double',
  bool: 'bool',
  string: 'char*',
  char: 'char',
};

/** The C type of one scalar of the vocabulary. */
export const cScalarType = (scalar: ScalarType): string => C_SCALARS[scalar];

/** How a value of the vocabulary is passed in C: a scalar, a list (pointer + length) or a list of lists. */
export type CShape = { readonly depth: 0 | 1 | 2; readonly scalar: ScalarType };

/** The C shape of a type, or undefined when C has no form for it (a map, a list of lists of lists). */
export function cShapeOf(type: ValueType): CShape | undefined {
  let depth = 0;
  let inner = type;
  while (inner.kind === 'list') {
    depth++;
    inner = inner.of;
  }
  if (inner.kind !== 'scalar' || depth > 2) return undefined;
  return { depth: depth as CShape['depth'], scalar: inner.scalar };
}

/** Why a signature cannot be answered in C, or undefined when it can. */
export function cSignatureRefusal(signature: Signature): string | undefined {
  const texts = [...signature.params.map((p) => p.type), signature.returns];
  for (const text of texts) {
    const type = parseValueType(text);
    if (type === undefined || cShapeOf(type) === undefined) {
      return `C cannot answer a question using ${text}: C has no maps, and lists deeper than T[][] have no C form (offer C++ instead)`;
    }
  }
  const names = new Set(signature.params.map((p) => p.name));
  for (const param of signature.params) {
    for (const derived of [`${param.name}Size`, `${param.name}ColSize`, 'returnSize', 'returnColumnSizes']) {
      if (names.has(derived)) return `C cannot answer this question: the parameter name ${derived} is taken by the length of another`;
    }
  }
  return undefined;
}

const pointers = (depth: number): string => '*'.repeat(depth);

/** The C parameters of one signature parameter: the value, then its length(s). */
function cParameters(name: string, shape: CShape): string[] {
  const scalar = cScalarType(shape.scalar);
  if (shape.depth === 0) return [`${scalar} ${name}`];
  if (shape.depth === 1) return [`${scalar}${pointers(1)} ${name}`, `int ${name}Size`];
  return [`${scalar}${pointers(2)} ${name}`, `int ${name}Size`, `int* ${name}ColSize`];
}

/** The C declaration of the candidate's function (without a body), e.g. `int* topScores(int* scores, int scoresSize, int k, int* returnSize)`. */
export function cDeclaration(functionName: string, signature: Signature, rename: (name: string) => string): string {
  const params: string[] = [];
  for (const param of signature.params) {
    const shape = cShapeOf(parseValueType(param.type) as ValueType);
    if (shape !== undefined) params.push(...cParameters(rename(param.name), shape));
  }
  const returns = cShapeOf(parseValueType(signature.returns) as ValueType) ?? { depth: 0, scalar: 'int' };
  if (returns.depth >= 1) params.push('int* returnSize');
  if (returns.depth === 2) params.push('int** returnColumnSizes');
  const returnType = `${cScalarType(returns.scalar)}${pointers(returns.depth)}`;
  return `${returnType} ${functionName}(${params.length === 0 ? 'void' : params.join(', ')})`;
}
