/**
 * The results.json contract of DESIGN.md: these field names are read by other tools and do not change. Reporters
 * read only this shape.
 */
import type { PackInfo } from './pack-types.js';

export type TestStatus = 'pass' | 'fail' | 'error' | 'timeout' | 'skipped';

/**
 * One sentence of a test's message as data: who says it (a rule of docs/strictness.md by its name; `test` for how the
 * test went; `check` for the check's own words; `hint`; `diagnosis`), its message id there, the data its placeholders
 * took, and the text written from them once. A test's `message` is its sentences' texts, in order, one a line: a
 * reporter that wants a part of it (the check's words without the count before them) takes that sentence, never
 * the message apart.
 */
export interface Words {
  readonly by: string;
  readonly id: string;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly text: string;
}

export interface TestResult {
  readonly id: string;
  readonly name: string;
  readonly group: string;
  readonly target: string;
  readonly status: TestStatus;
  readonly score: number;
  readonly maxScore: number;
  /** after-due: hidden until the pack's due date (a test graded after it is visible). */
  readonly visibility: 'visible' | 'hidden' | 'after-due';
  readonly message: string;
  /** Added: the message's sentences as data (ids and data beside the text), in order; absent in older files. */
  readonly said?: readonly Words[];
  readonly expected?: string;
  readonly actual?: string;
  readonly reproduce?: string;
  /** Added: for a test that ran a program, the lines it typed in the session `actual` shows, in order. */
  readonly typed?: readonly string[];
  /** Added: the wall time this test took, and of it the time the student's own code ran (absent in older files). */
  readonly durationMs?: number;
  readonly studentMs?: number;
  /** Added: of studentMs, the time in the document's own examples (cases whose source is the document). */
  readonly documentMs?: number;
  /**
   * Added: the instructor's notes on this failure (notes.yml), Markdown, from a cluster id or the test id. A note
   * reaches the student at once, even on a hidden test, unless its `visibility` is `after-due`: then it is shown with
   * its test, a hidden test's after the due date.
   */
  readonly notes?: readonly { readonly from: string; readonly markdown: string; readonly visibility?: 'after-due' }[];
  /** Added: what a strength test measured (kind `strength`); informational unless the test has points. */
  readonly strength?: AiStrength;
  /** Added: the look-ahead mistake that gives exactly the student's answers on every case run (runner/plan/lookahead-diagnosis.ts). */
  readonly diagnosis?: Diagnosis;
  /** Added: the smallest board found on which the test's first failing generated case still fails the same way (runner/plan/shrink.ts). */
  readonly smallest?: SmallestFailure;
  /** Added: the first failure as facts, which groups the students who made the same mistake (runner/insight/clusters.ts). */
  readonly failure?: FirstFailure;
  /**
   * Added, the student's kit only: a visible test the kit could not play as the grader does, so it is decided after
   * the student submits (status `skipped`, no points here; policies/decided-later.ts). Its message says what the kit saw.
   */
  readonly decidedLater?: true;
}

/** What a test's first failure was, as the run recorded it: never read back out of a message. */
export interface FirstFailure {
  /** The case (or terminal session) it failed first on, when the test has cases. */
  readonly case?: string;
  /**
   * `answer`: a wrong answer or printout; `crash`: an exception; `hang`: it never ended; `limit`: memory or output;
   * `consequence`: it follows from another test's failure (blocked by an import, a target that hung elsewhere, the
   * time budget), whose own failure is the mistake.
   */
  readonly kind: 'answer' | 'crash' | 'hang' | 'limit' | 'consequence';
  /** What it did: the answer it gave, or the exception's type and words (not its place in the student's file). */
  readonly said: string;
  /** Added: the line of the student's file the failure's traceback ends in, where it has one. */
  readonly place?: { readonly file: string; readonly line: number };
}

