/**
 * What the grading engine needs from each assignment, in one interface: where its document is, how a fixture case
 * becomes harness steps or a terminal program, the property tests, the checks by name, and the names a test needs
 * the submission to define. The engine itself (runner/grade/) knows no assignment; registry.ts lists the five.
 */
import type { AnswerRule, ChoiceMistake, LookaheadPosition, MistakeAnswers, MistakeFamily } from './lookahead-cases.js';
import type { CaseObservation, StepFailure } from '../checks/observation.js';
import type { ExplainException } from '../checks/outcome.js';
import type { CaseVerdict } from '../checks/verdict.js';
import type { AssignmentContext } from '../fixtures/build-context.js';
import type { FixtureCase, FixtureFile } from '../model/fixture-types.js';
import type { ClassReplacement } from '../harness/protocol.js';
import type { Interaction, StandIns } from '../plan/interaction.js';
import type { Ask, PropertyCase } from '../plan/property.js';
import type { ProgramJudging } from '../checks/programs.js';
import type { ProgramResult } from '../pty/run-program.js';
import type { ResolvedTest } from '../model/spec-types.js';
import type { CaseShrinker } from './shrink.js';
import type { AssignmentId } from '../model/ids.js';
import type { ExampleBuilder } from '../model/example-types.js';

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
  /** Classes played by the document's versions (set by a replay, runner/grade/kinds/program.ts). */
  readonly replace?: readonly ClassReplacement[];
  /**
   * A game whose verdict is its loop (who moves, when it stops, who wins), played with players that cost little:
   * the swap, where it applies (`only: 'document'` needs the grader's doubles), and the sentence the report says.
   */
  readonly fastPlayers?: FastPlayers;
  /**
   * The test that grades what the program's messages say (whose turn, who won): once it has failed, this program's
   * check judges the boards and the dialogue, and a message that says the wrong thing passes with a note naming it.
   */
  readonly messagesGradedBy?: string;
}

/** Why a failure is another test's to charge (AssignmentPlan.excuseFailure): the note, and that test's id. */
export interface Excuse {
  readonly note: string;
  readonly chargedBy: string;
}

/** A failing case's mistake, charged by another test (AssignmentPlan.readingElsewhere). */
export type ChargedElsewhere = ChargedByTest | ChargedOnce;

interface ChargedByTest {
  readonly testCase?: FixtureCase;
  readonly note: string;
  readonly chargedBy: ResolvedTest;
  readonly chargedCase?: FixtureCase;
  /** `chargedCase` is not one of `chargedBy`'s own: the case is excused only once `chargedBy` has failed, too. */
  readonly onceFailed?: boolean;
  /**
   * The other reading puts the document's version of `chargedBy`'s function in the student's place: its passing,
   * once `chargedBy` has failed, shows the mistake is that function's, with no case of `chargedBy` to run
   * (Manchester: a round trip right with the document's saveGame is saveGame's to charge).
   */
  readonly readingIsProof?: boolean;
}

/**
 * A mistake no test of the assignment grades (HMC: the student's own Board, the previous part's), shown by the other
 * reading `testCase` passing: the first test it fails charges it, saying `why`; the cases of later tests it fails
 * pass with the note.
 */
interface ChargedOnce {
  readonly testCase: FixtureCase;
  readonly note: string;
  readonly once: { readonly cause: string; readonly why: string };
}

export interface FastPlayers {
  readonly replace: readonly ClassReplacement[];
  readonly only?: StandIns;
  readonly note: string;
  /** Said with a failure where the swap does not apply (the kit plays the student's own): where a difference comes from. */
  readonly ownNote?: string;
  /** What the kit swaps in its place, answering the same as the student's own but cheaper (a Board that checks each win once). */
  readonly ownReplace?: readonly ClassReplacement[];
}

/**
 * How to replay a whole game without the bugs other tests already charged: the classes to swap for the document's
 * versions, named for the report, and the failed tests that justify each.
 */
export interface GameReplay {
  readonly replace: readonly ClassReplacement[];
  readonly parts: readonly string[];
  readonly because: readonly string[];
}

