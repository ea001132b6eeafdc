/** The files have the names the assignment gives them: the one test a naming deviation costs, once per submission. */
import { checkFileNames } from '../located-files.js';
import { finisher, type TestKindRunner } from '../test-context.js';

export const runFileNames: TestKindRunner = async (test, context) => {
  const verdict = checkFileNames(context.located);
  return finisher(test)(verdict.status, verdict);
};