/** A failing case made smaller: the case it came from, its board, and the answers and Python on the smaller board. */
export interface SmallestFailure {
  /** The failing case it came from. */
  readonly case: string;
  /** The smaller board, and the board of the case it came from, rows top first. */
  readonly board: readonly string[];
  readonly original: readonly string[];
  /** Checkers on the smaller board, and on the board it came from. */
  readonly checkers: number;
  readonly from: number;
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly reproduce: string;
}

/** A named mistake: the variant's id, its sentence, the failing cases it matched, and how many cases it was checked on. */
export interface Diagnosis {
  readonly variant: string;
  readonly sentence: string;
  readonly cases: readonly string[];
  readonly of: number;
}

/**
 * An AI's moves judged by perfect play on the fixture's solver-labelled positions (runner/checks/ai-strength.ts).
 * A position counts as kept when the move chosen keeps the game's value (a win stays a win, a draw a draw), and as
 * best when no move wins sooner or loses later.
 */
export interface AiStrength {
  /** Positions asked, in fixture order; `moves` has one entry for each. */
  readonly positions: number;
  /** Positions where the AI answered with a column that could be played. */
  readonly answered: number;
  readonly kept: number;
  readonly best: number;
  /** The column chosen on each position, or null when none came (a crash, a timeout, a full column, not an int). */
  readonly moves: readonly (number | null)[];
}

/** Added to the contract: who a submission belongs to, when an LMS export says so (Canvas, Gradescope). */
export interface StudentIdentity {
  readonly name: string;
  /** The LMS's own user id (Canvas user id, Gradescope submission's student id). */
  readonly id?: string;
  readonly sisId?: string;
  readonly email?: string;
  readonly late?: boolean;
  /** Added: the student's section, from the course's roster (`--roster`). */
  readonly section?: string;
  /**
   * Added: this identity is a roster's row (`--roster`): its file, and what the submission was known as before it,
   * so another roster is matched from the submission itself, never from an earlier roster's match.
   */
  readonly fromRoster?: { readonly file: string; readonly before?: StudentIdentity };
}

export interface SubmissionResult {
  readonly id: string;
  readonly path: string;
  readonly assignment: string;
  readonly student?: StudentIdentity;
  readonly status: 'graded' | 'error';
  readonly error?: string;
  readonly score: number;
  readonly maxScore: number;
  readonly durationMs: number;
  /**
   * Added: of durationMs, the time the student's own code ran (imports, calls, whole programs): what no grader can
   * save. A slow look-ahead shows here; the rest is the grader's own cost.
   */
  readonly studentMs?: number;
  /**
   * Added: starting Python and importing the student's modules the first time (their own import time included): the
   * least any grader pays for this submission, its share of the class's floor.
   */
  readonly floorMs?: number;
  /** Added: of studentMs, the student's own time in the first imports of their modules. */
  readonly importMs?: number;
  /** Added: a hash of the submission's files, so a later run can tell an edited submission from a changed test. */
  readonly filesHash?: string;
  /**
   * Added: the instructor's adjustments and hand-graded points (`adjustments.csv`): `score` and `maxScore` above stay
   * the automatic ones; every export uses these.
   */
  readonly adjusted?: { readonly score: number; readonly maxScore: number; readonly rows: readonly AdjustmentRow[] };
  /** Added: when it was submitted against its student's deadline, and what the late policy takes (runner/class/deadlines.ts). */
  readonly late?: Lateness;
  /**
   * Added: `--keep-higher`: the score kept from the previous run because its tests gave more; every export uses it.
   * `automatic` is the automatic score kept (this run's adjustments apply on top of it).
   */
  readonly keptHigher?: { readonly score: number; readonly from: string; readonly automatic?: number };
  /**
   * Added: which of the submission's files served each role of the assignment, present when one was found by what
   * it defines rather than by its name (another semester's `ps11pr1.py`, Python saved as `.txt`).
   */
  readonly files?: readonly FileRole[];
  readonly tests: readonly TestResult[];
}

