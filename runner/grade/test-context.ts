/**
 * What every test kind is handed while one submission is graded: the options, the assignment, the harness session,
 * the files found, and what earlier tests learnt (targets that hung, programs already on a terminal). Also the one
 * way a test's result is made from a verdict, so every kind reports the same shape.
 */
import type { FixtureCase } from '../fixtures/fixture-types.js';
import type { AnswerRule, DiagnoseLookahead, MistakeFamily, SeenCase } from './lookahead-cases.js';
import type { CaseShrinker, ShrinkBudget } from './shrink.js';
import type { AssignmentPlan } from '../assignments/assignment.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { Interaction, StandIns } from '../plan/interaction.js';
import { reproduceOf } from '../plan/interaction.js';
import type { ProgramResult } from '../pty/run-program.js';
import type { SandboxEnvironment } from '../sandbox/environment.js';
import type { ResolvedSpec, ResolvedTest } from '../spec/spec-types.js';
import type { Located } from './located-files.js';
import type { TestResult, TestStatus } from './results.js';
import type { SubmissionSession } from './submission-session.js';

export interface GradeOptions {
  readonly spec: ResolvedSpec;
  /** How the spec's tests run and are judged: the registry's assignment, or the student's kit's own plan. */
  readonly plan: AssignmentPlan;
  /** The Python files of the assignment's doubles and tools the harness loads (the kit has its tools only). */
  readonly doubles: readonly string[];
  /** A test of one part runs with the document's versions of the others, or (the kit) with the student's own. */
  readonly standIns: StandIns;
  readonly sandbox: SandboxEnvironment;
  readonly seed: number;
  /** Only tests whose id matches run; the others are reported as skipped, naming the pattern. */
  readonly only?: { readonly pattern: string; readonly regex: RegExp };
  readonly visibleOnly?: boolean;
  /** Run the 0-point AI strength tests too (`grade --strength`); without it they are reported as not run. */
  readonly strength?: boolean;
  /** A test begins (its name in the course's names): the check's progress line says what the student waits on. */
  readonly onTestStart?: (test: { readonly id: string; readonly name: string }) => void;
  readonly onTest?: (test: TestResult) => void;
  /**
   * Which program runs use a real pseudo-terminal: the first of each target (the default; the others run forked
   * from a warm interpreter, which is much faster and judged the same), or all of them.
   */
  readonly terminal?: 'first' | 'all';
  /**
   * Start each program target's terminal session as soon as the modules import, beside the function tests (the
   * default): a gain where a core would otherwise idle (grade check, one submission). A class run with a job per core
   * turns it off, so no submission's runs overlap and its students' time adds up within its wall time.
   */
  readonly warmPrograms?: boolean;
  /**
   * Play a driven case's independent parts (a tournament's games), and a heavy test's groups of cases, side by side
   * in a second harness: a gain where a core would otherwise idle (grade check, fewer submissions than cores). The
   * verdicts are the same either way.
   */
  readonly sideBySide?: boolean;
  /** A test stops at its first failing case (`grade mutants`: one is enough to kill a mutant, and hangs cost most). */
  readonly firstFailure?: boolean;
  /** Names a look-ahead mistake from the cases its tests ran: the grader's search (runner/insight/lookahead-diagnosis.ts), or the kit's table of answers (runner/kit/kit-data.ts). */
  readonly diagnose?: DiagnoseLookahead;
  /** Makes a failing generated case smaller with the reference's answers (the grader's only; runner/grade/shrink.ts). */
  readonly shrink?: () => Promise<(test: ResolvedTest) => CaseShrinker | undefined>;
}

