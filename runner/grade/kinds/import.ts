/** A role's files import cleanly: no output, no input() and no crash at import (the program a person runs excepted). */
import { checkImport } from '../../checks/imports.js';
import { missingFile, moduleRole } from '../located-files.js';
import { warmUp } from '../terminal.js';
import { finisher, type TestKindRunner } from '../test-context.js';

export const runImport: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const where = context.located.find((l) => l.role === test.file)!;
  if (!where.file) return finish('fail', { message: missingFile(where, context) }, undefined, false);
  if (!('error' in (await context.session.ready()))) warmUp(context);
  const verdicts = where.files.map((file) => checkImport(file, context.session.imports.get(moduleRole(where, file)), file.toLowerCase() === test.programEntry?.toLowerCase()));
  const failed = verdicts.find((v) => v.status !== 'pass');
  if (failed || verdicts.length === 1) {
    const verdict = failed ?? verdicts[0]!;
    return finish(verdict.status, verdict);
  }
  return finish('pass', { message: `${verdicts.length} files import cleanly (${where.files.join(', ')})` });
};