export interface FileRole {
  readonly role: string;
  readonly files: readonly string[];
  readonly foundBy: 'name' | 'definitions';
  /** The names that made them the role's, when found by definitions. */
  readonly defines?: readonly string[];
}

export interface RunResults {
  readonly tool: { readonly name: string; readonly version: string };
  readonly generatedAt: string;
  readonly seed: number;
  /** Added to the contract: what isolation the run had, so a report can say when a layer was missing. */
  readonly sandbox: {
    readonly python: string;
    readonly network: string;
    readonly notes: readonly string[];
    /** Added: what kept student code in its folder: bubblewrap, namespaces only, or nothing (absent in older files). */
    readonly isolation?: string;
    /** Added: the third-party packages the assignment allows, and how the interpreter provides them. */
    readonly packages?: { readonly allowed: readonly string[]; readonly provided: string };
  };
  /** Added to the contract: what was graded and how, for the class summary's settings (absent in older files). */
  readonly settings?: RunSettings;
  /** Added: the course's pack the run was graded with (runner/pack/): its path, the built-in it extends, its hash, its due. */
  readonly pack?: PackInfo & { readonly due?: string };
  readonly submissions: readonly SubmissionResult[];
  /** Added: the students who made the same mistake, the largest group first (runner/insight/clusters.ts). */
  readonly clusters?: readonly FailureCluster[];
  /** Added: pairs of submissions whose code is the same up to names, comments and order (runner/insight/similarity.ts). */
  readonly similarity?: SimilarityResults;
  /** Added: what changed since the run given to `grade compare` or `--previous`. */
  readonly comparison?: RunComparison;
  /**
   * Added: the notes file applied, its ids that matched no failure (an error for a whole class, reported for a shard
   * or `--only`), and those that matched nothing but are kept on purpose (`retired: true`).
   */
  readonly notes?: {
    readonly file: string;
    readonly used: readonly string[];
    readonly unmatched: readonly string[];
    readonly retired?: readonly string[];
    readonly hash?: string;
  };
  /** Added: how the Canvas gradebook was written (its assignment id, its problem columns), so compare and merge write it again alike. */
  readonly gradebook?: { readonly canvasAssignmentId?: string; readonly problems?: { readonly ids: Readonly<Record<string, string>> } };
  /**
   * Added: the course's roster (`--roster`, Canvas's gradebook export) matched to the submissions: the students it
   * has with no submission, the submissions it does not have, and those it could not tell apart.
   */
  readonly roster?: {
    readonly file: string;
    readonly matched: number;
    readonly notInRoster: readonly string[];
    readonly noSubmission: readonly { readonly name: string; readonly id: string }[];
    readonly ambiguous: readonly { readonly submission: string; readonly candidates: readonly string[] }[];
  };
  /** Added: the adjustments file applied, and its rows that could not be (a test the spec no longer has). */
  readonly adjustments?: {
    readonly file: string;
    readonly rows: number;
    /** Added: a hash of the rows, so `grade merge` can tell shards graded with other adjustments. */
    readonly hash?: string;
    /** Hand-graded points added to every maximum (0 when the file enters none). */
    readonly manualPoints: number;
    readonly unapplied: readonly { readonly line: number; readonly student: string; readonly test: string; readonly why: string }[];
    /**
     * Added: the problems graded by hand whose points were entered for some students and not others: those count
     * 0 of them until entered, and are listed rather than left at 0 in silence.
     */
    readonly notEntered?: readonly {
      readonly group: string;
      readonly name: string;
      readonly points: number;
      readonly students: readonly string[];
    }[];
  };
  /** Added: what the class cost and how close it ran to its floor (runner/class/class-cost.ts); absent in older files. */
  readonly cost?: ClassCost;
  /** Added: a `grade mutants` run: how many one-change mutants of a correct solution the tests catch. */
  readonly mutation?: MutationResults;
}