export interface TestContext {
  readonly options: GradeOptions;
  readonly assignment: AssignmentPlan;
  /** The sandbox with the assignment's doubles bound in. */
  readonly sandbox: SandboxEnvironment;
  readonly session: SubmissionSession;
  readonly located: readonly Located[];
  /** Submission files left out of the workspace, with why. */
  readonly skipped: ReadonlyMap<string, string>;
  /** Python and text files no role of the spec claims: a misnamed file is usually among them. */
  readonly unclaimed: readonly string[];
  readonly workspaceDir: string;
  readonly deadline: number;
  /** Targets that already hung, with the test that found it: their other tests are not run again. */
  readonly hung: Map<string, string>;
  /** Targets that already had a program run on a real pseudo-terminal. */
  readonly onTerminal: Set<string>;
  /** Terminal sessions started as soon as the modules imported, by test and case id: they run beside the other tests. */
  readonly early: Map<string, Promise<ProgramResult>>;
  readonly warmed: { done: boolean };
  /** Programs already run, by what decides their run (the case, the plan, the limits): two tests that judge the same
   * session differently (a game's result, its transcript) share one run. */
  readonly programs: Map<string, ProgramResult>;
  /** The results of the tests run so far, by id: a whole game's replay asks which parts already failed. */
  readonly results: Map<string, TestResult>;
  /** Per program test, its sessions run and how many ended before their first prompt was answered. */
  readonly sessions: Map<string, { run: number; unstarted: number }>;
  /** Program targets that could not start, with the test that charged it (AssignmentPlan.chargesStartOnce). */
  readonly cannotStart: Map<string, string>;
  /** Mistakes outside what the tests grade, charged once (ChargedElsewhere.once), with the test that charged each. */
  readonly chargedOnce: Map<string, string>;
  /**
   * Program crashes by where they happened (runner/checks/crash-site.ts), with the failed program test that charged
   * each; and, per program test running, the crashes its sessions met, charged if the test fails.
   */
  readonly crashes: Map<string, string>;
  readonly crashesMet: Map<string, Set<string>>;
  /**
   * Per look-ahead target, the cases its tests ran (position, scores, verdict) and the rules the document allows:
   * once every test has run, one mistake is named from all of them (runner/insight/lookahead-diagnosis.ts).
   */
  readonly lookaheadSeen: Map<string, LookaheadPool>;
  /** What making failing cases smaller may still spend in this submission (runner/grade/shrink.ts). */
  readonly shrinkBudget: ShrinkBudget;
}

/** One test kind: runs a test of the spec against the submission and says how it went. */
export type TestKindRunner = (test: ResolvedTest, context: TestContext) => Promise<TestResult>;

export type Finish = (status: TestStatus, verdict: Omit<CaseVerdict, 'status'>, reproduce?: string, hint?: boolean, typed?: readonly string[]) => TestResult;

/**
 * The result of `test` from a verdict: full points on a pass, the hint after the message of a wrong answer or of a
 * crash of the student's code (not after a test that could not run: `hint` false).
 */
export function finisher(test: ResolvedTest): Finish {
  const base = { id: test.id, name: test.name, group: test.group, target: test.target, maxScore: test.points, visibility: test.visibility };
  return (status, verdict, reproduce, hint = true, typed) => ({
    ...base,
    status,
    score: status === 'pass' ? test.points : 0,
    message: (status === 'fail' || status === 'error') && hint ? withHint(verdict.message, test.hint) : verdict.message,
    ...(verdict.expected !== undefined && { expected: verdict.expected }),
    ...(verdict.actual !== undefined && { actual: verdict.actual }),
    ...(reproduce && { reproduce }),
    ...(typed && verdict.actual !== undefined && { typed: [...typed] }),
  });
}

const withHint = (message: string, hint: string | undefined) => (hint ? `${message}\nHint: ${hint}` : message);

/** The ids of the tests that failed (or errored, or hung) so far in this submission. */
export const failedSoFar = (context: TestContext): ReadonlySet<string> => new Set([...context.results.values()].filter((r) => r.status !== 'pass' && r.status !== 'skipped').map((r) => r.id));

/** A per-case seed from the run's seed and the case id, so one case's randomness does not depend on the others. */
export function caseSeed(seed: number, id: string): number {
  let hash = seed >>> 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

/** The observed call as the student would type it, without the `# type: …` comment. */
export const callLine = (interaction: Interaction) =>
  (interaction.steps.filter((s) => s.observe).map((s) => s.python).at(0) ?? reproduceOf(interaction).split('\n').at(-1) ?? '').replace(/\s+#.*$/, '').replace(/^[a-z_]\w* = (?=\w+\()/u, '');

/**
 * A look-ahead function's cases, kept across its tests: how they are read, what each answered, and (for a mistake
 * family asked again, LookaheadCases.followUp) the fixture cases not yet asked and the ids already asked.
 */
export interface LookaheadPool {
  readonly family: MistakeFamily;
  readonly rules: readonly AnswerRule[];
  readonly cases: SeenCase[];
  readonly testCases: Map<string, FixtureCase>;
  readonly asked: Set<string>;
}

/** Parts and groups of cases go side by side only where a core would idle, and each needs a process of its own (fork). */
export const playsSideBySide = (context: TestContext): boolean => context.options.sideBySide === true && !context.sandbox.noFork && !context.options.firstFailure;
