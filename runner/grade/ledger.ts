/**
 * The ledger: what grading one submission saw, as facts, before any rule decides what a failure costs. The run
 * phase appends one TestRecord per test (runner/grade/run-test.ts); the charge phase (runner/grade/charge.ts) reads
 * the whole ledger through the named rules of runner/grade/policies/ and never writes into it. Nothing here is a
 * verdict but `raw`: what a check said of one unit, or how its run stopped.
 */
import type { CaseObservation, StepFailure } from '../checks/observation.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { FixtureCase } from '../model/fixture-types.js';
import type { Interaction, LeftOut } from '../plan/interaction.js';
import type { ProgramResult } from '../pty/run-program.js';
import type { ResolvedTest } from '../model/spec-types.js';
import type { AiStrength } from '../model/results.js';

/** One unit of a test (a fixture case, a property case, a terminal session) as it ran. */
export interface UnitRecord {
  readonly id: string;
  readonly reproduce: string;
  /** A program's lines typed by the test, so a report marks exactly those in the transcript. */
  readonly typed?: readonly string[];
  readonly testCase?: FixtureCase;
  /** The check's verdict on what was observed, or what the way the run stopped says (a crash, a hang). */
  readonly raw: CaseVerdict;
  /** How the run stopped, when it did: the student's exception with its frames, a hang, a dead process. */
  readonly failure?: StepFailure;
  readonly observation?: CaseObservation;
  /** A terminal session's result: transcript, how it ended, the answers it took. */
  readonly program?: ProgramResult;
  /** The verdict once the rules that read this unit alone have judged it, and the rule that decided. */
  readonly verdict: CaseVerdict;
  readonly decidedBy?: string;
  /** A harness unit's interaction as planned (before the run's stand-ins) and its check: what a rule runs again. */
  readonly planned?: Interaction;
  readonly check?: (observation: CaseObservation) => CaseVerdict;
  /** What the kit ran on the student's own parts in this unit, where the grader uses the document's. */
  readonly own?: LeftOut;
  /** The student's own time in this unit, and whether it is one of the document's own examples. */
  readonly studentMs: number;
  readonly document?: boolean;
}

/** Why a test ran no unit at all. */
export type NotRun =
  | { readonly kind: 'skipped'; readonly why: 'only' | 'strength' }
  | {
      readonly kind: 'blocked';
      readonly missing: readonly MissingName[];
      readonly blockers: readonly Blocker[];
      readonly startError?: string;
    }
  | { readonly kind: 'budget'; readonly limitMs: number }
  | { readonly kind: 'internal'; readonly detail: string }
  /** The kit only: the test runs on the student's own part whose own test never ended, so it is left to the grader. */
  | { readonly kind: 'own-part-hung'; readonly part: string; readonly test: string };

/** A file of the submission that explains a test blocked: it is not there, or it did not import. */
export interface Blocker {
  readonly file: string;
  readonly why: 'missing' | 'import';
}

/** A name a test needs that no imported module defines, and the file whose source does define it, if one does. */
export interface MissingName {
  readonly name: string;
  /** A module of the submission that defines it but did not import. */
  readonly definedIn?: string;
  /**
   * A file no role took that defines it: the role's file (by its first name) and the name that makes a file that
   * role's when it is not named so (`connect_four` for ps9pr3.py).
   */
  readonly unread?: { readonly file: string; readonly role: string; readonly decidedBy: string };
}

/** How a test's units ran: all of them, or up to the one that stopped it (a hang, a memory or output limit, the budget). */
export interface TestRecord {
  readonly test: ResolvedTest;
  readonly notRun?: NotRun;
  readonly units: readonly UnitRecord[];
  /** How many units the test has; fewer ran when `stopped` says why. */
  readonly of: number;
  readonly stopped?: { readonly at: string; readonly by: 'time' | 'output' | 'memory' | 'budget' | 'hangs' | 'first-failure' };
  /** The target had already hung in another test when this one ran: its calls waited a shorter time. */
  readonly hungBefore?: { readonly test: string; readonly waitMs: number };
  /** A kind's own verdict where it has no units (import, file tests, strength figures). */
  readonly direct?: DirectVerdict;
  /** Who played the games: the quick players (their note), or the student's own where the kit has no others. */
  readonly players?: { readonly quick: string } | { readonly own: string };
  readonly strength?: AiStrength;
  readonly durationMs: number;
  readonly studentMs: number;
  readonly documentMs?: number;
}

/** A verdict a test kind gives whole, with its snippet; `hint: false` where the test's hint does not fit (a missing file). */
export interface DirectVerdict extends CaseVerdict {
  readonly reproduce?: string;
  readonly hint?: false;
}

/** A ledger reading: the record of a test by id, in the spec's tests. */
export type Ledger = ReadonlyMap<string, TestRecord>;

/** A test whose units are whole programs on the terminal: the built-in program tests, and a course's own sessions. */
export const isProgramTest = (test: ResolvedTest): boolean => test.kind === 'program' || test.kind === 'session';