/**
 * What `grade mutants` found (also written alone as mutants.json). A mutant is killed when a test that the unchanged
 * solution passes does not pass on it; equivalent when the assignment's reviewed list says no behaviour the document
 * fixes can tell it from the solution; survived otherwise.
 */
export interface MutationResults {
  /** The correct solution mutated, as given, and its submission id in this run. */
  readonly solution: string;
  readonly solutionId: string;
  readonly seed: number;
  /**
   * Every distinct mutant the solution yields, and how many were graded: fewer under --limit or --function, and none
   * in the functions the document gives.
   */
  readonly generated: number;
  readonly graded: number;
  readonly limit?: number;
  readonly functionFilter?: string;
  readonly killed: number;
  readonly survived: number;
  readonly equivalent: number;
  /** killed / (graded − equivalent), in percent with one decimal: the score. */
  readonly score: number;
  /** killed / graded: the score were the reviewed equivalents counted as survivors. */
  readonly scoreWithEquivalents: number;
  /** Tests the unchanged solution does not pass: they kill nothing, and the report says so. */
  readonly solutionFailures: readonly string[];
  /** Functions the document gives whole (or the grader swaps for its own): their mutants are not graded. */
  readonly given: readonly { readonly function: string; readonly why: string; readonly mutants: number }[];
  /** Files the mutator could not read as Python, with why. */
  readonly skippedFiles: readonly { readonly file: string; readonly reason: string }[];
  /** The reviewed list's entries that a test killed after all (the list is out of date there). */
  readonly staleEquivalents: readonly { readonly id: string; readonly killedBy: string }[];
  readonly groups: readonly MutationGroup[];
  readonly tests: readonly {
    readonly id: string;
    readonly name: string;
    readonly group: string;
    readonly killed: number;
    readonly onlyKilled: number;
  }[];
  readonly functions: readonly {
    readonly file: string;
    readonly function: string;
    readonly mutants: number;
    readonly killed: number;
    readonly survived: number;
    readonly equivalent: number;
  }[];
  readonly mutants: readonly MutantResult[];
}

export interface MutationGroup {
  readonly group: string;
  /** Mutants some test of the group kills, and of them those no other group's test kills. */
  readonly killed: number;
  readonly onlyKilled: number;
  /** killed over the non-equivalent mutants graded, in percent. */
  readonly percent: number;
}

export interface MutantResult {
  /** Stable across runs and unrelated edits: a hash of the file, function, change and its occurrence. */
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly function: string;
  readonly operator: string;
  /** What changed, in words (`` `<` → `<=` ``). */
  readonly change: string;
  /** The lines the change touched, before and after, from `line`. */
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly status: 'killed' | 'survived' | 'equivalent';
  /** The first test, in the spec's order, that the solution passes and the mutant does not. */
  readonly killedBy?: string;
  readonly killingTests: number;
  /** For an equivalent mutant: the reviewed reason. */
  readonly why?: string;
}

/** One row of an adjustments file as applied to a submission. */
/** A submission's timeliness against its student's own deadline, and the penalty the late policy gives it. */
export interface Lateness {
  /** The student's own deadline, ISO. */
  readonly due: string;
  /** When it was submitted, ISO (absent for Canvas's late mark, which carries no time), and where that time came from. */
  readonly submittedAt?: string;
  readonly source: 'gradescope' | 'git commit' | 'git push' | 'canvas';
  /** Seconds after the deadline (0 when on time or within the grace period). */
  readonly lateBySeconds: number;
  /** Started days (or hours) late, of them the late days spent, and the percent taken for the rest. */
  readonly units: number;
  readonly per: 'day' | 'hour';
  readonly lateDaysUsed: number;
  readonly percent: number;
  readonly of: 'max' | 'score';
  /** Why this much, in words for the student and the instructor. */
  readonly reason: string;
  /** The extension's reason, when the student had one. */
  readonly extension?: string;
  /** `--at-deadline`: the commit graded, and how its time is known. */
  readonly commit?: string;
  /** Added: the zone the deadline was given in (`-05:00`), absent for UTC: the pages show times in it. */
  readonly zone?: string;
  /** Added: the late cutoff this submission came after (ISO): it was not graded. */
  readonly cutoff?: string;
}

