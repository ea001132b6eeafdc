/**
 * The layout's rules, checked as Playwright checks its DEPS lists: reference/ is pure (nothing of ours outside it,
 * no node:*); the checks import the reference, the model, each other and types only, so a check never does I/O; the reporters
 * read only the results types; no module imports itself round a circle; each assignment keeps to its own folder
 * and the shared pieces never reach into one; every folder sits in a declared layer and no import, followed to its
 * end, runs up; and no source file grows past what a reader takes in.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../runner/model/ids.js';
import { PROJECT_ROOT } from '../runner/project-root.js';

function sources(dir: string, endings: readonly string[] = ['.ts']): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '__pycache__') return [];
    return statSync(path).isDirectory() ? sources(path, endings) : endings.some((e) => path.endsWith(e)) ? [path] : [];
  });
}
/** One module specifier a file names, and whether the import is erased (`import type`, `export type`, `import('x').T`). */
interface ImportOf {
  readonly spec: string;
  readonly typeOnly: boolean;
}

/**
 * Every import a source names, read by the compiler's own parser: `import … from`, a side-effect `import './x.js'`,
 * `export … from`, a dynamic `import()`, a type's `import('x')`, `import x = require()`. Under verbatimModuleSyntax
 * only `import type` and `export type` are erased; `import { type A }` still loads the module.
 */
