/**
 * Small estree helpers for the compile plugins: a generic walker, identifier collection and node builders.
 * MDX hands us its parsed ESM and expressions as estree; we rewrite them in place before MDX generates code.
 */
import type { AssignmentProperty, Expression, Identifier, Node, Program, Statement, VariableDeclaration } from 'estree';

const SKIP_KEYS = new Set(['loc', 'range', 'start', 'end', 'comments', 'leadingComments', 'trailingComments']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Visits `node` and its descendants depth-first. `visit` may return false to skip a node's children, or a
 * replacement node, which takes the visited node's place in its parent (and is not walked).
 */
export function walk(node: Node, visit: (node: Node) => boolean | Node | void): void {
  if (visit(node) === false) return;
  walkChildren(node, visit);
}

function walkChildren(node: Node, visit: (node: Node) => boolean | Node | void): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (SKIP_KEYS.has(key)) continue;
    const value = record[key];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (!isNode(child)) continue;
        const result = visit(child);
        if (isNode(result)) value[i] = result;
        else if (result !== false) walkChildren(child, visit);
      }
    } else if (isNode(value)) {
      const result = visit(value);
      if (isNode(result)) record[key] = result;
      else if (result !== false) walkChildren(value, visit);
    }
  }
}

/**
 * Names read as identifiers anywhere in `node` (not property names). Over-inclusion is harmless for its
 * callers (locals shadow), so scopes are not analysed.
 */
export function readIdentifiers(node: Node, into: Set<string>): void {
  walk(node, (child) => {
    if (child.type === 'Identifier') into.add(child.name);
    else if (child.type === 'MemberExpression' && !child.computed) {
      walk(child.object, (inner) => (inner.type === 'Identifier' ? void into.add(inner.name) : undefined));
      return false;
    } else if (child.type === 'Property' && !child.computed && !child.shorthand) {
      walk(child.value, (inner) => (inner.type === 'Identifier' ? void into.add(inner.name) : undefined));
      return false;
    }
    return undefined;
  });
}

/** Root names of JSX elements used in `node` (`Tree` for `<Tree.Folder>`). */
export function jsxNames(node: Node, into: Set<string>): void {
  walk(node, (child) => {
    const c = child as unknown as { type: string; name?: unknown };
    if (c.type === 'JSXOpeningElement') into.add(jsxRootName(c.name));
    return undefined;
  });
}

function jsxRootName(name: unknown): string {
  let n = name as { type?: string; name?: unknown; object?: unknown; namespace?: { name?: unknown } };
  while (n.type === 'JSXMemberExpression') n = n.object as typeof n;
  if (n.type === 'JSXNamespacedName') return '';
  return typeof n.name === 'string' ? n.name : '';
}

/** Names declared at the top level of an ESM block (imports and exported declarations). */
export function declaredNames(program: Program, into: Set<string>): void {
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const s of statement.specifiers) into.add(s.local.name);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      declarationNames(statement.declaration, into);
    } else if (statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration') {
      declarationNames(statement, into);
    }
  }
}

function declarationNames(declaration: Node, into: Set<string>): void {
  if (declaration.type === 'VariableDeclaration') {
    for (const d of declaration.declarations) patternNames(d.id, into);
  } else if (
    (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') &&
    declaration.id
  ) {
    into.add(declaration.id.name);
  }
}

function patternNames(pattern: Node, into: Set<string>): void {
  if (pattern.type === 'Identifier') into.add(pattern.name);
  else if (pattern.type === 'ObjectPattern') {
    for (const p of pattern.properties) patternNames(p.type === 'RestElement' ? p.argument : p.value, into);
  } else if (pattern.type === 'ArrayPattern') {
    for (const p of pattern.elements) if (p) patternNames(p, into);
  } else if (pattern.type === 'RestElement') patternNames(pattern.argument, into);
  else if (pattern.type === 'AssignmentPattern') patternNames(pattern.left, into);
}

/** `name` as an Identifier node. */
export function id(name: string): Identifier {
  return { type: 'Identifier', name };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `object.key` (or `object["key"]` when key is not an identifier). */
export function member(object: Expression, key: string): Expression {
  const plain = IDENTIFIER.test(key);
  return {
    type: 'MemberExpression',
    object,
    property: plain ? id(key) : { type: 'Literal', value: key },
    computed: !plain,
    optional: false,
  };
}

/** `callee(...args)` with string literal arguments. */
export function call(callee: Expression, ...args: string[]): Expression {
  return {
    type: 'CallExpression',
    callee,
    arguments: args.map((value) => ({ type: 'Literal', value })),
    optional: false,
  };
}

/** `const name = init;` */
export function constDeclaration(name: string, init: Expression): VariableDeclaration {
  return {
    type: 'VariableDeclaration',
    kind: 'const',
    declarations: [{ type: 'VariableDeclarator', id: id(name), init }],
  };
}

/** One binding of a destructuring: the property read (`key`) and the local name it lands in. */
export interface PatternPair {
  readonly key: string;
  readonly local: string;
}

/**
 * `const { key: local, … } = init;` (`{ a }` where key and local agree; a key that is not an identifier is
 * quoted, as `default` or `my-component` from an import may be).
 */
export function objectPatternConst(pairs: readonly PatternPair[], init: Expression): VariableDeclaration {
  const properties = pairs.map(({ key, local }): AssignmentProperty => {
    const plain = IDENTIFIER.test(key);
    return {
      type: 'Property',
      key: plain ? id(key) : { type: 'Literal', value: key },
      value: id(local),
      kind: 'init',
      computed: false,
      method: false,
      shorthand: plain && key === local,
    };
  });
  return {
    type: 'VariableDeclaration',
    kind: 'const',
    declarations: [{ type: 'VariableDeclarator', id: { type: 'ObjectPattern', properties }, init }],
  };
}

/** A Program made of `statements` (for a synthetic mdxjsEsm node). */
export function program(statements: Statement[]): Program {
  return { type: 'Program', sourceType: 'module', body: statements };
}
