import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** A place in the file, both counted from 1 as editors show them. */
export interface FilePosition {
  readonly line: number;
  readonly column: number;
}

/** One thing wrong with a test file, where it is: `tests.yaml:14:7: sections[0].questions[2].marks: …`. */
export interface FileProblem extends FilePosition {
  /** `sections[0].questions[2].marks`, or '' for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

export type DefinitionPath = readonly PropertyKey[];

/** A test file read once: its value (undefined when it does not parse) and where each part of it was written. */
export interface DefinitionSource {
  readonly file: string;
  readonly value: unknown;
  readonly syntaxProblems: readonly FileProblem[];
  /** Where the part at `path` was written; for a part that is missing, where its nearest written parent is. */
  positionOf(path: DefinitionPath): FilePosition;
}

const START: FilePosition = { line: 1, column: 1 };

/** Whether the file is read as JSON (its value exactly what JSON.parse gives, so the JSON keeps working) or as YAML. */
export const isJsonFile = (file: string): boolean => file.toLowerCase().endsWith('.json');

/** `sections[0].questions[2].marks`: the path as a reader of the file finds it. */
export const pathText = (path: DefinitionPath): string =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`), '');

/**
 * Reads a test definition written as YAML (comments, anchors, block strings) or JSON. Positions come from the YAML
 * parser either way: JSON is YAML, so one walk over the parsed nodes maps a schema error's path to its line.
 */
export const readDefinitionSource = (file: string, text: string): DefinitionSource => {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const at = (offset: number): FilePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const positionOf = (path: DefinitionPath): FilePosition => {
    let node: unknown = document.contents;
    let position: FilePosition = nodePosition(node, at) ?? START;
    for (const key of path) {
      const step = childOf(node, key);
      if (step === undefined) break;
      // A scalar value is pointed at itself; a block (a map, a list) at its key, the line a person looks for.
      position = (isScalar(step.value) ? nodePosition(step.value, at) : undefined) ?? nodePosition(step.key ?? step.value, at) ?? position;
      node = step.value;
    }
    return position;
  };
  const syntaxProblems = document.errors.map((error) => ({
    ...(error.linePos ? { line: error.linePos[0].line, column: error.linePos[0].col } : START),
    path: '',
    message: firstLine(error.message),
  }));
  if (syntaxProblems.length > 0) return { file, value: undefined, syntaxProblems, positionOf };
  if (!isJsonFile(file)) return { file, value: document.toJS({ maxAliasCount: 1000 }), syntaxProblems, positionOf };
  try {
    return { file, value: JSON.parse(text), syntaxProblems, positionOf };
  } catch (error) {
    return { file, value: undefined, syntaxProblems: [{ ...START, path: '', message: `not valid JSON: ${(error as Error).message}` }], positionOf };
  }
};

/** The YAML parser's messages end with a picture of the line; the line and column say it already. */
const firstLine = (message: string): string => message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');

function nodePosition(node: unknown, at: (offset: number) => FilePosition): FilePosition | undefined {
  const range = (node as Partial<Node> | null)?.range;
  return range ? at(range[0]) : undefined;
}

function childOf(node: unknown, key: PropertyKey): { key: unknown; value: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === key);
    return pair && { key: pair.key, value: pair.value };
  }
  if (isSeq(node) && typeof key === 'number') {
    const item = node.items[key];
    return item === undefined ? undefined : { key: undefined, value: item };
  }
  return undefined;
}