/** A look-ahead test's cases as positions the mistake variants can score (runner/plan/lookahead-diagnosis.ts). */
export interface LookaheadCases {
  /** A case's board, the player scored for and the look-ahead; undefined for a case the variants do not model. */
  positionOf(testCase: FixtureCase): LookaheadPosition | undefined;
  /** How the document may score a board filled within the look-ahead ('document' where there is one reading). */
  readonly rules: readonly AnswerRule[];
  /** The mistakes read against: look-ahead scores (the default), or an easy AI's choice of column. */
  readonly family?: MistakeFamily;
  /** The student's answer as numbers (default: the list of scores the call returned). */
  answerOf?(observation: CaseObservation, testCase: FixtureCase): number[] | undefined;
  /**
   * Where the mistakes' answers must come from the student's own process (Conniption: searches with a mistake, run on
   * the student's own genChildStates and betterEval): those the case's own run reports (a mistake whose answer follows
   * the order the student's code met things in), and those asked again once a case of the function has failed
   * (`followUp`), so a function that passes pays nothing for them.
   */
  mistakesOf?(observation: CaseObservation, testCase: FixtureCase): MistakeAnswers | undefined;
  readonly followUp?: {
    /** The mistakes it answers; each case is asked for those that still fit the student's moves. */
    readonly mistakes: readonly string[];
    interaction(testCase: FixtureCase, mistakes: readonly string[]): Interaction;
    mistakesOf(observation: CaseObservation, testCase: FixtureCase): MistakeAnswers | undefined;
  };
  /** The expected answer as numbers: the scores, or the columns accepted (default: the case's list of numbers). */
  expectedOf?(testCase: FixtureCase): number[] | undefined;
}

/** What an assignment says a one-rule check judges: the exception that is its own, and why a crash is not. */
export interface OneRule {
  readonly exception?: string;
  readonly note: string;
}

export interface AssignmentPlan {
  interaction(test: ResolvedTest, testCase: FixtureCase): Interaction;
  /** The tests whose failures may be named as a look-ahead mistake, with how to read their cases. */
  readonly lookahead?: (test: ResolvedTest) => LookaheadCases | undefined;
  property(name: string): readonly PropertyCase[];
  program(testCase: FixtureCase): ProgramPlan;
  check(check: string, testCase: FixtureCase, observation: CaseObservation, call: string): CaseVerdict;
  /**
   * The verdict on a terminal program's run, by the spec's check name. `ask` runs harness steps after the run, for a
   * check whose referee is the student's own code (Manchester's computer games in the student's kit).
   */
  checkProgram(
    check: string,
    testCase: FixtureCase,
    result: ProgramResult,
    ask: Ask,
    judged?: ProgramJudging,
  ): CaseVerdict | Promise<CaseVerdict>;
  neededNames(test: ResolvedTest): readonly string[];
  /**
   * Checks that judge one rule only (CS61A's abstraction barrier, a board left unchanged, num_moves counted): an
   * exception other than `exception` (none, when absent) is left to the tests of the answer, and the case passes
   * with the note.
   */
  readonly judgesOnly?: (check: string) => OneRule | undefined;
  /**
   * Whole games (program tests) replayed with the document's version of each part whose own tests failed, given the
   * ids of the tests failed so far and the program test at hand (a part is never swapped in its own test); undefined
   * when no failed test has a part to swap.
   */
  readonly gameReplay?: (failed: ReadonlySet<string>, test: ResolvedTest) => GameReplay | undefined;
  /**
   * Programs the document gives the student whole (CS111's connect_four): when one cannot start (every session of its
   * first program test failed before its first prompt), that test charges it and the target's other program tests
   * pass with a note naming it.
   */
  readonly chargesStartOnce?: readonly string[];
  /** An exception the assignment's doubles raise on purpose, read as a verdict of its own (CS61A's barrier). */
  readonly explainException?: ExplainException;
  /**
   * A failure of a case that this test does not charge because another test does, read from the failure's own facts
   * (CS111: a crash in another direction's helper of is_win_for, named in its frames, or in a label past column 9;
   * CS61A: a write into the board, which the board test charges): the note, and the test said to charge it. The case
   * passes only when that test does not (runner/grade/policies/charged-elsewhere.ts).
   */
  readonly excuseFailure?: (test: ResolvedTest, testCase: FixtureCase, failure: StepFailure) => Excuse | undefined;
  /**
   * The tests that charge a mistake several tests meet, in order, before any other (runner/grade/policies/
   * precedence.ts): the set-up's own test for a crash at the set-up, the test of human games for a game that cannot
   * start. The others are ordered by what they are, never by where they stand in the spec.
   */
  readonly chargesFirst?: readonly string[];
  /**
   * Where a failing case's mistake is charged instead, tried when the case fails. `testCase`, when given, is another
   * reading of the case, judged by this test's check: the answer must be right there (CS61A: the board handed over as
   * columns, which is how inline `board[col][row]` reads see it right; those direct reads are the barrier test's to
   * charge). `chargedBy` is the test that charges the mistake, and `chargedCase` its case to run (the other reading
   * when absent): the case passes with the note only when that case fails there too, so a mistake no test would
   * charge is never let through (CS111: a four the document's board misses, on its direction test's lone four; HMC:
   * a RANDOM tie-break that fails where LEFT fails on the same scores, once the LEFT/RIGHT test has failed). Several
   * are tried in turn. `tests` are the spec's tests.
   */
  readonly readingElsewhere?: (
    test: ResolvedTest,
    testCase: FixtureCase,
    tests: readonly ResolvedTest[],
  ) => ChargedElsewhere | readonly ChargedElsewhere[] | undefined;
}

