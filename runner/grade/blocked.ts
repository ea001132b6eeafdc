/** Whether a test can run at all: the modules imported, and the names it needs defined. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedTest } from '../spec/spec-types.js';
import { warmUp } from './terminal.js';
import type { TestContext } from './test-context.js';

/**
 * A test whose class or function no module defines is an `error` (DESIGN.md: a submission that cannot be imported
 * still gets every test, each an error with the reason), naming the import tests that explain why.
 */
export async function blockedBy(test: ResolvedTest, context: TestContext): Promise<string | undefined> {
  const { session } = context;
  const ready = await session.ready();
  if ('error' in ready) return `could not run: ${ready.error}`;
  warmUp(context);
  const needed = context.assignment.neededNames(test);
  const missing = needed.filter((name) => !session.names.has(name));
  if (missing.length === 0) return undefined;
  const absent = context.located.filter((l) => l.kind === 'module' && !l.file).map((l) => `import.${l.role}`);
  const failedImports = [...session.imports.entries()].filter(([, o]) => o.kind !== 'ok').map(([role]) => `import.${role.split('/')[0]}`);
  const blockers = [...new Set([...absent, ...failedImports])];
  const because = blockers.length > 0 ? ` (blocked by ${blockers.join(', ')})` : '';
  // A name written in a file whose import failed is there, just not importable: said so, not "not defined".
  const where = new Map<string, string[]>();
  for (const name of missing) {
    const file = definingFile(context, name);
    where.set(file ?? '', [...(where.get(file ?? '') ?? []), name]);
  }
  const said = [...where].map(([file, names]) => {
    const are = names.length === 1 ? 'is' : 'are';
    return file === '' ? `${names.join(', ')} ${are} not defined in any of the submission's files` : `${names.join(', ')} ${are} defined in ${file}, which did not import`;
  });
  return `${said.join('; ')}${because}`;
}

/** The module file whose source defines `name` at its top level (as a class or function), if any. */
export function definingFile(context: TestContext, name: string): string | undefined {
  const written = [name, context.options.spec.names?.[name]].filter((n): n is string => n !== undefined);
  const definition = new RegExp(`^(?:class|def)\\s+(?:${written.map((n) => n.replace(/[^\w]/gu, '')).join('|')})\\b`, 'mu');
  for (const file of context.located.filter((l) => l.kind === 'module').flatMap((l) => l.files)) {
    if (definition.test(sourceOf(context, file))) return file;
  }
  return undefined;
}

/** The workspace files' texts, by submission: a blocked submission asks for them in every test. */
const sources = new WeakMap<TestContext, Map<string, string>>();

function sourceOf(context: TestContext, file: string): string {
  const read = sources.get(context) ?? new Map<string, string>();
  sources.set(context, read);
  let text = read.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(join(context.workspaceDir, file), 'latin1');
    } catch {
      text = '';
    }
    read.set(file, text);
  }
  return text;
}
