/**
 * The run phase of a course's own tests (a pack's `kind: calls` and `kind: session`): their units, recorded in the
 * ledger like every other test's, so the charge phase's rules judge them as they judge the built-in ones. A call's
 * statements run in the student's sandboxed process through the harness, one request each, from a fresh namespace;
 * a session runs as the built-in program tests do (on the pseudo-terminal first, every prompt answered whatever it
 * says). The expected values and lines stay here.
 */
import type { ProgramPlan } from '../plan/assignment.js';
import { checkCourseCall, checkCourseSession } from '../checks/course-tests.js';
import type { CaseObservation } from '../checks/observation.js';
import type { FixtureCase } from '../model/fixture-types.js';
import type { ClassReplacement } from '../harness/protocol.js';
import { courseSessionInput, gradedCall } from '../model/course-cases.js';
import { courseCallInteraction } from '../plan/course-cases.js';
import type { Limits } from '../model/limits.js';
import type { ResolvedTest } from '../model/spec-types.js';
import { harnessUnit, sessionUnit, type RunContext, type Unit } from './run-units.js';

/** Whether a test is one of a course's own (its cases made from its pack, judged by the checks of course-tests.ts). */
export const isCourseTest = (test: ResolvedTest): boolean => test.kind === 'calls' || test.kind === 'session';

/** A course test's units: a call each, or its session. */
export function courseUnits(test: ResolvedTest, context: RunContext, limits: Limits): Unit[] {
  if (test.kind === 'session') return test.fixtureCases.map((c) => courseSessionUnit(test, context, c, limits));
  return test.fixtureCases.map((c) =>
    harnessUnit(context, c.id, courseCallInteraction(c), (o: CaseObservation) => checkCourseCall(c, o, gradedCall(c)), limits.callMs, {
      testCase: c,
      expectsRaise: 'raises' in c.expected,
    }),
  );
}

/** A session as a unit; a replay (game-replay) hands the document's versions of the parts whose own tests failed. */
export function courseSessionUnit(
  test: ResolvedTest,
  context: RunContext,
  testCase: FixtureCase,
  limits: Limits,
  replace?: readonly ClassReplacement[],
): Unit {
  const program = courseProgram(testCase);
  return sessionUnit(test, context, testCase, replace ? { ...program, replace } : program, limits, (result) =>
    checkCourseSession(testCase, result),
  );
}

/** A session's program: the course's Python that starts it, or the file a person runs; every prompt answered. */
export function courseProgram(testCase: FixtureCase): ProgramPlan {
  const { run, answers } = courseSessionInput(testCase);
  const typed = answers.length > 0 ? `type, one per question: ${answers.map((a) => JSON.stringify(a)).join(', ')}` : 'type nothing';
  return {
    call: run !== undefined ? { source: run } : { runMain: true },
    prompt: '',
    answers,
    anyPrompt: true,
    reproduce: run !== undefined ? `${run.trimEnd()}   # ${typed}` : `# run the program (python3 <file>.py) and ${typed}`,
  };
}
