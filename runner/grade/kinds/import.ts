/** A role's files import cleanly: no output, no input() and no crash at import (the program a person runs excepted). */
import { checkImport } from '../../checks/imports.js';
import { missingFile, moduleRole } from '../located-files.js';
import { warmUp } from '../terminal.js';
import type { ImportOutcome } from '../../checks/observation.js';
import { definingFile } from '../blocked.js';
import { finisher, type TestContext, type TestKindRunner } from '../test-context.js';

export const runImport: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const where = context.located.find((l) => l.role === test.file)!;
  if (!where.file) return finish('fail', { message: missingFile(where, context) }, undefined, false);
  if (!('error' in (await context.session.ready()))) warmUp(context);
  const verdicts = where.files.map((file) => checkImport(file, context.session.imports.get(moduleRole(where, file)), file.toLowerCase() === test.programEntry?.toLowerCase()));
  const failed = verdicts.find((v) => v.status !== 'pass');
  const upstream = failed && where.files.length === 1 ? rootImport(context, where.role, where.file) : undefined;
  if (failed && upstream) {
    return finish('pass', { message: `${where.file} did not import because ${upstream.file} did not: charged by import.${upstream.role}, not again here (as it ran: ${failed.message})` });
  }
  if (failed || verdicts.length === 1) {
    const verdict = failed ?? verdicts[0]!;
    return finish(verdict.status, verdict);
  }
  return finish('pass', { message: `${verdicts.length} files import cleanly (${where.files.join(', ')})` });
};

/** The file at the start of a chain of failed imports (ps9pr4 → ps9pr2 → ps9pr1): the one whose own mistake it is. */
function rootImport(context: TestContext, role: string, file: string): { file: string; role: string } | undefined {
  let found: { file: string; role: string } | undefined;
  const seen = new Set([file]);
  for (let at = { file, role }; ;) {
    const located = context.located.find((l) => l.role === at.role)!;
    const next = upstreamImport(context, at.role, context.session.imports.get(moduleRole(located, at.file)));
    if (!next || seen.has(next.file)) return found;
    seen.add(next.file);
    found = at = next;
  }
}

/**
 * The other file of the submission whose failed import is why this one failed: `from ps9pr1 import Board` raising
 * ImportError once ps9pr1.py could not be read, or `class AIPlayer(Player)` raising NameError when Player's file did
 * not import. One mistake upstream, charged once, by that file's import test.
 */
function upstreamImport(context: TestContext, role: string, outcome: ImportOutcome | undefined): { file: string; role: string } | undefined {
  if (outcome?.kind !== 'exception') return undefined;
  const { type, message } = outcome.exception;
  const fromModule = type === 'ImportError' ? /from '([^']+)'/u.exec(message)?.[1] : undefined;
  const undefinedName = type === 'NameError' ? /name '(\w+)' is not defined/u.exec(message)?.[1] : undefined;
  const file = fromModule !== undefined ? `${fromModule}.py` : undefinedName !== undefined ? definingFile(context, undefinedName) : undefined;
  const other = file === undefined ? undefined : context.located.find((l) => l.kind === 'module' && l.role !== role && l.files.includes(file));
  if (!other || !file || context.session.imports.get(moduleRole(other, file))?.kind === 'ok') return undefined;
  return { file, role: other.role };
}
