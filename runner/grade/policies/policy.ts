/**
 * A fairness rule of docs/strictness.md, as an ESLint rule is one: a module exporting one `Rule`, its `meta` (name,
 * what it may excuse and the fact it needs, where it acts, its messages by id) and `judge(context)`, listed once in
 * registry.ts in the order the rules act. The charge phase (charge.ts) walks the registry and holds no rule's logic.
 * A rule reads the ledger through its context, asks for another run through `context.runs`, never does I/O itself and
 * never reads a message's text: it answers with message ids and data.
 */
import type { CaseStatus, CaseVerdict } from '../../checks/verdict.js';
import type { FixtureCase } from '../../model/fixture-types.js';
import type { ResolvedSpec, ResolvedTest } from '../../model/spec-types.js';
import type { ClassReplacement } from '../../harness/protocol.js';
import type { AssignmentPlan, OneRule } from '../../plan/assignment.js';
import type { Interaction } from '../../plan/interaction.js';
import type { TestStatus, Words } from '../../model/results.js';
import { fill, sentence } from '../words.js';
import type { Ledger, TestRecord, UnitRecord } from '../ledger.js';
import type { SubmissionFacts } from '../submission-facts.js';

/**
 * Where a rule acts: on each failing unit alone (`unit`), on a test's units together before they are one verdict
 * (`units`), or on the test's verdict (`test`).
 */
export type Scope = 'unit' | 'units' | 'test';

export interface RuleMeta {
  /** kebab-case, as docs/strictness.md and each decision name it. */
  readonly name: string;
  /** One line: what the rule may excuse (or charge), and the fact it needs to: docs/strictness.md's row says it. */
  readonly rule: string;
  readonly scope: Scope;
  readonly messages: Readonly<Record<string, string>>;
}

