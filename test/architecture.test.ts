/**
 * The import rules of DESIGN.md: reference/ is pure (nothing of ours outside it, no node:*); the checks import the
 * reference, each other and types only, and no Node module, so a check never does I/O; the reporters read only the
 * results types.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../runner/project-root.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}
const imports = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
/** Imports that bring code, not only types (`import type` is erased). */
const valueImports = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(import|export)(\s+type)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].filter((m) => !m[2]).map((m) => m[3]!);

describe('import boundaries', () => {
  it('reference/ imports only reference/, and no Node module', () => {
    const root = resolve(PROJECT_ROOT, 'reference');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const spec of imports(file)) {
        expect(spec.startsWith('.'), `${relative(PROJECT_ROOT, file)} imports ${spec}`).toBe(true);
        expect(relative(root, resolve(file, '..', spec)).startsWith('..'), `${relative(PROJECT_ROOT, file)} imports ${spec}`).toBe(false);
      }
    }
  });

  it('runner/checks/ imports only the reference and other checks, and types from anywhere else', () => {
    const root = resolve(PROJECT_ROOT, 'runner', 'checks');
    const reference = resolve(PROJECT_ROOT, 'reference');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const spec of valueImports(file)) {
        const target = resolve(file, '..', spec);
        const allowed = spec.startsWith('.') && (!relative(root, target).startsWith('..') || !relative(reference, target).startsWith('..'));
        expect(allowed, `${relative(PROJECT_ROOT, file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('reports/ imports nothing of ours outside itself but the results types (DESIGN.md: reporters read results.json only)', () => {
    const root = resolve(PROJECT_ROOT, 'reports');
    const results = resolve(PROJECT_ROOT, 'runner', 'grade', 'results.js');
    const files = sources(root);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const target = resolve(file, '..', spec);
        const inside = !relative(root, target).startsWith('..');
        expect(inside || target === results, `${relative(PROJECT_ROOT, file)} imports ${spec}`).toBe(true);
      }
      for (const spec of valueImports(file).filter((s) => s.startsWith('.'))) {
        expect(resolve(file, '..', spec), `${relative(PROJECT_ROOT, file)} imports a value from ${spec}`).not.toBe(results);
      }
    }
  });
});
