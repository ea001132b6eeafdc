/** Whole programs (games, a REPL) with scripted input, each judged on its transcript by the spec's check. */
import { blockedBy } from '../blocked.js';
import { runAll, type RunnableCase } from '../run-cases.js';
import { runTerminal } from '../terminal.js';
import { finisher, type TestKindRunner } from '../test-context.js';

export const runPrograms: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked });
  const cases = test.fixtureCases.map((c): RunnableCase => {
    const program = context.assignment.program(c);
    return { id: c.id, reproduce: program.reproduce, typed: program.answers, run: () => runTerminal(test, context, c, program) };
  });
  return runAll(test, context, cases, finish);
};
