/**
 * The ESM side of a page (its `import`/`export` blocks): imports become `_op.imp()` reads the loader
 * resolves itself, exported components are guarded so a throwing one renders nothing, and a dynamic
 * `import()` is refused, as content may only use what the import resolved before the render.
 */
import type { Program, VariableDeclaration } from 'estree';
import { call, constDeclaration, id, member, objectPatternConst, walk, type PatternPair } from './estree.js';
import type { CompileFacts } from './remarkOffprint.js';

/** Turns imports into `_op.imp()` reads; the loader resolves and loads every recorded specifier first. */
export function rewriteEsm(estree: Program, facts: CompileFacts): void {
  const body: Program['body'] = [];
  for (const statement of estree.body) {
    if (statement.type === 'ImportDeclaration') {
      const spec = String(statement.source.value);
      if (!facts.imports.includes(spec)) facts.imports.push(spec);
      const module = call(member(id('_op'), 'imp'), spec);
      const properties: PatternPair[] = [];
      for (const s of statement.specifiers) {
        if (s.type === 'ImportNamespaceSpecifier') {
          body.push(constDeclaration(s.local.name, module));
          facts.bindings.push({ local: s.local.name, spec, imported: '*' });
        } else {
          const key = s.type === 'ImportDefaultSpecifier' ? 'default' : importedName(s.imported);
          properties.push({ key, local: s.local.name });
          facts.bindings.push({ local: s.local.name, spec, imported: key });
        }
      }
      if (properties.length > 0) body.push(objectPatternConst(properties, module));
      else if (statement.specifiers.length === 0) body.push({ type: 'ExpressionStatement', expression: module });
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      const spec = String(statement.source.value);
      if (!facts.imports.includes(spec)) facts.imports.push(spec);
      const module = call(member(id('_op'), 'imp'), spec);
      for (const s of statement.specifiers) {
        const exported = importedName(s.exported);
        if (exported === 'default') continue;
        body.push({
          type: 'ExportNamedDeclaration',
          declaration: constDeclaration(exported, member(module, importedName(s.local))),
          specifiers: [],
          attributes: [],
        });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration') {
      guardComponents(statement.declaration);
      body.push(statement);
    } else if (statement.type === 'ExportAllDeclaration') {
      facts.warnings.push(`export * from '${String(statement.source.value)}' is not supported`);
    } else body.push(statement);
  }
  estree.body = body;
}

/** `export const Foo = () => ...` -> `export const Foo = _op.safe(() => ..., "Foo")`: a throwing component renders nothing. */
function guardComponents(declaration: VariableDeclaration): void {
  for (const d of declaration.declarations) {
    const init = d.init;
    if (d.id.type !== 'Identifier' || !/^[A-Z]/.test(d.id.name) || !init) continue;
    if (init.type !== 'ArrowFunctionExpression' && init.type !== 'FunctionExpression') continue;
    d.init = {
      type: 'CallExpression',
      callee: member(id('_op'), 'safe'),
      arguments: [init, { type: 'Literal', value: d.id.name }],
      optional: false,
    };
  }
}

function importedName(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? (node.name ?? '') : String(node.value);
}

/** Replaces every `import()` with `undefined`, with a warning: nothing is loaded at render time. */
export function refuseDynamicImport(estree: Program, facts: CompileFacts): void {
  walk(estree, (node) => {
    if (node.type !== 'ImportExpression') return undefined;
    facts.warnings.push('dynamic import() is not supported');
    return id('undefined');
  });
}
