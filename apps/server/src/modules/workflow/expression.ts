/**
 * Flowable's expressions (JUEL) as process models write them: `${days > 3}`, `${approved}`,
 * `${!approved && amount >= 1000}`, `${starter}`. A small parser, never `eval`: names read
 * process variables (dot paths), literals are numbers, quoted strings, true/false/null; the
 * operators are `! not && and || or == eq != ne < lt > gt <= le >= ge + - * /` and parentheses.
 * Anything else is a deployment error, reported when the model is deployed.
 *
 * A name reads only what the variables themselves hold (docs/adr/0027-workflow-engine.md,
 * amendment 4): an own property of plain data (an object or a list, never a function or a class
 * instance), never a member every object inherits (`constructor`, `__proto__`, `toString`,
 * `valueOf`, `hasOwnProperty`...). A model naming one of those is refused when it is deployed;
 * a stored one reads nothing (null) when it runs.
 */

type Value = unknown;

/**
 * Names no expression may read and no variable may carry: the members every object inherits
 * (`constructor`, `__proto__`, `toString`, `valueOf`, `hasOwnProperty`, `isPrototypeOf`...)
 * and `prototype`.
 */
const builtinNames: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  '__proto__',
  'prototype',
]);

/** Whether a name (or one part of a dot path) is one of the built-in members above. */
export const isBuiltinName = (name: string) => builtinNames.has(name);

/** Plain data a path may walk into: an object literal's kind of object, or a list. */
const isPlainData = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
type Token = { kind: 'num' | 'str' | 'name' | 'op'; text: string; value?: Value };

const words: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
};

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = text.slice(i);
    const number = /^\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'num', text: number[0], value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unterminated string in ${text}`);
      tokens.push({ kind: 'str', text: text.slice(i, end + 1), value: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const name = /^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*/.exec(rest);
    if (name) {
      // An own entry only: `words.constructor` is Object, which once turned `${constructor}` into
      // an operator whose text was a function.
      const word = Object.hasOwn(words, name[0]) ? words[name[0]] : undefined;
      if (word) tokens.push({ kind: 'op', text: word });
      else tokens.push({ kind: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    const op = /^(&&|\|\||==|!=|<=|>=|[!<>+\-*/()])/.exec(rest);
    if (op) {
      tokens.push({ kind: 'op', text: op[0] });
      i += op[0].length;
      continue;
    }
    throw new Error(`unexpected "${c}" in ${text}`);
  }
  return tokens;
}

type Node =
  | { t: 'lit'; v: Value }
  | { t: 'var'; path: string[] }
  | { t: 'un'; op: string; a: Node }
  | { t: 'bin'; op: string; a: Node; b: Node };

const levels = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/']];

function parse(text: string): Node {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const binary = (level: number): Node => {
    if (level === levels.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const next = peek();
      if (next?.kind !== 'op' || !levels[level]?.includes(next.text)) return left;
      at++;
      left = { t: 'bin', op: next.text, a: left, b: binary(level + 1) };
    }
  };
  const unary = (): Node => {
    const next = peek();
    if (next?.kind === 'op' && (next.text === '!' || next.text === '-')) {
      at++;
      return { t: 'un', op: next.text, a: unary() };
    }
    return primary();
  };
  const primary = (): Node => {
    const next = tokens[at++];
    if (!next) throw new Error(`expression ends early: ${text}`);
    if (next.kind === 'num' || next.kind === 'str') return { t: 'lit', v: next.value };
    if (next.kind === 'name') {
      if (next.text === 'true') return { t: 'lit', v: true };
      if (next.text === 'false') return { t: 'lit', v: false };
      if (next.text === 'null') return { t: 'lit', v: null };
      return { t: 'var', path: next.text.split('.') };
    }
    if (next.text === '(') {
      const inner = binary(0);
      if (tokens[at++]?.text !== ')') throw new Error(`missing ) in ${text}`);
      return inner;
    }
    throw new Error(`unexpected "${next.text}" in ${text}`);
  };
  const tree = binary(0);
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]?.text}" in ${text}`);
  return tree;
}

const numeric = (v: Value) =>
  typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;

/** JUEL equality: '5' equals 5, null equals only null (and undefined). */
function same(a: Value, b: Value): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

function evaluate(node: Node, variables: Record<string, unknown>): Value {
  switch (node.t) {
    case 'lit':
      return node.v;
    case 'var': {
      let value: unknown = variables;
      for (const part of node.path) {
        if (isBuiltinName(part) || !isPlainData(value) || !Object.hasOwn(value, part)) return null;
        value = value[part];
      }
      return typeof value === 'function' ? null : value;
    }
    case 'un': {
      const a = evaluate(node.a, variables);
      return node.op === '!' ? !a : -Number(a);
    }
    case 'bin': {
      if (node.op === '&&')
        return Boolean(evaluate(node.a, variables)) && Boolean(evaluate(node.b, variables));
      if (node.op === '||')
        return Boolean(evaluate(node.a, variables)) || Boolean(evaluate(node.b, variables));
      const a = numeric(evaluate(node.a, variables));
      const b = numeric(evaluate(node.b, variables));
      switch (node.op) {
        case '==':
          return same(a, b);
        case '!=':
          return !same(a, b);
        case '<':
          return (a as number) < (b as number);
        case '>':
          return (a as number) > (b as number);
        case '<=':
          return (a as number) <= (b as number);
        case '>=':
          return (a as number) >= (b as number);
        case '+':
          return typeof a === 'number' && typeof b === 'number' ? a + b : `${a ?? ''}${b ?? ''}`;
        case '-':
          return Number(a) - Number(b);
        case '*':
          return Number(a) * Number(b);
        case '/':
          return Number(a) / Number(b);
      }
    }
  }
  return null;
}

const wrapped = /^\s*[$#]\{([\s\S]*)\}\s*$/;

/** Whether the text is one expression (`${...}`), as opposed to a literal. */
export const isExpression = (text: string) => wrapped.test(text);

/** The variable names an expression reads (each part of a dot path). */
function namesIn(node: Node): string[] {
  switch (node.t) {
    case 'var':
      return node.path;
    case 'un':
      return namesIn(node.a);
    case 'bin':
      return [...namesIn(node.a), ...namesIn(node.b)];
    default:
      return [];
  }
}

/**
 * Checks an expression at deployment: it parses, and it reads no built-in member (`${constructor}`,
 * `${toString}`, `${a.__proto__}`...): a name is a process variable or nothing.
 */
export function checkExpression(text: string): void {
  const inner = wrapped.exec(text)?.[1];
  if (inner !== undefined) {
    const builtin = namesIn(parse(inner)).find(isBuiltinName);
    if (builtin !== undefined)
      throw new Error(`"${builtin}" in ${text} is a built-in name, not a process variable`);
  } else if (/[$#]\{/.test(text)) throw new Error(`unclosed expression: ${text}`);
}

/** The value of `${...}` against the variables; a literal text is itself. */
export function evaluateExpression(text: string, variables: Record<string, unknown>): Value {
  const inner = wrapped.exec(text)?.[1];
  if (inner === undefined) return text;
  return evaluate(parse(inner), variables);
}
