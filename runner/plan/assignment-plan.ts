/**
 * What the grading engine needs from each assignment: how a fixture case becomes harness steps or a terminal
 * program, the property tests, the checks by name, and the names a test needs the submission to define. The engine
 * itself (runner/grade/) knows no assignment.
 */
import type { CaseObservation } from '../checks/observation.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { AssignmentId, FixtureCase } from '../fixtures/fixture-types.js';
import type { ProgramResult } from '../pty/run-program.js';
import type { ResolvedTest } from '../spec/spec-types.js';
import { CS111_PLAN } from './cs111-plan.js';
import { CONNIPTION_PLAN } from './conniption-plan.js';
import { CS61A_PLAN } from './cs61a-plan.js';
import { HMC_PLAN } from './hmc-plan.js';
import { MANCHESTER_PLAN } from './manchester-plan.js';
import type { Interaction } from './interaction.js';
import type { PropertyCase } from './property.js';

export interface ProgramPlan {
  /** A call tree in plain JSON for the harness's program mode, or `{run: file}` to run a file as `python file`. */
  readonly call: unknown;
  readonly prompt: string;
  readonly answers: readonly string[];
  readonly reproduce: string;
  /** Answer every input() whatever its prompt says (the harness marks each one); `prompt` is then not used. */
  readonly anyPrompt?: boolean;
  /** Files put in the workspace before the run (null: removed first), so no earlier test's file is read. */
  readonly files?: Readonly<Record<string, string | null>>;
  /** Files read back after the run, for the check (a saved game). */
  readonly collect?: readonly string[];
  /** Conniption's REPL: the moves the grader's stand-in for the AI's search plays, in order. */
  readonly aiMoves?: readonly string[];
}

export interface AssignmentPlan {
  interaction(test: ResolvedTest, testCase: FixtureCase): Interaction;
  property(name: string): readonly PropertyCase[];
  program(testCase: FixtureCase): ProgramPlan;
  check(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict;
  /** The verdict on a terminal program's run, by the spec's check name. */
  checkProgram(check: string, testCase: FixtureCase, result: ProgramResult): CaseVerdict;
  neededNames(test: ResolvedTest): readonly string[];
  /**
   * Checks that judge one rule only (CS61A's abstraction barrier, a board left unchanged, num_moves counted): an
   * exception other than `exception` (none, when absent) is left to the tests of the answer, and the case passes
   * with the note.
   */
  readonly judgesOnly?: (check: string) => { readonly exception?: string; readonly note: string } | undefined;
}

const PLANS: Record<AssignmentId, AssignmentPlan> = { 'cs111-ps9': CS111_PLAN, 'hmc-cs5-hw11': HMC_PLAN, 'cs61a-hw04': CS61A_PLAN, 'manchester-connect4': MANCHESTER_PLAN, conniption: CONNIPTION_PLAN };

export function planFor(assignment: AssignmentId): AssignmentPlan {
  const plan = PLANS[assignment];
  if (!plan) throw new Error(`no grading plan for ${assignment} yet`);
  return plan;
}