export interface AdjustmentRow {
  readonly line: number;
  /** A test id, a group id graded by hand, or `total`. */
  readonly test: string;
  /** `late`: the late policy's penalty on the total (not a row of the file; made from the submission's `late`). */
  readonly kind: 'test' | 'manual' | 'total' | 'retired' | 'late';
  readonly op: '+' | '-' | '=';
  readonly amount: number;
  readonly reason: string;
  readonly by?: string;
  /** The points it moved the score by. */
  readonly applied?: number;
  /** Added: why it moved the score less than it asks, or not at all (a test's points, the total's bounds). */
  readonly clamped?: string;
  /** Added: the problem (group name) whose points it moves; absent for the total. */
  readonly group?: string;
}

export interface SimilarityResults {
  /** Pairs are listed from this share of shared fingerprints. */
  readonly threshold: number;
  readonly compared: number;
  readonly pairs: readonly {
    readonly a: string;
    readonly b: string;
    readonly score: number;
    readonly shared: number;
    readonly regions: readonly { readonly a: CodeRegion; readonly b: CodeRegion }[];
  }[];
  /** Said when some pairs could not be compared (shards merged without their submissions). */
  readonly note?: string;
  /**
   * Added: pairs whose AIs made the same unusual choices on a strength test's positions (runner/insight/ai-agreement.ts):
   * `same` of the `of` positions where either chose a move most of the class did not.
   */
  readonly aiPairs?: readonly AiAgreementPair[];
}

export interface AiAgreementPair {
  readonly test: string;
  readonly a: string;
  readonly b: string;
  readonly same: number;
  readonly of: number;
}

export interface CodeRegion {
  readonly file: string;
  readonly from: number;
  readonly to: number;
  readonly code: string;
}

export interface FailureCluster {
  /** Added: stable over reruns of the same class (the test and a hash of the mistake); notes.yml names it. */
  readonly id?: string;
  /** Added: the instructor's note on this mistake (notes.yml), Markdown. */
  readonly note?: string;
  /** Added: the look-ahead mistake every member's test was diagnosed with, when they share one. */
  readonly diagnosis?: { readonly variant: string; readonly sentence: string };
  readonly test: string;
  readonly testName: string;
  readonly status: Exclude<TestStatus, 'pass' | 'skipped'>;
  /** The mistake in the grader's words: the first line of the message, and the case it showed on. */
  readonly summary: string;
  readonly count: number;
  /** The submissions' ids, in the run's order. */
  readonly submissions: readonly string[];
  /** One member's failure as its report shows it. */
  readonly example: { readonly submission: string; readonly message: string; readonly expected?: string; readonly actual?: string };
}

export interface RunSettings {
  readonly assignment: string;
  readonly title: string;
  /** The spec's default limits (per-test overrides aside), by name: callMs, memoryMb, … */
  readonly limits: Readonly<Record<string, number>>;
  /** Points graded by hand on top of the automatic ones. */
  readonly manualPoints: number;
  readonly only?: string;
  /** Added: `grade --strength` ran the 0-point AI strength tests (without it they are reported as not run). */
  readonly strength?: boolean;
  /** Added: `i/n` when this run graded one shard of the submissions (`grade --shard`); `grade merge` removes it. */
  readonly shard?: string;
  /**
   * Added: per test, a hash of its definition in the spec (points, check, limits, …) and one of its fixture cases, so
   * `grade compare` can say why a student's result changed.
   */
  readonly fingerprints?: Readonly<Record<string, TestFingerprint>>;
  /** Added: the problems, in the spec's order, and the points each reserves for grading by hand. */
  readonly groups?: readonly { readonly id: string; readonly name: string; readonly manualPoints?: number }[];
  /**
   * Added: the deadline the run measured lateness by (`--due` as given, the grace, the late policy's and the
   * extensions' files), and a hash of all of it with the files' contents, so `grade merge` can tell shards graded
   * against other deadlines.
   */
  readonly deadline?: {
    readonly due: string;
    readonly graceMs: number;
    readonly policy?: string;
    readonly extensions?: string;
    readonly atDeadline?: boolean;
    readonly hash: string;
  };
}