/** A message of a rule: its id and the data its placeholders (`{name}`) take. */
export interface Said {
  readonly messageId: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** What a rule decides about one unit or one test: its status and why, in the rule's own words. */
export interface Decision extends Said {
  readonly status: CaseStatus | 'skipped';
  /** The failure's own message stays, and the rule's words follow it (a charge that says why it was charged here). */
  readonly after?: boolean;
  /** A pass given to a call that never ended (one-rule tests stop after a few). */
  readonly hung?: true;
  /** Test scope: the test's snippet stays (a stub is shown as the test calls it). */
  readonly keepSnippet?: true;
  /** Test scope: the kit could not play the test as the grader does. */
  readonly decidedLater?: true;
  /** Test scope: the games passed with the student's own players. */
  readonly ownPlayers?: true;
}

/** Words that follow a verdict and change nothing of it (where the kit ran, who played, a shorter wait). */
export interface Notes {
  readonly notes: readonly Said[];
}

/** The check's own verdict on the recorded run, made again knowing a fact the rule found (messages-elsewhere). */
export interface Rejudged {
  readonly verdict: CaseVerdict;
}

/** Decisions on some of a test's units, by unit id (a `units` rule's answer). */
export interface UnitDecisions {
  readonly units: ReadonlyMap<string, Decision>;
}

export type Judgement = Decision | Notes | Rejudged | UnitDecisions;

/** How other tests stand, as facts: their status once charged (undefined when not in the run), their units. */
export type Status = TestStatus | undefined;

/** A unit as charged: its record's place and the verdict the rules gave it. */
export interface ChargedUnit {
  readonly id: string;
  readonly reproduce: string;
  readonly typed?: readonly string[];
  readonly verdict: CaseVerdict;
  /** A pass given to a call that never ended (a one-rule test's). */
  readonly hung?: boolean;
  /** Passed by a rule's excuse (another test charges it, the document is silent), not judged right by the check. */
  readonly excused?: boolean;
}

/** A test's verdict before it is a result: status, its sentences as data, both sides, the snippet of its first failure. */
export interface Composed extends Omit<CaseVerdict, 'status' | 'message' | 'after'> {
  readonly status: TestStatus;
  readonly said: readonly Words[];
  readonly reproduce?: string;
  readonly typed?: readonly string[];
  /** The first failing unit, and how many failed of how many ran: what a later rule's words cite. */
  readonly first?: string;
  readonly failed: number;
  readonly ran: number;
  /** The games passed with the student's own players: the note on the quick ones does not apply. */
  readonly ownPlayers?: true;
  /** The kit could not play it as the grader does: decided after the student submits (policies/decided-later.ts). */
  readonly decidedLater?: true;
}

/** The one door a rule's runs go through: each a record like the run phase's, judged by the named test's check. */
export interface Runs {
  /** A unit's interaction run again (`own`: on the student's own parts), judged by `check`. */
  harness(
    test: ResolvedTest,
    key: string,
    planned: Interaction,
    check: UnitRecord['check'],
    standIns?: 'own',
    callMs?: number,
  ): Promise<UnitRecord>;
  /** A case of `test` (another reading of one, or the case another test charges), judged by `test`'s check. */
  reading(test: ResolvedTest, key: string, testCase: FixtureCase, callMs?: number): Promise<UnitRecord>;
  /**
   * A test's units from the `from`-th on, run as the run phase runs them: the run stopped at a unit (a memory or output
   * limit, the first failure) that a rule has since passed, so the units after it must be judged too.
   */
  rest(record: TestRecord, from: number): Promise<Pick<TestRecord, 'units' | 'stopped'>>;
  /** A test's sessions played again: with the quick players or not, and with the document's versions of some parts. */
  programs(
    test: ResolvedTest,
    options: { readonly replace?: readonly ClassReplacement[]; readonly fast: boolean },
  ): Promise<readonly UnitRecord[]>;
}

/** What every rule may read: the run's facts and the other tests' verdicts, never another rule's state. */
export interface RuleContext {
  readonly spec: ResolvedSpec;
  readonly plan: AssignmentPlan;
  readonly ledger: Ledger;
  readonly facts: SubmissionFacts;
  readonly standIns: 'document' | 'own';
  readonly firstFailure: boolean;
  readonly runs: Runs;
  /** The test at hand and its record. */
  readonly test: ResolvedTest;
  readonly record: TestRecord;
  /** Another test's status as charged (charged first if need be: the order of the tests never matters). */
  status(id: string): Promise<Status>;
  /** Another test's units as the unit rules charged them. */
  units(id: string): Promise<readonly ChargedUnit[]>;
  /** What a test's one rule is, when it judges one rule only (AssignmentPlan.judgesOnly). */
  oneRule(test: ResolvedTest): OneRule | undefined;
  /** Tests in the order they charge a shared mistake (precedence.ts). */
  precedence(tests: readonly ResolvedTest[]): ResolvedTest[];
  /** A test's sessions played again and charged by the unit rules, as one verdict (a replay's). */
  replayed(sessions: readonly UnitRecord[]): Promise<Composed>;
}

export interface UnitContext extends RuleContext {
  readonly unit: UnitRecord;
  /** The unit's verdict so far: its check's, or as an earlier rule judged it again. */
  readonly verdict: CaseVerdict;
}

export interface UnitsContext extends RuleContext {
  readonly charged: readonly ChargedUnit[];
}

export interface TestContext extends RuleContext {
  readonly charged: readonly ChargedUnit[];
  /** The test's verdict so far. */
  readonly composed: Composed;
}

export interface ContextOf {
  unit: UnitContext;
  units: UnitsContext;
  test: TestContext;
}

/** One rule: its meta and its judgement, nothing where it does not apply. */
export interface Rule<S extends Scope = Scope> {
  readonly meta: RuleMeta & { readonly scope: S };
  judge(context: ContextOf[S]): Judgement | undefined | Promise<Judgement | undefined>;
}

/** A rule of any scope, as the registry lists them. */
export type AnyRule = Rule<'unit'> | Rule<'units'> | Rule<'test'>;

/** The text of a rule's message, its placeholders filled from the data; a missing one is our bug, said loudly. */
export const say = (meta: Pick<RuleMeta, 'name' | 'messages'>, said: Said): string =>
  fill(`rule ${meta.name}`, meta.messages, said.messageId, said.data);

/** A rule's message as a sentence of a result: its id and data beside its text. */
export const ruleSays = (meta: Pick<RuleMeta, 'name' | 'messages'>, said: Said): Words =>
  sentence(meta.name, meta.messages, said.messageId, said.data);

/** `n thing` or `n things`. */
export const count = (n: number, thing: string): string => `${n} ${thing}${n === 1 ? '' : 's'}`;

/** Whether a status is a failure (a pass, a skip and no run are not). */
export const failed = (s: Status): boolean => s !== undefined && s !== 'pass' && s !== 'skipped';

/** Whether a test ran units the rules judge: not one that could not run, nor one a kind judges whole (a file, an import). */
export const ranUnits = (record: TestRecord): boolean => !record.notRun && !record.direct && record.test.kind !== 'import';
