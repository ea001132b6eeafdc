/** A file the spec asks for (a reading response) is there and not empty. */
import { checkFilePresent } from '../located-files.js';
import { finisher, type TestKindRunner } from '../test-context.js';

export const runFilePresent: TestKindRunner = async (test, context) => {
  const verdict = checkFilePresent(context.located.find((l) => l.role === test.file)!, context);
  return finisher(test)(verdict.status, verdict);
};