export interface TestFingerprint {
  readonly definition: string;
  readonly cases: string;
}

/**
 * Added: what changed since a previous run of the same class (`grade compare`, `grade --previous`): every student
 * whose score or test results moved, and why.
 */
export interface RunComparison {
  /** The previous run: its folder as given, and when it was graded. */
  readonly previous: { readonly path: string; readonly generatedAt: string };
  readonly students: readonly StudentChange[];
  /** Submissions in only one of the two runs. */
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Tests in only one of the two runs, and tests whose definition or cases changed. */
  readonly testsAdded: readonly string[];
  readonly testsRemoved: readonly string[];
  readonly testsChanged: readonly { readonly id: string; readonly what: 'spec' | 'fixture' | 'spec and fixture' }[];
  /** `--keep-higher`: how many students keep the previous run's higher score. */
  readonly keptHigher?: number;
  /** Added: the students in one run only, with the score each run's exports show for them (`changes.csv` lists them). */
  readonly addedStudents?: readonly { readonly id: string; readonly name?: string; readonly score: number; readonly exported: number }[];
  readonly removedStudents?: readonly { readonly id: string; readonly name?: string; readonly score: number; readonly exported: number }[];
  /**
   * Added: when either run graded part of the tests (`--only`), its pattern: the two were compared on the tests both
   * ran, each student's scores summed over those tests, and a test one of them did not run is no change.
   */
  readonly only?: string;
}

export interface StudentChange {
  readonly id: string;
  readonly name?: string;
  readonly old: number;
  readonly new: number;
  readonly delta: number;
  readonly passToFail: readonly string[];
  readonly failToPass: readonly string[];
  /** Why, in words: `submission changed`, `spec changed: <test>`, `fixture changed: <test>`, or `unexplained: …`. */
  readonly reasons: readonly string[];
  /**
   * Added: the score every export shows (gradebooks, Gradescope, the pages), before and after, and each of its parts
   * (absent where a run had none: no adjustment, nothing kept, no late penalty).
   */
  readonly exported?: { readonly old: number; readonly new: number; readonly delta: number };
  readonly adjusted?: { readonly old?: number; readonly new?: number };
  readonly kept?: { readonly old?: number; readonly new?: number };
  readonly late?: { readonly old?: number; readonly new?: number };
  /** Added: why the exported score moved beyond the automatic one: adjustment rows, overrides, keep-higher, late policy. */
  readonly exportReasons?: readonly string[];
}

/**
 * What a class run cost, in seconds of its wall time: the floor (starting Python and importing every submission,
 * spread over the jobs), the students' own code in the documents' examples and in everything else, the jobs left with
 * nothing to do while the last submissions finished, and the grader's own time (the rest: processes, the harness's
 * round trips, the checks, the reports). The parts add up to `wallS`.
 */
export interface ClassCost {
  readonly submissions: number;
  readonly jobs: number;
  readonly wallS: number;
  readonly floorS: number;
  readonly examplesS: number;
  readonly restS: number;
  /**
   * Added: the jobs' idle time at the end, spread over the jobs like the other parts: a job that found no submission
   * left waits for the others' last ones (one slow submission near the end of the list makes it long). Absent before.
   */
  readonly tailS?: number;
  readonly graderS: number;
}
