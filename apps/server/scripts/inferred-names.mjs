// esbuild's `keepNames` names every function and class where it is made — `const answer = __name(() => …, "answer")` —
// inside functions too, so every closure a request makes (our hooks' and handlers', Fastify's) paid a call, a read of
// `name` and, for an arrow (anonymous to V8 once wrapped in a call), a `defineProperty`: 3–4 % of the busy request
// thread under load (decision 623). Inside a function the language names the closure anyway (NamedEvaluation: a
// declaration, `const x =`, `x =`, `{ x: … }`, a field, a default value): the same name, unless the bundle renamed it
// to keep it apart from another module's (`check2` for `check`, `u2` for a minified library's `u`), when the closure
// is named as the bundle wrote it. So inside functions the call is blanked wherever the language names the function —
// `__name` and `, "answer"` become spaces, the parentheses stay. Calls at the top level (run once, where renamed
// functions' names show in traces and `.name`s) stay, and so does every class's whose name would change (an error's
// class names its `type` in the logs). Columns are unchanged: the source maps hold.
import { parse } from 'acorn';
import { ancestor } from 'acorn-walk';

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

const unparenthesized = (node) => (node.type === 'ParenthesizedExpression' ? unparenthesized(node.expression) : node);

/** The name a key gives the anonymous function it holds, when it is a plain one. */
const keyName = (key, computed) => {
  if (computed) return undefined;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
};

/** The name the language gives an anonymous function or class standing at `node` under `parent` (NamedEvaluation). */
const nameByPlace = (node, parent) => {
  switch (parent?.type) {
    case 'VariableDeclarator':
      return parent.init === node && parent.id.type === 'Identifier' ? parent.id.name : undefined;
    case 'AssignmentExpression':
      return parent.right === node && parent.operator === '=' && parent.left.type === 'Identifier' ? parent.left.name : undefined;
    case 'AssignmentPattern':
      return parent.right === node && parent.left.type === 'Identifier' ? parent.left.name : undefined;
    case 'Property':
      return parent.value === node && parent.kind === 'init' ? keyName(parent.key, parent.computed) : undefined;
    case 'PropertyDefinition':
      return parent.value === node ? keyName(parent.key, parent.computed) : undefined;
    default:
      return undefined;
  }
};

/** The name `target` has without the helper: its own, or the one its place gives it. */
const nameWithoutHelper = (call, target, parent) => {
  if (target.type === 'Identifier') return target.name; // `__name(fn, "fn")` after `function fn(){}`
  const inner = unparenthesized(target);
  if (inner.type === 'ArrowFunctionExpression') return nameByPlace(call, parent);
  if (inner.type === 'FunctionExpression' || inner.type === 'ClassExpression') return inner.id ? inner.id.name : nameByPlace(call, parent);
  return undefined;
};

/** `code` with every `__name` call inside a function blanked where the language names the function (a class: the same). */
export const blankInferredNames = (code) => {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', preserveParens: true });
  const blanks = [];
  ancestor(ast, {
    CallExpression(call, _state, ancestors) {
      if (call.callee.type !== 'Identifier' || call.callee.name !== '__name' || call.arguments.length !== 2) return;
      const [target, label] = call.arguments;
      if (label.type !== 'Literal' || typeof label.value !== 'string') return;
      const outer = ancestors.slice(0, -1);
      if (!outer.some((node) => FUNCTIONS.has(node.type))) return;
      const name = nameWithoutHelper(call, target, outer.at(-1));
      if (name === undefined) return;
      if (name !== label.value && unparenthesized(target).type === 'ClassExpression') return;
      blanks.push([call.callee.start, call.callee.end], [target.end, label.end]);
    },
  });
  // Positions are UTF-16 units (acorn's and String#slice's); a line break stays one, so lines stay where they were.
  let blanked = '';
  let at = 0;
  for (const [start, end] of blanks.sort((a, b) => a[0] - b[0])) {
    blanked += code.slice(at, start) + code.slice(start, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return { code: blanked + code.slice(at), blanked: blanks.length / 2 };
};