/**
 * Every name a spec may link to the assignment's code by, in one place: the checks its tests name, the properties,
 * the targets, and the tests its game replays read. A spec (or a pack) naming anything else is refused when it
 * loads, at its line (runner/pack/spec-links.ts), never met mid-run as an internal error.
 */
export interface SpecLinks {
  /** The checks a `cases` test may name (checks.ts). */
  readonly checks: readonly string[];
  /** The checks a `program` test may name. */
  readonly programChecks: readonly string[];
  /** The property tests (properties.ts or plan.ts). */
  readonly properties: readonly string[];
  /** What a test may exercise: the API, `import`, `files`, a text file, a program part. */
  readonly targets: readonly string[];
  /** The ids of the tests the assignment's code names: those a replayed game reads (game-replay.ts parts), those that charge a shared mistake first (chargesFirst), those an excuse names. */
  readonly named: readonly string[];
}

/** An assignment's plan as the student's kit runs it (runner/assignments/<id>/kit.ts): reference-free, no doubles.py. */
export type KitPlan = AssignmentPlan;

/** Builds an assignment's golden fixture files from the reference (what `npm run fixtures` writes). */
export type CaseBuilder = (ctx: AssignmentContext) => FixtureFile[];

export interface Assignment extends AssignmentPlan {
  readonly id: AssignmentId;
  /** The seed document it is graded on, relative to the shared folder (`seeds/000_….txt`). */
  readonly document: string;
  /** The names its spec may link to (links.ts). */
  readonly links: SpecLinks;
  /** The plan the student's kit runs (kit.ts, where its bundle starts), usually the plan's own. */
  readonly kit: KitPlan;
  /** How a course's pack makes a handout example a case, with the reference (examples.ts). */
  readonly examples?: ExampleBuilder;
  /** The mistaken AIs a `choices` look-ahead test's failures may be named as (Manchester's suggestMove1). */
  readonly choiceMistakes?: readonly ChoiceMistake[];
  /**
   * The kit's table of the mistakes' answers on a visible case, made when the kit is built, where they do not follow
   * from the case's position alone (Conniption's search, whose mistakes need its states); undefined for a case the
   * mistakes do not model.
   */
  readonly kitMistakeAnswers?: (testCase: FixtureCase) => MistakeAnswers | undefined;
  /**
   * Whether its generated cases follow a course's board sizes (a pack's `boards`): where the document's API takes a
   * size and its generated cases use the standard board (Board(height, width)); else why not, as lint says it.
   */
  readonly boards: 'follow' | { readonly refused: string };
  /** The samples `npm run samples` grades for a first look: folders of fixtures/submissions/<id>/. */
  readonly showcase: readonly string[];
  /** What tells this assignment's code when its file names cannot (Conniption's files have any names). */
  readonly recognise?: { readonly pattern: RegExp; readonly says: string };
  /** The case builders, loaded only when fixtures are built: they bring the reference and the solver. */
  loadCases(): Promise<CaseBuilder>;
  /**
   * How a test's failing generated cases are made smaller, with the reference's answers (runner/plan/shrink.ts);
   * loaded when a test first fails, as it brings the reference. The grader's only: the kit holds no reference.
   */
  loadShrinker?(): Promise<(test: ResolvedTest) => CaseShrinker | undefined>;
}
