/**
 * Whole programs (games, a REPL) with scripted input, each judged on its transcript by the spec's check. A game that
 * goes wrong is played again with the document's version of each part whose own tests already failed: when it then
 * plays right, the bug is charged by those tests alone, and the game passes with a note naming them.
 */
import type { ProgramPlan } from '../../assignments/assignment.js';
import type { FixtureCase } from '../../fixtures/fixture-types.js';
import type { ResolvedTest } from '../../spec/spec-types.js';
import { blockedBy } from '../blocked.js';
import { joinNames } from '../../checks/text.js';
import { mergeReplacements } from '../../assignments/game-replay.js';
import type { TestResult } from '../results.js';
import { runAll, type RunnableCase } from '../run-cases.js';
import { runTerminal } from '../terminal.js';
import { failedSoFar, finisher, type Finish, type TestContext, type TestKindRunner } from '../test-context.js';

export const runPrograms: TestKindRunner = async (test, context) => {
  const finish = finisher(test);
  const blocked = await blockedBy(test, context);
  if (blocked) return finish('error', { message: blocked }, undefined, false);
  const chargedStart = context.cannotStart.get(test.target);
  if (chargedStart) return finish('pass', { message: `not charged again: ${test.target} could not start, which ${chargedStart} charges` });
  const verdict = await runProgramTest(test, context, finish);
  // The crashes of a test that failed are charged by it; a later program test that meets one again passes it.
  for (const key of context.crashesMet.get(test.id) ?? []) if (verdict.status !== 'pass' && !context.crashes.has(key)) context.crashes.set(key, test.id);
  context.crashesMet.delete(test.id);
  const ran = context.sessions.get(test.id);
  // A program the document gives whole that cannot start is charged once, by its first program test.
  if (verdict.status !== 'pass' && context.assignment.chargesStartOnce?.includes(test.target) && ran && ran.run > 0 && ran.unstarted === ran.run) context.cannotStart.set(test.target, test.id);
  return verdict;
};

async function runProgramTest(test: ResolvedTest, context: TestContext, finish: Finish): Promise<TestResult> {
  const said = { applied: new Set<string>(), own: new Set<string>() };
  const result = withFastPlayers(await runAll(test, context, programCases(test, context, (plan) => withFast(plan, context, said)), finish), said);
  // A hang is not replayed: the time is better spent on the tests still to run.
  if (result.status !== 'fail' && result.status !== 'error') return result;
  // Fast players only shorten a game: one that goes wrong with them and right with the student's own look-ahead (a
  // move counted inside their own scores_for) is right.
  if (said.applied.size > 0) {
    const own = await runAll(test, context, programCases(test, context, (plan) => plan), finish);
    if (own.status === 'pass') return finish('pass', { message: `${own.message}, played with your own look-ahead: with the document's, which keeps the games short, it went wrong (${result.message.split('\n')[0]!.replace(/:$/u, '')}), through a difference nothing the document fixes` });
  }
  const failed = failedSoFar(context);
  const replay = context.assignment.gameReplay?.(failed, test);
  if (!replay) return result;
  // The student's kit has no document's version to replay with: it says which failed parts the game may go wrong through.
  if (context.options.standIns === 'own') {
    return { ...result, message: `${result.message}\nThe game used your ${joinNames(replay.parts)}, whose own tests failed (${replay.because.join(', ')}): after you submit, the game is played again with the document's versions, so fix those first; this failure may come from there.` };
  }
  const again = withFastPlayers(await runAll(test, context, programCases(test, context, (plan) => withFast({ ...plan, replace: mergeReplacements(plan.replace ?? [], replay.replace) }, context, said)), finish), said);
  if (again.status !== 'pass') return result;
  const first = result.message.split('\n')[0]!.replace(/:$/u, '');
  // The replay's sentence follows the count it qualifies; a note on how the games were played (fast players) after.
  const [count, ...notes] = again.message.split('\n');
  return finish('pass', {
    message: `${count} when played with the document's ${replay.parts.join(' and ')}: the game goes wrong only through a bug already charged by ${replay.because.join(', ')} (as submitted: ${first})${notes.length > 0 ? `\n${notes.join('\n')}` : ''}`,
  });
}

interface FastSaid {
  readonly applied: Set<string>;
  readonly own: Set<string>;
}

/**
 * The plan with its fast players swapped in, where this run has them; where it has not (the kit has no doubles),
 * the plan as it is, and what a failure should then say. `said` collects the notes.
 */
function withFast(plan: ProgramPlan, context: TestContext, said: FastSaid): ProgramPlan {
  const fast = plan.fastPlayers;
  if (!fast) return plan;
  if (fast.only !== undefined && fast.only !== context.options.standIns) {
    if (fast.ownNote) said.own.add(fast.ownNote);
    return plan;
  }
  said.applied.add(fast.note);
  return { ...plan, replace: mergeReplacements(fast.replace, plan.replace ?? []) };
}

/** A game's result with what its players were, said once: the fast players always, the student's own on a failure. */
function withFastPlayers(result: TestResult, said: FastSaid): TestResult {
  const notes = [...said.applied, ...(result.status === 'pass' ? [] : said.own)];
  return notes.length === 0 ? result : { ...result, message: `${result.message}\n${notes.join('\n')}` };
}

function programCases(test: ResolvedTest, context: TestContext, adapt: (plan: ProgramPlan) => ProgramPlan): RunnableCase[] {
  return test.fixtureCases.map((c: FixtureCase): RunnableCase => {
    const program = adapt(context.assignment.program(c));
    return { id: c.id, reproduce: program.reproduce, typed: program.answers, document: c.source.kind === 'document', run: () => runTerminal(test, context, c, program) };
  });
}