function importsIn(text: string, fileName = 'source.ts'): ImportOf[] {
  const found: ImportOf[] = [];
  const named = (node: ts.Node | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ spec: node.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) named(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node)) named(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      named(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) named(node.arguments[0], false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) named(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return found;
}
const parsed = new Map<string, ImportOf[]>();
const importsOf = (file: string): ImportOf[] =>
  parsed.get(file) ?? parsed.set(file, importsIn(readFileSync(file, 'utf8'), file)).get(file)!;
/** Every module a file imports, types included. */
const imports = (file: string): string[] => importsOf(file).map((i) => i.spec);
/** The modules a file loads when it runs: not the types it imports (erased). */
const valueImports = (file: string): string[] =>
  importsOf(file)
    .filter((i) => !i.typeOnly)
    .map((i) => i.spec);
/** A relative import as the file it names (`./x.js` is `x.ts` in the sources). */
const target = (file: string, spec: string): string => resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
const inside = (folder: string, file: string): boolean => !relative(folder, file).startsWith('..');
const shown = (file: string) => relative(PROJECT_ROOT, file);

const ROOT = (...parts: string[]) => resolve(PROJECT_ROOT, ...parts);
const ASSIGNMENTS_DIR = ROOT('runner', 'assignments');
/** Where an assignment id may be written outside its own folder: the two files that list them. */
const IDS = ROOT('runner', 'model', 'ids.ts');
const REGISTRY = [IDS, ROOT('runner', 'assignments', 'registry.ts')];

describe('the import reader', () => {
  it('reads every form of import, a side-effect import and a dynamic one included, and tells the erased ones', () => {
    const source = [
      "import { a, type B } from './a.js';",
      "import type { C } from './c.js';",
      "import '../cli/colors.js';",
      "import * as d from './d.js';",
      "export { e } from './e.js';",
      "export type { F } from './f.js';",
      "export * from './g.js';",
      'import {',
      '  h,',
      "} from './h.js';",
      "const i = await import('./i.js');",
      "type J = import('./j.js').J;",
      "// import './not-a-comment.js';",
      'const k = "import \'./not-a-string.js\'";',
    ].join('\n');
    expect(importsIn(source)).toEqual([
      { spec: './a.js', typeOnly: false },
      { spec: './c.js', typeOnly: true },
      { spec: '../cli/colors.js', typeOnly: false },
      { spec: './d.js', typeOnly: false },
      { spec: './e.js', typeOnly: false },
      { spec: './f.js', typeOnly: true },
      { spec: './g.js', typeOnly: false },
      { spec: './h.js', typeOnly: false },
      { spec: './i.js', typeOnly: false },
      { spec: './j.js', typeOnly: true },
    ]);
  });
});

describe('import boundaries', () => {
  it('reference/ imports only reference/, and no Node module', () => {
    const root = ROOT('reference');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const spec of imports(file)) {
        expect(spec.startsWith('.'), `${shown(file)} imports ${spec}`).toBe(true);
        expect(inside(root, target(file, spec)), `${shown(file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('runner/checks/ imports only the reference, the model and other checks, and types from anywhere else', () => {
    const root = ROOT('runner', 'checks');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const spec of valueImports(file)) {
        const allowed =
          spec.startsWith('.') && [root, ROOT('reference'), ROOT('runner', 'model')].some((folder) => inside(folder, target(file, spec)));
        expect(allowed, `${shown(file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('reports/ imports nothing of ours outside itself but the results types (DESIGN.md: reporters read results.json only)', () => {
    const root = ROOT('reports');
    const results = ROOT('runner', 'model', 'results.ts');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        expect(inside(root, target(file, spec)) || target(file, spec) === results, `${shown(file)} imports ${spec}`).toBe(true);
      }
      for (const spec of valueImports(file).filter((s) => s.startsWith('.'))) {
        expect(target(file, spec), `${shown(file)} imports a value from ${spec}`).not.toBe(results);
      }
    }
  });

  it('has no import circle anywhere (type imports count: a circle of types is a circle of ideas)', () => {
    const files = ['reference', 'runner', 'reports'].flatMap((d) => sources(ROOT(d)));
    const graph = new Map(
      files.map((f) => [
        f,
        imports(f)
          .filter((s) => s.startsWith('.'))
          .map((s) => target(f, s))
          .filter((t) => files.includes(t)),
      ]),
    );
    expect(findCycles(graph).map((cycle) => cycle.map(shown).join(' → '))).toEqual([]);
  });

  it('keeps each assignment in its folder: no folder imports another, and the shared pieces import none (but the list of ids)', () => {
    const shared = ['model', 'pty', 'sandbox', 'harness', 'checks', 'layout', 'fixtures', 'plan', 'spec']
      .map((folder) => ROOT('runner', folder))
      .concat(ROOT('reports'));
    for (const file of ['runner', 'reports'].flatMap((d) => sources(ROOT(d)))) {
      const own = ASSIGNMENT_IDS.find((id) => inside(join(ASSIGNMENTS_DIR, id), file));
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const to = target(file, spec);
        const theirs = ASSIGNMENT_IDS.find((id) => inside(join(ASSIGNMENTS_DIR, id), to));
        if (own) expect(theirs === undefined || theirs === own, `${shown(file)} imports ${spec}`).toBe(true);
        // The shared pieces may know the ids (a leaf list), never an assignment or the registry that lists them.
        if (shared.some((folder) => inside(folder, file)))
          expect(inside(ASSIGNMENTS_DIR, to) && to !== IDS, `${shown(file)} imports ${spec}`).toBe(false);
        if (!own && theirs) expect(REGISTRY, `${shown(file)} reaches into ${theirs}'s folder: go through the registry`).toContain(file);
      }
    }
  });

  it('names an assignment id only in its own folder, the registry, reference/, spec/ and fixtures/', () => {
    const ids = new RegExp(`(?<![\\w-])(${ASSIGNMENT_IDS.join('|')})(?![\\w-])`, 'u');
    const files = ['runner', 'reports'].flatMap((d) => sources(ROOT(d), ['.ts', '.py', '.hbs', '.js', '.css']));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files.filter((f) => !REGISTRY.includes(f))) {
      const own = ASSIGNMENT_IDS.find((id) => inside(join(ASSIGNMENTS_DIR, id), file));
      const lines = readFileSync(file, 'utf8').split('\n');
      const named = lines
        .map((line, i) => ({ line: i + 1, id: ids.exec(line)?.[1] }))
        .filter((hit) => hit.id !== undefined && hit.id !== own);
      expect(named.map((hit) => `${shown(file)}:${hit.line} names ${hit.id}`)).toEqual([]);
    }
  });
});

/**
 * The layers, lowest first: a module imports only from its own folder or from a lower layer, never up and never
 * sideways into a sibling of its layer. Every folder under runner/ (and each file at its top) must be named here, so a
 * new folder is placed before it is used. docs/development.md describes each.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['reference'],
  ['runner/model', 'runner/project-root.ts', 'runner/counted.ts'],
  ['runner/pty'],
  ['runner/sandbox'],
  ['runner/harness'],
  ['runner/checks'],
  ['runner/layout', 'runner/fixtures'],
  ['runner/plan'],
  ASSIGNMENT_IDS.map((id) => `runner/assignments/${id}`),
  ['runner/assignments'],
  ['runner/spec'],
  ['runner/pack'],
  ['runner/grade'],
  ['reports'],
  ['runner/insight'],
  ['runner/golden', 'runner/mutants', 'runner/calibrate', 'runner/kit', 'runner/class', 'runner/lms', 'runner/scale'],
  ['runner/cli'],
  ['runner/showcase', 'runner/cli.ts'],
];

/** The part of the layout a file belongs to: the longest entry of LAYERS that holds it. */
function partOf(file: string): string | undefined {
  const parts = LAYERS.flat().filter((part) => file === ROOT(part) || inside(ROOT(part), file));
  return parts.sort((a, b) => b.length - a.length)[0];
}
const layerOf = (part: string): number => LAYERS.findIndex((layer) => layer.includes(part));

describe('layers', () => {
  const files = ['reference', 'runner', 'reports'].flatMap((d) => sources(ROOT(d)));
  const graph = new Map(
    files.map((f) => [
      f,
      imports(f)
        .filter((s) => s.startsWith('.'))
        .map((s) => target(f, s))
        .filter((t) => files.includes(t)),
    ]),
  );

  it('names every folder under runner/ and every file at its top', () => {
    const runner = ROOT('runner');
    const entries = readdirSync(runner).filter(
      (name) => name !== '__pycache__' && (statSync(join(runner, name)).isDirectory() || name.endsWith('.ts')),
    );
    expect(entries.length).toBeGreaterThan(15);
    const unnamed = entries.map((name) => `runner/${name}`).filter((part) => !LAYERS.flat().includes(part));
    expect(unnamed, 'place each in LAYERS').toEqual([]);
    const assignments = readdirSync(ASSIGNMENTS_DIR).filter((name) => statSync(join(ASSIGNMENTS_DIR, name)).isDirectory());
    expect(assignments.filter((name) => partOf(join(ASSIGNMENTS_DIR, name, 'index.ts')) !== `runner/assignments/${name}`)).toEqual([]);
    expect(files.filter((file) => partOf(file) === undefined).map(shown)).toEqual([]);
  });

  it('imports nothing from a higher layer or a sibling of its own, following every import to its end', () => {
    const wrong: string[] = [];
    for (const start of files) {
      const from = partOf(start)!;
      // Breadth first from each file: the first path to a module of a layer not below this one is the one shown.
      const path = new Map<string, string | undefined>([[start, undefined]]);
      const queue = [start];
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        for (const to of graph.get(file) ?? []) {
          if (path.has(to)) continue;
          path.set(to, file);
          const part = partOf(to)!;
          if (part !== from && layerOf(part) >= layerOf(from)) {
            const chain: string[] = [to];
            for (let at = path.get(to); at !== undefined; at = path.get(at)) chain.unshift(at);
            wrong.push(`${from} reaches ${part}: ${chain.map(shown).join(' → ')}`);
            continue;
          }
          queue.push(to);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('module size', () => {
  const nonBlank = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '').length;

  // TypeScript is counted as Prettier writes it (140 columns, an object too long for a line one property a line):
  // the largest files, under 500 lines as they were written before, came to 660–720 lines formatted.
  it('keeps every TypeScript file under 750 non-blank lines and every Python file under 500', () => {
    const limit = (file: string) => (file.endsWith('.py') ? 500 : 750);
    const files = ['reference', 'runner', 'reports', 'test'].flatMap((d) => sources(ROOT(d), ['.ts', '.py']));
    expect(files.filter((f) => nonBlank(f) > limit(f)).map((f) => `${shown(f)}: ${nonBlank(f)} lines`)).toEqual([]);
  });

  it('keeps the Python harness a package of small modules, one role each, runnable as one folder', () => {
    const harness = ROOT('runner', 'harness', 'python');
    const files = sources(harness, ['.py']);
    expect(files.map((f) => relative(harness, f).split(sep).join('/'))).toContain('harness.py');
    expect(files.length).toBeGreaterThan(6);
    expect(files.filter((f) => nonBlank(f) > 300).map(shown)).toEqual([]);
  });
});

/** Every circle of a directed graph (its strongly connected components of more than one node), by Tarjan. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
