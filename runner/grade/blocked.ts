/** Whether a test can run at all: the modules imported, and the names it needs defined. */
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
  return `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not defined in any of the submission's files${because}`;
}
