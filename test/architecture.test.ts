/**
 * The layout's rules, checked as Playwright checks its DEPS lists: reference/ is pure (nothing of ours outside it,
 * no node:*); the checks import the reference, each other and types only, so a check never does I/O; the reporters
 * read only the results types; no module imports itself round a circle; each assignment keeps to its own folder
 * and the shared pieces never reach into one; and no source file grows past what a reader takes in.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_IDS } from '../runner/assignments/ids.js';
import { PROJECT_ROOT } from '../runner/project-root.js';

function sources(dir: string, endings: readonly string[] = ['.ts']): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '__pycache__') return [];
    return statSync(path).isDirectory() ? sources(path, endings) : endings.some((e) => path.endsWith(e)) ? [path] : [];
  });
}
/** Every import and re-export, `import type` and dynamic `import()` included. */
const imports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => (m[1] ?? m[2])!);
/** Imports that bring code, not only types (`import type` is erased). */
const valueImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].filter((m) => !m[2]).map((m) => m[3]!);
/** A relative import as the file it names (`./x.js` is `x.ts` in the sources). */
const target = (file: string, spec: string): string => resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
const inside = (folder: string, file: string): boolean => !relative(folder, file).startsWith('..');
const shown = (file: string) => relative(PROJECT_ROOT, file);

const ROOT = (...parts: string[]) => resolve(PROJECT_ROOT, ...parts);
const ASSIGNMENTS_DIR = ROOT('runner', 'assignments');
/** Where an assignment id may be written outside its own folder: the two files that list them. */
const IDS = ROOT('runner', 'assignments', 'ids.ts');
const REGISTRY = [IDS, ROOT('runner', 'assignments', 'registry.ts')];

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

  it('runner/checks/ imports only the reference and other checks, and types from anywhere else', () => {
    const root = ROOT('runner', 'checks');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const spec of valueImports(file)) {
        const allowed = spec.startsWith('.') && (inside(root, target(file, spec)) || inside(ROOT('reference'), target(file, spec)));
        expect(allowed, `${shown(file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('reports/ imports nothing of ours outside itself but the results types (DESIGN.md: reporters read results.json only)', () => {
    const root = ROOT('reports');
    const results = ROOT('runner', 'grade', 'results.ts');
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
    const graph = new Map(files.map((f) => [f, imports(f).filter((s) => s.startsWith('.')).map((s) => target(f, s)).filter((t) => files.includes(t))]));
    expect(findCycles(graph).map((cycle) => cycle.map(shown).join(' → '))).toEqual([]);
  });

  it('keeps each assignment in its folder: no folder imports another, and the shared pieces import none (but the list of ids)', () => {
    const shared = [ROOT('runner', 'checks'), ROOT('runner', 'plan'), ROOT('runner', 'harness'), ROOT('runner', 'pty'), ROOT('runner', 'sandbox'), ROOT('runner', 'spec'), ROOT('reports')];
    for (const file of ['runner', 'reports'].flatMap((d) => sources(ROOT(d)))) {
      const own = ASSIGNMENT_IDS.find((id) => inside(join(ASSIGNMENTS_DIR, id), file));
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const to = target(file, spec);
        const theirs = ASSIGNMENT_IDS.find((id) => inside(join(ASSIGNMENTS_DIR, id), to));
        if (own) expect(theirs === undefined || theirs === own, `${shown(file)} imports ${spec}`).toBe(true);
        // The shared pieces may know the ids (a leaf list), never an assignment or the registry that lists them.
        if (shared.some((folder) => inside(folder, file))) expect(inside(ASSIGNMENTS_DIR, to) && to !== IDS, `${shown(file)} imports ${spec}`).toBe(false);
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
      const named = lines.map((line, i) => ({ line: i + 1, id: ids.exec(line)?.[1] })).filter((hit) => hit.id !== undefined && hit.id !== own);
      expect(named.map((hit) => `${shown(file)}:${hit.line} names ${hit.id}`)).toEqual([]);
    }
  });
});

describe('module size', () => {
  const nonBlank = (file: string) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').length;

  it('keeps every source file under 500 non-blank lines', () => {
    const files = ['reference', 'runner', 'reports', 'test'].flatMap((d) => sources(ROOT(d), ['.ts', '.py']));
    expect(files.filter((f) => nonBlank(f) > 500).map((f) => `${shown(f)}: ${nonBlank(f)} lines`)).toEqual([]);
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
